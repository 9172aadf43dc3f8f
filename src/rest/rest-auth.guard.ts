import { createParamDecorator, Inject, Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

import { ApiKeyService } from 'src/auth/api-key.service';
import { API_KEY_REQUIRED, authenticateHttp } from 'src/auth/http-auth';
import type { HttpAuthDependencies } from 'src/auth/http-auth';
import { UnauthenticatedError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { MetricsService } from 'src/metrics/metrics.service';
import { clientAddressResolver } from 'src/rate-limit/client-address';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** The tenant the guard found, kept on the request for @RestTenant(). */
const tenants = new WeakMap<Request, string>();

/** REST: the same per-address limit, API key and per-tenant limit as GraphQL over HTTP, before the controller runs. */
@Injectable()
export class RestAuthGuard implements CanActivate {
  private readonly deps: HttpAuthDependencies;

  constructor(
    keys: ApiKeyService,
    limits: RateLimitService,
    metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.deps = { keys, limits, metrics, addressOf: clientAddressResolver(config.trustProxy) };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    tenants.set(req, await authenticateHttp(this.deps, req, 'rest'));

    return true;
  }
}

/** The caller's tenant in a REST controller behind RestAuthGuard. */
export const RestTenant = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const tenantId = tenants.get(context.switchToHttp().getRequest<Request>());
  if (!tenantId) {
    throw new UnauthenticatedError(API_KEY_REQUIRED);
  }

  return tenantId;
});
