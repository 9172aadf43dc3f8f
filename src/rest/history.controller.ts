import { Controller, Get, Param, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';

import { MemoryService } from 'src/memory/memory.service';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { MemoryDto } from 'src/rest/dto/memory.dto';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { historyQuery, parseQuery } from 'src/rest/rest-query';
import { toMemoryDto } from 'src/rest/rest.mapper';

/** A slot's values over time (validity in time); the service the GraphQL resolver calls. */
@ApiTags('memories')
@Controller('api/slots')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class HistoryController {
  constructor(private readonly memories: MemoryService) {}

  @Get(':slot/history')
  @ApiOperation({
    summary: "A slot's values over time, oldest first, each with validFrom and validUntil (GraphQL `history`)",
  })
  @ApiParam({ name: 'slot', description: 'a slot name such as "location" or "employer"' })
  @ApiQueryParam('limit', '1-500, default 100', { type: 'integer' })
  @ApiOkResponse({ type: MemoryDto, isArray: true })
  @ApiStandardErrors()
  async history(
    @RestTenant() tenantId: string,
    @Param('slot') slot: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MemoryDto[]> {
    const { limit } = parseQuery(historyQuery, query);

    return (await this.memories.history(tenantId, slot, limit ?? 100)).map(toMemoryDto);
  }
}
