import { Catch, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request } from 'express';

import { RestErrorFilter } from 'src/rest/rest-error.filter';

/**
 * A path under /api that no route serves is answered by RestErrorFilter (404, NOT_FOUND) like every other REST
 * error; other paths keep Nest's default answer, and GraphQL keeps its own error formatting.
 */
@Catch(NotFoundException)
export class UnknownRouteFilter extends BaseExceptionFilter {
  private readonly rest = new RestErrorFilter();

  override catch(exception: NotFoundException, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') {
      return exception;
    }
    const { path } = host.switchToHttp().getRequest<Request>();
    if (path === '/api' || path.startsWith('/api/')) {
      this.rest.catch(exception, host);
    } else {
      super.catch(exception, host);
    }

    return undefined;
  }
}
