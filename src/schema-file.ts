import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';

import { createApiApp } from 'src/bootstrap';
import { loadConfig } from 'src/config/config';

/**
 * The GraphQL schema the API serves, as SDL: what `npm run build` writes to schema.graphql for client code
 * generation. The schema is code-first and the same under every configuration, so it is read from a throw-away
 * embedded app (SQLite in a temporary directory, hash embeddings) that never listens.
 */
export async function servedSchemaSdl(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-schema-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      ENGRAM_DATA_DIR: dataDir,
      EMBEDDINGS: 'hash',
      LLM: 'none',
      LOG_LEVEL: 'fatal',
    });
    const app = await createApiApp(config);
    try {
      await app.init();

      return `${printSchema(app.get(GraphQLSchemaHost).schema)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
