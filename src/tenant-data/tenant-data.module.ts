import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RestAuthGuard } from 'src/rest/rest-auth.guard';
import { TenantDataController } from 'src/tenant-data/tenant-data.controller';
import { TenantDataResolver } from 'src/tenant-data/tenant-data.resolver';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';

/** Export, import and purge of a tenant: REST for one's own tenant, GraphQL deletions; the CLI builds the service itself. */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [TenantDataController],
  providers: [TenantDataService, TenantDataResolver, RestAuthGuard],
  exports: [TenantDataService],
})
export class TenantDataModule {}
