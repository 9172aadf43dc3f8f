import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';

import type { DomainError } from 'src/common/errors';

/**
 * A domain error that ends a request before execution (authentication, rate limits, query cost), with the HTTP
 * status and headers Apollo should answer with; formatGraphQLError still decides what the client sees.
 */
export function requestError(error: DomainError, status: number, headers: Record<string, string> = {}): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { http: { status, headers: new HeaderMap(Object.entries(headers)) } },
  });
}
