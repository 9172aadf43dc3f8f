export enum ErrorCode {
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  BadUserInput = 'BAD_USER_INPUT',
  NotFound = 'NOT_FOUND',
  RateLimited = 'RATE_LIMITED',
  QueryTooComplex = 'QUERY_TOO_COMPLEX',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL_SERVER_ERROR',
}

/** Base of every error a client may see; the GraphQL formatter maps `code` to `extensions.code`. */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;

  /** Extra `extensions` fields the client may see besides `code`. */
  extensions(): Record<string, unknown> {
    return {};
  }
}

export class BadInputError extends DomainError {
  readonly code = ErrorCode.BadUserInput;
}

export class NotFoundError extends DomainError {
  readonly code = ErrorCode.NotFound;
  constructor(what: string, id: string) {
    super(`${what} ${JSON.stringify(id)} not found`);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = ErrorCode.Unauthenticated;
}

/** Authenticated, but this key may not do this (a read-only key writing, a tenant key using the admin API). */
export class ForbiddenError extends DomainError {
  readonly code = ErrorCode.Forbidden;
}

export class UnavailableError extends DomainError {
  readonly code = ErrorCode.Unavailable;
}

export class QueryTooComplexError extends DomainError {
  readonly code = ErrorCode.QueryTooComplex;
}

/** Over a rate limit; `retryAfterSeconds` goes to `extensions.retryAfter` and the `Retry-After` header. */
export class RateLimitedError extends DomainError {
  readonly code = ErrorCode.RateLimited;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  override extensions(): Record<string, unknown> {
    return { retryAfter: this.retryAfterSeconds };
  }
}

export function assertUnreachable(value: never): never {
  throw new Error(`Unreachable: ${String(value)}`);
}
