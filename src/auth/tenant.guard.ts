import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';

import { assertMayRun, tenantOf } from 'src/auth/tenant.decorator';

/** Global guard: every GraphQL operation needs a tenant, and a mutation a key that may write. HTTP routes (health) are public. */
@Injectable()
export class TenantGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType<string>() === 'graphql') {
      tenantOf(context);
      assertMayRun(context);
    }

    return true;
  }
}
