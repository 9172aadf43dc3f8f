import { Body, Controller, Delete, Get, Param, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BadInputError } from 'src/common/errors';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, parseQuery } from 'src/rest/rest-query';
import {
  ApiKeyInfo,
  CreateApiKeyInput,
  IssuedApiKey,
  TenantDeletion,
  TenantInfo,
} from 'src/tenants/tenant-admin.model';
import { DELETE_CONFIRMATION } from 'src/tenants/tenant-admin.resolver';
import { TenantAdminService } from 'src/tenants/tenant-admin.service';

const tenantBody = z.strictObject({ id: z.string() });
const keyBody = z.strictObject({
  name: z.string().nullish(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .nullish(),
  readOnly: z.boolean().nullish(),
});
const keysQuery = z.strictObject({ tenantId: z.string().optional() });
const deleteQuery = z.strictObject({ confirm: z.literal(DELETE_CONFIRMATION) });

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new BadInputError(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }

  return parsed.data;
}

/** The admin API over REST (operator keys only): the same service as GraphQL's and `node dist/main.js tenants|keys`. */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class AdminController {
  constructor(private readonly admin: TenantAdminService) {}

  @Get('tenants')
  @ApiOperation({ summary: 'Every tenant: runtime (STORE) and those ENGRAM_API_KEYS names (ENV)' })
  @ApiOkResponse({ type: [TenantInfo] })
  @ApiStandardErrors()
  tenants(@RestTenant() caller: string, @Query() query: Record<string, unknown>): Promise<TenantInfo[]> {
    this.admin.assertOperator(caller);
    parseQuery(noQuery, query);

    return this.admin.listTenants();
  }

  @Post('tenants')
  @ApiOperation({ summary: 'Create an empty tenant' })
  @ApiBody({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } })
  @ApiOkResponse({ type: TenantInfo })
  @ApiStandardErrors()
  createTenant(@RestTenant() caller: string, @Body() body: unknown): Promise<TenantInfo> {
    this.admin.assertOperator(caller);

    return this.admin.createTenant(parseBody(tenantBody, body).id);
  }

  @Delete('tenants/:id')
  @ApiOperation({ summary: 'Purge everything of a tenant for good and remove its runtime keys (?confirm=delete)' })
  @ApiParam({ name: 'id' })
  @ApiQueryParam('confirm', `must be "${DELETE_CONFIRMATION}"`, { type: 'string' })
  @ApiOkResponse({ type: TenantDeletion })
  @ApiStandardErrors(404)
  deleteTenant(
    @RestTenant() caller: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TenantDeletion> {
    this.admin.assertOperator(caller);
    if (!deleteQuery.safeParse(query).success) {
      throw new BadInputError(`deleting a tenant needs ?confirm=${DELETE_CONFIRMATION}`);
    }

    return this.admin.deleteTenant(id);
  }

  @Get('keys')
  @ApiOperation({ summary: 'Runtime API keys, of one tenant or of all; newest first (never the keys themselves)' })
  @ApiQueryParam('tenantId', 'only this tenant’s keys', { type: 'string' })
  @ApiOkResponse({ type: [ApiKeyInfo] })
  @ApiStandardErrors()
  keys(@RestTenant() caller: string, @Query() query: Record<string, unknown>): Promise<ApiKeyInfo[]> {
    this.admin.assertOperator(caller);

    return this.admin.listKeys(parseQuery(keysQuery, query).tenantId ?? null);
  }

  @Post('tenants/:id/keys')
  @ApiOperation({ summary: 'A new API key for the tenant: the key is in the answer, this once' })
  @ApiParam({ name: 'id', description: 'tenant id' })
  @ApiBody({ type: CreateApiKeyInput, description: 'tenantId comes from the path' })
  @ApiOkResponse({ type: IssuedApiKey })
  @ApiStandardErrors(404)
  createKey(@RestTenant() caller: string, @Param('id') tenantId: string, @Body() body: unknown): Promise<IssuedApiKey> {
    this.admin.assertOperator(caller);

    return this.admin.createKey({ tenantId, ...parseBody(keyBody, body) });
  }

  @Delete('keys/:id')
  @ApiOperation({ summary: 'Revoke a key: refused from now on, on every process' })
  @ApiParam({ name: 'id', description: 'key id' })
  @ApiOkResponse({ type: ApiKeyInfo })
  @ApiStandardErrors(404)
  revokeKey(@RestTenant() caller: string, @Param('id') id: string): Promise<ApiKeyInfo> {
    this.admin.assertOperator(caller);

    return this.admin.revokeKey(id);
  }

  @Post('keys/:id/rotate')
  @ApiOperation({ summary: 'A new key like this one (tenant, name, scope, expiry); this one is revoked at once' })
  @ApiParam({ name: 'id', description: 'key id' })
  @ApiOkResponse({ type: IssuedApiKey })
  @ApiStandardErrors(404)
  rotateKey(@RestTenant() caller: string, @Param('id') id: string): Promise<IssuedApiKey> {
    this.admin.assertOperator(caller);

    return this.admin.rotateKey(id);
  }
}
