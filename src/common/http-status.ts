import { assertUnreachable, ErrorCode } from 'src/common/errors';

/** The HTTP status of each error code, for every surface that answers over plain HTTP (REST, MCP). */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.BadUserInput:
    case ErrorCode.QueryTooComplex:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.Internal:
      return 500;
    default:
      return assertUnreachable(code);
  }
}
