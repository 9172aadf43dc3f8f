import { Catch, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request, Response } from 'express';

import { ErrorCode } from 'src/common/errors';

/**
 * A path under /api that no route serves gets the REST error shape (`{ error: { code, message } }`) like every
 * other REST error; other paths keep Nest's default answer, and GraphQL keeps its own error formatting.
 */
@Catch(NotFoundException)
export class UnknownRouteFilter extends BaseExceptionFilter {
  override catch(exception: NotFoundException, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') {
      return exception;
    }
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      http.getResponse<Response>().status(404).json({ error: { code: ErrorCode.NotFound, message: `no route for ${req.method} ${req.path}` } });

      return undefined;
    }
    super.catch(exception, host);

    return undefined;
  }
}
