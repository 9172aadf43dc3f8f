import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import type { IntrospectionQuery } from 'graphql';

import { projectRoot } from 'src/common/project-root';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** schema.graphql (written by `npm run build` for client code generation) is the schema the API serves. */
describe('schema.graphql (e2e)', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
  });

  it('should equal the schema served over HTTP (run "npm run build" and commit schema.graphql when this fails)', async () => {
    const { data, errors } = await api.gql<IntrospectionQuery>(getIntrospectionQuery({ descriptions: true }));
    expect(errors).toBeUndefined();
    const served = `${printSchema(buildClientSchema(data as IntrospectionQuery))}\n`;
    const file = readFileSync(join(projectRoot(), 'schema.graphql'), 'utf8');

    expect(file).toBe(served);
  });
});
