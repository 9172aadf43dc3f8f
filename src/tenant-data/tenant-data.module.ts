import { Module } from '@nestjs/common';

import { ApiKeyService } from 'src/auth/api-key.service';
import { RestAuthGuard } from 'src/rest/rest-auth.guard';
import { TenantDataController } from 'src/tenant-data/tenant-data.controller';
import { TenantDataResolver } from 'src/tenant-data/tenant-data.resolver';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';

/** Export, import and purge of a tenant: REST for one's own tenant, GraphQL deletions; the CLI builds the service itself. */
@Module({
  controllers: [TenantDataController],
  providers: [TenantDataService, TenantDataResolver, ApiKeyService, RestAuthGuard],
  exports: [TenantDataService],
})
export class TenantDataModule {}
