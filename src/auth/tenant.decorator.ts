import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';

import { ForbiddenError, UnauthenticatedError } from 'src/common/errors';

/** What every GraphQL resolver sees of the caller. */
export interface RequestContext {
  tenantId: string | null;
  /** A read-only key: queries and subscriptions only. */
  readOnly?: boolean;
}

export const READ_ONLY_KEY = 'this API key is read-only: it may not write';

/** A read-only key may not run a mutation. */
export function assertMayRun(context: ExecutionContext): void {
  const gql = GqlExecutionContext.create(context);
  if (
    gql.getContext<RequestContext>().readOnly &&
    gql.getInfo<{ operation: { operation: string } }>().operation.operation === 'mutation'
  ) {
    throw new ForbiddenError(READ_ONLY_KEY);
  }
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
