import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';

import { sameOriginCsp, setPageSecurityHeaders } from 'src/common/page-security';

export const API_DOCS_PATH = 'api/docs';

/** The OpenAPI document, generated from the controllers and DTO classes. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  // Swagger UI renders the description as Markdown: `<key>` outside code would be read as an HTML tag and vanish
  const info = new DocumentBuilder()
    .setTitle('Engram REST API')
    .setDescription(
      'Memories, recall, conversations, context and the bulletin of the tenant of the API key, sent as ' +
        '`Authorization: Bearer <key>`; the same calls, names and fields as the GraphQL API. Errors are ' +
        '`{ "error": { "code", "message" } }` with the codes of the GraphQL API. The admin endpoints (tenants and ' +
        'keys) need an operator key.',
    )
    .setVersion('1')
    // an API key: an opaque string, not a JWT (Nest's default bearerFormat)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description: 'an API key (of `ENGRAM_API_KEYS`, or made by the admin API), sent as `Authorization: Bearer <key>`',
    })
    .build();

  return SwaggerModule.createDocument(app, info);
}

/** Swagger UI loads its own scripts and style sheets; its styles set some inline attributes, its icons are data URLs. */
export const API_DOCS_CSP = sameOriginCsp({ 'style-src': "'self' 'unsafe-inline'", 'img-src': "'self' data:" });

/**
 * Swagger UI at /api/docs and the document at /api/docs-json (Nest's usual place) and /api/docs/openapi.json
 * (development only: see createApiApp), with the viewer's security headers: no framing, no sniffing, scripts of this
 * origin only.
 */
export function serveApiDocs(app: NestExpressApplication): void {
  let document: OpenAPIObject | null = null;
  const once = (): OpenAPIObject => (document ??= openApiDocument(app));
  app.use(`/${API_DOCS_PATH}`, (_req: Request, res: Response, next: NextFunction) => {
    setPageSecurityHeaders(res, API_DOCS_CSP);
    next();
  });
  SwaggerModule.setup(API_DOCS_PATH, app, once, {
    jsonDocumentUrl: `${API_DOCS_PATH}/openapi.json`,
    yamlDocumentUrl: `${API_DOCS_PATH}/openapi.yaml`,
  });
  app.use(`/${API_DOCS_PATH}-json`, (_req: Request, res: Response) => {
    res.json(once());
  });
}
