import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { TenantDataModule } from 'src/tenant-data/tenant-data.module';
import { TenantAdminResolver } from 'src/tenants/tenant-admin.resolver';
import { TenantAdminService } from 'src/tenants/tenant-admin.service';

/** Tenants and runtime API keys: the service and its GraphQL resolver (REST: rest/admin.controller.ts). */
@Module({
  imports: [AuthModule, TenantDataModule],
  providers: [TenantAdminService, TenantAdminResolver],
  exports: [TenantAdminService],
})
export class TenantAdminModule {}
