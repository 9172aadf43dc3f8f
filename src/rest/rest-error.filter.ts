import { Catch, HttpException, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

import { DomainError, ErrorCode, RateLimitedError, UnauthenticatedError } from 'src/common/errors';
import { httpStatusOf } from 'src/common/http-status';
import { retryAfterHeaders } from 'src/rate-limit/rate-limit.service';

/** Nest's own HTTP exceptions (a body that is not JSON, an unknown method) keep their status under our codes. */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) {
    return ErrorCode.Unauthenticated;
  }
  if (status === 404) {
    return ErrorCode.NotFound;
  }
  if (status === 429) {
    return ErrorCode.RateLimited;
  }

  return status < 500 ? ErrorCode.BadUserInput : ErrorCode.Internal;
}

/**
 * REST errors as `{ error: { code, message, ...extensions } }` with the codes of GraphQL and their HTTP status;
 * anything that is not a domain or HTTP error is logged and masked, as GraphQL's formatter does.
 */
@Catch()
export class RestErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('REST');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof DomainError) {
      if (exception instanceof RateLimitedError) {
        res.set(retryAfterHeaders(exception));
      }
      if (exception instanceof UnauthenticatedError) {
        res.set('www-authenticate', 'Bearer');
      }
      res
        .status(httpStatusOf(exception.code))
        .json({ error: { code: exception.code, message: exception.message, ...exception.extensions() } });

      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      res.status(status).json({ error: { code: codeOfStatus(status), message: exception.message } });

      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res.status(500).json({ error: { code: ErrorCode.Internal, message: 'Internal server error' } });
  }
}
