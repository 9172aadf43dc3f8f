import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';

import { UnauthenticatedError } from 'src/common/errors';

/** What every GraphQL resolver sees of the caller. */
export interface RequestContext {
  tenantId: string | null;
}

export function tenantOf(context: ExecutionContext): string {
  const ctx = GqlExecutionContext.create(context).getContext<RequestContext>();
  if (!ctx.tenantId) {
    throw new UnauthenticatedError('a valid API key is required: send "Authorization: Bearer <key>"');
  }

  return ctx.tenantId;
}

/** The caller's tenant; unauthenticated requests never reach the resolver body. */
export const Tenant = createParamDecorator((_data: unknown, context: ExecutionContext): string => tenantOf(context));
