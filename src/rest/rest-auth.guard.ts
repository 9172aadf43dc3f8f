import { createParamDecorator, Inject, Injectable, SetMetadata } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

import { ApiKeyService } from 'src/auth/api-key.service';
import type { Caller } from 'src/auth/api-key.service';
import { API_KEY_REQUIRED, authenticateHttp } from 'src/auth/http-auth';
import type { HttpAuthDependencies } from 'src/auth/http-auth';
import { READ_ONLY_KEY } from 'src/auth/tenant.decorator';
import { ForbiddenError, UnauthenticatedError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { MetricsService } from 'src/metrics/metrics.service';
import { clientAddressResolver } from 'src/rate-limit/client-address';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** The caller the guard found, kept on the request for @RestTenant() and @RestCaller(). */
const callers = new WeakMap<Request, Caller>();

const READS = 'engram:rest-reads';
/** A POST that only reads (recall, context, search): a read-only key may call it. */
export const Reads = (): MethodDecorator => SetMetadata(READS, true);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** REST: the same per-address limit, API key and per-tenant limit as GraphQL over HTTP, before the controller runs. */
@Injectable()
export class RestAuthGuard implements CanActivate {
  private readonly deps: HttpAuthDependencies;

  constructor(
    keys: ApiKeyService,
    limits: RateLimitService,
    metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly reflector: Reflector,
  ) {
    this.deps = { keys, limits, metrics, addressOf: clientAddressResolver(config.trustProxy) };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const caller = await authenticateHttp(this.deps, req, 'rest');
    if (caller.readOnly && !SAFE_METHODS.has(req.method) && !this.reflector.get<boolean>(READS, context.getHandler())) {
      throw new ForbiddenError(READ_ONLY_KEY);
    }
    callers.set(req, caller);

    return true;
  }
}

function callerOf(context: ExecutionContext): Caller {
  const caller = callers.get(context.switchToHttp().getRequest<Request>());
  if (!caller) {
    throw new UnauthenticatedError(API_KEY_REQUIRED);
  }

  return caller;
}

/** The caller's tenant in a REST controller behind RestAuthGuard. */
export const RestTenant = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => callerOf(context).tenantId,
);
