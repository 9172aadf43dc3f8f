import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiResponse } from '@nestjs/swagger';

import { ErrorDto } from 'src/rest/dto/memory.dto';

const ERRORS: Record<number, string> = {
  400: 'BAD_USER_INPUT: a parameter is malformed or out of range; nothing was written',
  401: 'UNAUTHENTICATED: missing, wrong, expired or revoked API key',
  403: 'FORBIDDEN: a read-only key writing, or a key that is not an operator key using the admin API',
  404: 'NOT_FOUND: no such id in your tenant (another tenant’s id is not found either)',
  429: 'RATE_LIMITED: over the per-address or per-tenant limit; see Retry-After',
};

/** Bearer auth and the error answers every REST endpoint may give, plus `extra` (e.g. 404). */
export function ApiStandardErrors(...extra: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(),
    ...[400, 401, 403, 429, ...extra].map((status) =>
      ApiResponse({ status, description: ERRORS[status], type: ErrorDto }),
    ),
  );
}

/** A query parameter; lists accept `a,b` and repeated parameters. */
export function ApiQueryParam(
  name: string,
  description: string,
  schema: { type: 'string' | 'integer' | 'boolean'; enum?: object; list?: boolean },
): MethodDecorator {
  const item = schema.enum ? { type: 'string', enum: Object.values(schema.enum) as string[] } : { type: schema.type };

  return ApiQuery({
    name,
    required: false,
    description,
    ...(schema.list ? { schema: { type: 'array', items: item }, style: 'form', explode: false } : { schema: item }),
  });
}
