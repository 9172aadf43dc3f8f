import type { NextFunction, Request, Response } from 'express';

import { ErrorCode } from 'src/common/errors';

interface BodyParserError {
  type: string;
  status: number;
  expose?: boolean;
  message: string;
}

export function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/**
 * A body that is not JSON, or is over the size limit, is refused by the body parser before GraphQL sees it; this
 * answers it in GraphQL's shape (`errors[].extensions.code`) rather than Nest's `{ statusCode, message }`.
 */
export function graphqlBodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (!isBodyParserError(error) || error.status < 400 || error.status >= 500) {
    next(error);

    return;
  }
  const message = error.expose === false ? 'the request body could not be read' : error.message;
  res.status(error.status).json({ errors: [{ message, extensions: { code: ErrorCode.BadUserInput } }] });
}
