import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { BadInputError } from 'src/common/errors';
import {
  ApiKeyInfo,
  CreateApiKeyInput,
  IssuedApiKey,
  TenantDeletion,
  TenantInfo,
} from 'src/tenants/tenant-admin.model';
import { TenantAdminService } from 'src/tenants/tenant-admin.service';

export const DELETE_CONFIRMATION = 'delete';

/** The admin API over GraphQL: tenants and runtime API keys, for operator keys only (ENGRAM_OPERATOR_TENANTS). */
@Resolver()
export class TenantAdminResolver {
  constructor(private readonly admin: TenantAdminService) {}

  @Query(() => [TenantInfo], {
    description: 'admin (operator keys): every tenant, runtime (STORE) and ENGRAM_API_KEYS (ENV)',
  })
  tenants(@Tenant() caller: string): Promise<TenantInfo[]> {
    this.admin.assertOperator(caller);

    return this.admin.listTenants();
  }

  @Query(() => [ApiKeyInfo], {
    description: 'admin (operator keys): runtime keys, of one tenant or of all; newest first',
  })
  apiKeys(
    @Tenant() caller: string,
    @Args('tenantId', { type: () => String, nullable: true }) tenantId: string | null,
  ): Promise<ApiKeyInfo[]> {
    this.admin.assertOperator(caller);

    return this.admin.listKeys(tenantId ?? null);
  }

  @Mutation(() => TenantInfo, { description: 'admin (operator keys): a new, empty tenant' })
  createTenant(@Tenant() caller: string, @Args('id', { type: () => String }) id: string): Promise<TenantInfo> {
    this.admin.assertOperator(caller);

    return this.admin.createTenant(id);
  }

  @Mutation(() => TenantDeletion, {
    description: 'admin (operator keys): purges everything of the tenant for good and removes its runtime keys',
  })
  deleteTenant(
    @Tenant() caller: string,
    @Args('id', { type: () => String }) id: string,
    @Args('confirm', { type: () => String, description: `must be "${DELETE_CONFIRMATION}"` }) confirm: string,
  ): Promise<TenantDeletion> {
    this.admin.assertOperator(caller);
    if (confirm !== DELETE_CONFIRMATION) {
      throw new BadInputError(`deleting a tenant needs confirm: "${DELETE_CONFIRMATION}"`);
    }

    return this.admin.deleteTenant(id);
  }

  @Mutation(() => IssuedApiKey, { description: 'admin (operator keys): a new key for a tenant, shown this once' })
  createApiKey(@Tenant() caller: string, @Args('input') input: CreateApiKeyInput): Promise<IssuedApiKey> {
    this.admin.assertOperator(caller);

    return this.admin.createKey(input);
  }

  @Mutation(() => ApiKeyInfo, { description: 'admin (operator keys): refuses the key from now on, on every process' })
  revokeApiKey(@Tenant() caller: string, @Args('id', { type: () => ID }) id: string): Promise<ApiKeyInfo> {
    this.admin.assertOperator(caller);

    return this.admin.revokeKey(id);
  }

  @Mutation(() => IssuedApiKey, {
    description: 'admin (operator keys): a new key like this one (tenant, name, scope, expiry); this one is revoked',
  })
  rotateApiKey(@Tenant() caller: string, @Args('id', { type: () => ID }) id: string): Promise<IssuedApiKey> {
    this.admin.assertOperator(caller);

    return this.admin.rotateKey(id);
  }
}
