import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { EntityKind } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';
import { EntityService } from 'src/entities/entity.service';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { EntityDto, RelatedEntityDto } from 'src/rest/dto/entity.dto';
import { MemoryDto } from 'src/rest/dto/memory.dto';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { bodySchema, parseBody } from 'src/rest/rest-bodies';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, pageQuery, parseQuery } from 'src/rest/rest-query';
import { toMemoryDto } from 'src/rest/rest.mapper';

const ID = ApiParam({ name: 'id', description: 'entity id (UUID)', format: 'uuid' });
const entitiesQuery = z.strictObject({
  query: z.string().optional(),
  kind: z.enum(EntityKind).optional(),
  limit: pageQuery.shape.limit,
});
const limitQuery = z.strictObject({ limit: pageQuery.shape.limit });
const mergeBody = z.strictObject({ keepId: z.string(), otherId: z.string() });

function toEntityDto(record: EntityRecord, memoryCount: number): EntityDto {
  return {
    id: record.id,
    kind: record.kind,
    name: record.name,
    aliases: record.aliases,
    mergedIds: record.mergedIds,
    memoryCount,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Entities: the people, places and things memories mention (GraphQL `entities`, `entity`, merges). */
@ApiTags('entities')
@Controller('api/entities')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class EntitiesController {
  constructor(private readonly entities: EntityService) {}

  @Get()
  @ApiOperation({ summary: 'Entities whose names contain the query, the most mentioned first (GraphQL `entities`)' })
  @ApiQueryParam('query', 'part of a name (case and accents folded)', { type: 'string' })
  @ApiQueryParam('kind', 'one kind', { type: 'string', enum: EntityKind })
  @ApiQueryParam('limit', '1-200, default 20', { type: 'integer' })
  @ApiOkResponse({ type: [EntityDto] })
  @ApiStandardErrors()
  async list(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<EntityDto[]> {
    const { query: text, kind, limit } = parseQuery(entitiesQuery, query);

    return this.dtos(tenantId, await this.entities.search(tenantId, text ?? null, kind ?? null, limit));
  }

  @Post('merge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join otherId into keepId, one kind only; split undoes it (GraphQL `mergeEntities`)' })
  @ApiBody({ schema: bodySchema(mergeBody) })
  @ApiOkResponse({ type: EntityDto })
  @ApiStandardErrors(404)
  async merge(@RestTenant() tenantId: string, @Body() body: unknown): Promise<EntityDto> {
    const { keepId, otherId } = parseBody(mergeBody, body);

    return this.dto(tenantId, await this.entities.merge(tenantId, keepId, otherId));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One entity; a merged id answers the group it joined (GraphQL `entity`)' })
  @ID
  @ApiOkResponse({ type: EntityDto })
  @ApiStandardErrors(404)
  async get(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EntityDto> {
    parseQuery(noQuery, query);

    return this.dto(tenantId, await this.entities.get(tenantId, id));
  }

  @Get(':id/memories')
  @ApiOperation({ summary: 'Memories mentioning the entity, newest first (GraphQL `Entity.memories`)' })
  @ID
  @ApiQueryParam('limit', '1-200, default 50', { type: 'integer' })
  @ApiOkResponse({ type: [MemoryDto] })
  @ApiStandardErrors(404)
  async memories(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MemoryDto[]> {
    const { limit } = parseQuery(limitQuery, query);
    await this.entities.get(tenantId, id);

    return (await this.entities.memoriesOf(tenantId, id, limit)).map(toMemoryDto);
  }

  @Get(':id/related')
  @ApiOperation({ summary: 'Entities mentioned together with it, the most shared first (GraphQL `Entity.related`)' })
  @ID
  @ApiQueryParam('limit', '1-200, default 20', { type: 'integer' })
  @ApiOkResponse({ type: [RelatedEntityDto] })
  @ApiStandardErrors(404)
  async related(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<RelatedEntityDto[]> {
    const { limit } = parseQuery(limitQuery, query);
    await this.entities.get(tenantId, id);

    const related = await this.entities.related(tenantId, id, limit);
    const entities = await this.dtos(
      tenantId,
      related.map((r) => r.entity),
    );

    return related.flatMap((r, i) => {
      const entity = entities[i];

      return entity ? [{ entity, shared: r.shared }] : [];
    });
  }

  /** The entities with their memory counts, one count read for all. */
  private async dtos(tenantId: string, records: EntityRecord[]): Promise<EntityDto[]> {
    const counts = await this.entities.memoryCounts(
      tenantId,
      records.map((r) => r.id),
    );

    return records.map((r) => toEntityDto(r, counts.get(r.id) ?? 0));
  }

  private async dto(tenantId: string, record: EntityRecord): Promise<EntityDto> {
    const counts = await this.entities.memoryCounts(tenantId, [record.id]);

    return toEntityDto(record, counts.get(record.id) ?? 0);
  }

  @Post(':id/split')
  @HttpCode(200)
  @ApiOperation({ summary: 'Undo the merge of this entity (GraphQL `splitEntity`)' })
  @ID
  @ApiOkResponse({ type: EntityDto })
  @ApiStandardErrors(404)
  async split(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EntityDto> {
    parseQuery(noQuery, query);

    return this.dto(tenantId, await this.entities.split(tenantId, id));
  }
}
