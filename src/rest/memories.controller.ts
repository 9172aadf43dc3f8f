import { Controller, Delete, Get, HttpCode, Param, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';

import { BadInputError } from 'src/common/errors';
import { MemoryScope, MemoryStatus, MemoryType } from 'src/domain/memory.enums';
import { MemoryInspectionService } from 'src/memory/memory-inspection.service';
import { MemoryService } from 'src/memory/memory.service';
import { RecallService, RecallSort, SearchMode } from 'src/recall/recall.service';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import {
  DeletedDto,
  MemoryDetailsDto,
  MemoryDto,
  MemoryPageDto,
  NeighbourhoodDto,
  SearchResultDto,
} from 'src/rest/dto/memory.dto';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import {
  memoryDetailsQuery,
  memoryListQuery,
  memorySearchQuery,
  neighbourhoodQuery,
  noQuery,
  parseQuery,
} from 'src/rest/rest-query';
import { toMemoryDetailsDto, toMemoryDto, toNeighbourhoodDto, toSearchResultDto } from 'src/rest/rest.mapper';

const ID = ApiParam({ name: 'id', description: 'memory id (UUID)', format: 'uuid' });

/** The memory endpoints a viewer needs; each one calls the service the GraphQL resolver calls. */
@ApiTags('memories')
@Controller('api/memories')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class MemoriesController {
  constructor(
    private readonly memories: MemoryService,
    private readonly inspection: MemoryInspectionService,
    private readonly recall: RecallService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of memories, newest first (GraphQL `memories`)' })
  @ApiQueryParam('types', 'memory types', { type: 'string', enum: MemoryType, list: true })
  @ApiQueryParam('statuses', 'statuses; omitted: ACTIVE only', { type: 'string', enum: MemoryStatus, list: true })
  @ApiQueryParam('scope', 'scope', { type: 'string', enum: MemoryScope })
  @ApiQueryParam('channelId', 'memories of this channel', { type: 'string' })
  @ApiQueryParam('projectId', 'memories of this project', { type: 'string' })
  @ApiQueryParam('tags', 'memories carrying every one of these tags', { type: 'string', list: true })
  @ApiQueryParam('limit', '1-500, default 50', { type: 'integer' })
  @ApiQueryParam('cursor', 'nextCursor of the previous page', { type: 'string' })
  @ApiQueryParam('asOf', 'ISO-8601: only what was believed true then; statuses then default to ACTIVE and SUPERSEDED', {
    type: 'string',
  })
  @ApiOkResponse({ type: MemoryPageDto })
  @ApiStandardErrors()
  async list(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<MemoryPageDto> {
    const { limit, cursor, ...filter } = parseQuery(memoryListQuery, query);
    const page = await this.memories.list(tenantId, filter, limit ?? 50, cursor ?? null);

    return { items: page.items.map(toMemoryDto), nextCursor: page.nextCursor, total: page.total };
  }

  @Get('search')
  @ApiOperation({ summary: 'Recall: the hybrid pipeline with each hit’s score breakdown (GraphQL `recall`)' })
  @ApiQueryParam('q', 'what to look for (required for HYBRID)', { type: 'string' })
  @ApiQueryParam('mode', 'default HYBRID', { type: 'string', enum: SearchMode })
  @ApiQueryParam('types', 'memory types (required for TYPED)', { type: 'string', enum: MemoryType, list: true })
  @ApiQueryParam('limit', '1-100, default 10', { type: 'integer' })
  @ApiQueryParam('channelId', 'the asking conversation: its THREAD memories become visible', { type: 'string' })
  @ApiQueryParam('projectId', 'its PROJECT memories become visible', { type: 'string' })
  @ApiQueryParam('includeSuperseded', 'default false', { type: 'boolean' })
  @ApiQueryParam('sort', 'TYPED mode: RECENT (default), IMPORTANCE or MOST_ACCESSED', {
    type: 'string',
    enum: RecallSort,
  })
  @ApiQueryParam('sourceTaskId', 'a scheduled task asking: its own TASK memories become visible', { type: 'string' })
  @ApiQueryParam('excludeTaskMemories', 'default true: memories written by tasks stay out', { type: 'boolean' })
  @ApiQueryParam('referenceTime', 'ISO-8601: what "last week" in the query counts from; default now', {
    type: 'string',
  })
  @ApiQueryParam('asOf', 'ISO-8601: answer with what was believed true at that moment', { type: 'string' })
  @ApiOkResponse({ type: SearchResultDto })
  @ApiStandardErrors()
  async search(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<SearchResultDto> {
    const { q, ...request } = parseQuery(memorySearchQuery, query);
    if (q === undefined && (request.mode ?? SearchMode.HYBRID) === SearchMode.HYBRID) {
      // the service's message names its own field (query); here the parameter is q
      throw new BadInputError('q is required (what to look for) unless mode is RECENT, IMPORTANT or TYPED');
    }

    return toSearchResultDto(await this.recall.recall(tenantId, { query: q, ...request }));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One memory with its associations, provenance and supersession' })
  @ID
  @ApiQueryParam('associations', 'how many associations, 1-200, default 20', { type: 'integer' })
  @ApiOkResponse({ type: MemoryDetailsDto })
  @ApiStandardErrors(404)
  async get(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MemoryDetailsDto> {
    const { associations } = parseQuery(memoryDetailsQuery, query);

    return toMemoryDetailsDto(await this.inspection.inspect(tenantId, id, associations ?? 20));
  }

  @Get(':id/graph')
  @ApiOperation({ summary: 'The memory’s neighbourhood: memories within `hops` edges, at most `maxNodes`' })
  @ID
  @ApiQueryParam('hops', '1-2, default 2', { type: 'integer' })
  @ApiQueryParam('maxNodes', '1-150, default 60', { type: 'integer' })
  @ApiOkResponse({ type: NeighbourhoodDto })
  @ApiStandardErrors(404)
  async graph(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<NeighbourhoodDto> {
    const { hops, maxNodes } = parseQuery(neighbourhoodQuery, query);

    return toNeighbourhoodDto(await this.inspection.neighbourhood(tenantId, id, hops ?? 2, maxNodes ?? 60));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete the memory and its edges for good (GraphQL `deleteMemory`)' })
  @ID
  @ApiOkResponse({ type: DeletedDto })
  @ApiStandardErrors(404)
  async delete(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<DeletedDto> {
    parseQuery(noQuery, query);

    return { deleted: await this.memories.delete(tenantId, id) };
  }

  @Post(':id/forget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Status FORGOTTEN: kept for audit, never recalled (GraphQL `forget`)' })
  @ID
  @ApiOkResponse({ type: MemoryDto })
  @ApiStandardErrors(404)
  async forget(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MemoryDto> {
    parseQuery(noQuery, query);

    return toMemoryDto(await this.memories.forget(tenantId, id));
  }
}
