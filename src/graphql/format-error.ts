import { Logger } from '@nestjs/common';
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';

import { DomainError, ErrorCode } from 'src/common/errors';
import { tokenLimitMessage } from 'src/graphql/limits';

const logger = new Logger('GraphQL');

/** Apollo's own codes for requests that never reached a resolver; all are the client's fault. */
const CLIENT_CODES: Readonly<Record<string, ErrorCode>> = {
  BAD_USER_INPUT: ErrorCode.BadUserInput,
  GRAPHQL_VALIDATION_FAILED: ErrorCode.BadUserInput,
  GRAPHQL_PARSE_FAILED: ErrorCode.BadUserInput,
  BAD_REQUEST: ErrorCode.BadUserInput,
  PERSISTED_QUERY_NOT_SUPPORTED: ErrorCode.BadUserInput,
  OPERATION_RESOLUTION_FAILURE: ErrorCode.BadUserInput,
  UNAUTHENTICATED: ErrorCode.Unauthenticated,
  QUERY_TOO_COMPLEX: ErrorCode.QueryTooComplex,
};

function withCode(
  formatted: GraphQLFormattedError,
  code: ErrorCode,
  message = formatted.message,
  extra: Record<string, unknown> = {},
): GraphQLFormattedError {
  return { message, locations: formatted.locations, path: formatted.path, extensions: { code, ...extra } };
}

/** The one place errors become client payloads: domain codes pass through, everything unknown is masked. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DomainError) {
    return withCode(formatted, original.code, original.message, original.extensions());
  }
  const tokenLimit = tokenLimitMessage(original);
  if (tokenLimit) {
    return withCode(formatted, ErrorCode.QueryTooComplex, tokenLimit);
  }
  const apolloCode = formatted.extensions?.['code'];
  const clientCode = typeof apolloCode === 'string' ? CLIENT_CODES[apolloCode] : undefined;
  if (clientCode && (original === error || original instanceof GraphQLError)) {
    return withCode(formatted, clientCode);
  }
  // graphql-js's own errors about the request (e.g. "Too many errors processing variables") wrap nothing and sit
  // on no field: anything a resolver or plugin throws is wrapped (originalError) or located (path)
  if (error instanceof GraphQLError && !error.originalError && error.path === undefined) {
    return withCode(formatted, ErrorCode.BadUserInput);
  }
  logger.error(original instanceof Error ? (original.stack ?? original.message) : String(original));

  return withCode(formatted, ErrorCode.Internal, 'Internal server error');
}
