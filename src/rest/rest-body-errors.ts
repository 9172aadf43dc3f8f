import type { NextFunction, Request, Response } from 'express';

import { ErrorCode } from 'src/common/errors';
import { isBodyParserError } from 'src/graphql/body-errors';

/** A body the parser refuses (not JSON, too large) answered in the REST error shape rather than Express's HTML page. */
export function restBodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (!isBodyParserError(error) || error.status < 400 || error.status >= 500) {
    next(error);

    return;
  }
  const message = error.expose === false ? 'the request body could not be read' : error.message;
  res.status(error.status).json({ error: { code: ErrorCode.BadUserInput, message } });
}
