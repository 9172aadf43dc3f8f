import { Controller, Get, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

import { ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, parseQuery } from 'src/rest/rest-query';

export class TenantDto {
  @ApiProperty({ description: 'the tenant of the API key' })
  tenantId!: string;
}

/** Which tenant the key opens: the viewer shows it once connected, and it is a cheap way to check a key. */
@ApiTags('tenant')
@Controller('api/tenant')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class TenantController {
  @Get()
  @ApiOperation({ summary: 'The tenant of the API key' })
  @ApiOkResponse({ type: TenantDto })
  @ApiStandardErrors()
  tenant(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): TenantDto {
    parseQuery(noQuery, query);

    return { tenantId };
  }
}
