import { MemoryApi } from 'test/e2e/support/memory-api';
import { ok, origin, rest } from 'test/e2e/support/rest-client';
import type { RestError } from 'test/e2e/support/rest-client';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** Numbers with more than `digits` decimals anywhere in a JSON value (`0.8400000000000001` reaching a client). */
function longDecimals(value: unknown, digits: number): number[] {
  if (typeof value === 'number') {
    return (String(value).split('.')[1]?.length ?? 0) > digits ? [value] : [];
  }
  if (value !== null && typeof value === 'object') {
    return Object.values(value).flatMap((item: unknown) => longDecimals(item, digits));
  }

  return [];
}

/** What a newcomer trying the REST API with curl meets first: errors that name what to send, a plain key, short numbers. */
describe('REST for a newcomer (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should name application/x-ndjson when an import is sent as JSON, whether or not the body parses', async () => {
    for (const body of ['{"kind": "header"', '{"kind": "header"}']) {
      const response = await fetch(`${origin(t)}/api/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.alice}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as RestError;
      expect(response.status).toBe(400);
      expect(answer.error.code).toBe('BAD_USER_INPUT');
      expect(answer.error.message).toContain('application/x-ndjson');
    }
  });

  it('should say that no JSON body was read when a body is not sent as JSON (curl -d, fetch with a string)', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await fetch(`${origin(t)}/api/remember`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.alice}`, 'content-type': contentType },
        body: '{"content": "I like jazz"}',
      });
      const answer = (await response.json()) as RestError;
      expect(response.status).toBe(400);
      expect(answer.error).toEqual({
        code: 'BAD_USER_INPUT',
        message:
          'content: Invalid input: expected string, received undefined (no JSON body was read: send one with Content-Type: application/json)',
      });
    }
  });

  it('should name the q parameter when a search has none', async () => {
    const missing = await rest<RestError>(t, '/api/memories/search');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^q is required/);
    // the metadata modes need no q
    expect((await rest(t, '/api/memories/search?mode=RECENT')).status).toBe(200);
  });

  it('should describe the key as an opaque bearer key, not a JWT', async () => {
    const doc = (await (await fetch(`${origin(t)}/api/docs/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, Record<string, string>> };
    };
    const scheme = doc.components.securitySchemes['bearer'];
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'API key' });
    expect(JSON.stringify(doc.components.securitySchemes)).not.toContain('JWT');
  });

  it('should round scores, weights and explanations at the edge', async () => {
    const memories = new MemoryApi(t, KEYS.alice);
    for (const content of [
      'I drink green tea every morning',
      'Green tea with jasmine is my favourite',
      'My sister drinks black tea',
    ]) {
      await memories.remember({ content, importance: 0.7 + 0.14 });
    }
    const result = await ok<{ hits: unknown[] }>(t, '/api/memories/search?q=green%20tea');
    expect(result.hits.length).toBeGreaterThan(1);
    expect(longDecimals(result.hits, 4)).toEqual([]);
  });
});
