import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { EntitiesModule } from 'src/entities/entities.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { TenantDataResolver } from 'src/tenant-data/tenant-data.resolver';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';

/**
 * Export, import and purge of a tenant: the service and the GraphQL deletions; the REST endpoints are
 * `rest/tenant-data.controller.ts`, and the CLI builds the service itself.
 */
@Module({
  imports: [AuthModule, EntitiesModule, RateLimitModule],
  providers: [TenantDataService, TenantDataResolver],
  exports: [TenantDataService],
})
export class TenantDataModule {}
