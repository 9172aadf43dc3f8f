import type { NextFunction, Request, Response } from 'express';

import { ErrorCode } from 'src/common/errors';
import { isBodyParserError } from 'src/graphql/body-errors';

/** Routes under /api whose body is not JSON, by path: a JSON parse failure there means the wrong Content-Type. */
const NON_JSON_BODIES: Readonly<Record<string, string>> = { '/import': 'application/x-ndjson' };

/** A body the parser refuses (not JSON, too large) answered in the REST error shape rather than Express's HTML page. */
export function restBodyErrors(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!isBodyParserError(error) || error.status < 400 || error.status >= 500) {
    next(error);

    return;
  }
  const expected = NON_JSON_BODIES[req.path];
  const message =
    expected && error.type === 'entity.parse.failed'
      ? `this endpoint takes Content-Type: ${expected}, not ${req.headers['content-type'] ?? 'none'}`
      : error.expose === false
        ? 'the request body could not be read'
        : error.message;
  res.status(error.status).json({ error: { code: ErrorCode.BadUserInput, message } });
}
