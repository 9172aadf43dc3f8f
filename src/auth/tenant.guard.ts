import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';

import { tenantOf } from 'src/auth/tenant.decorator';

/** Global guard: every GraphQL operation needs a tenant. HTTP routes (health) are public. */
@Injectable()
export class TenantGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType<string>() === 'graphql') {
      tenantOf(context);
    }

    return true;
  }
}
