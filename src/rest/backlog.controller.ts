import { Controller, Get, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

import { BACKLOG_KINDS, BACKLOG_MEANING, oldestAgeSeconds } from 'src/observability/backlog';
import { BacklogService } from 'src/observability/backlog.service';
import { ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, parseQuery } from 'src/rest/rest-query';

export class BacklogItemDto {
  @ApiProperty({ enum: BACKLOG_KINDS }) kind!: string;
  @ApiProperty({ description: 'what it counts' }) meaning!: string;
  @ApiProperty() items!: number;
  @ApiProperty({ nullable: true, type: String, description: 'the oldest owed item, ISO time' }) oldest!: string | null;
  @ApiProperty({ description: 'seconds since the oldest owed item (0 when none)' }) oldestAgeSeconds!: number;
  @ApiProperty({ description: "true: the whole store's (an embedding-model migration), not only this tenant's" })
  storeWide!: boolean;
}

export class BacklogDto {
  @ApiProperty() tenantId!: string;
  @ApiProperty({ type: [BacklogItemDto] }) backlog!: BacklogItemDto[];
}

const STORE_WIDE = new Set(['memory_vectors', 'reembed']);

/** The tenant's owed work (the viewer shows it): vectors, extractions and compactions still to come. */
@ApiTags('tenant')
@Controller('api/backlog')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class BacklogController {
  constructor(private readonly backlog: BacklogService) {}

  @Get()
  @ApiOperation({ summary: "The tenant's owed work and the age of its oldest item" })
  @ApiOkResponse({ type: BacklogDto })
  @ApiStandardErrors()
  async get(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<BacklogDto> {
    parseQuery(noQuery, query);
    const backlog = await this.backlog.forTenant(tenantId);
    const now = new Date();

    return {
      tenantId,
      backlog: BACKLOG_KINDS.map((kind) => ({
        kind,
        meaning: BACKLOG_MEANING[kind],
        items: backlog[kind].items,
        oldest: backlog[kind].oldest?.toISOString() ?? null,
        oldestAgeSeconds: Math.round(oldestAgeSeconds(backlog[kind], now)),
        storeWide: STORE_WIDE.has(kind),
      })),
    };
  }
}
