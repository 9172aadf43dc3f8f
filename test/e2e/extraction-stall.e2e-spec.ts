import { APPEND } from 'test/e2e/support/conversation-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/**
 * One message must not stall the event loop. "oh and " repeated 40 times took minutes in the
 * remember/forget lead words (exponential backtracking); 30,000 spaces cost 8.8 s in trimValue, the clause split and
 * stripInjected (quadratic). Each message is answered well within a generous bound, and /healthz answers meanwhile.
 */

const SPACES = ' '.repeat(30_000);
const hostile: [string, string][] = [
  ['"oh and " x 40', 'oh and '.repeat(40)],
  ['"oh and " x 40 before a request', `${'oh and '.repeat(40)}remember`],
  ['"og så " x 40 (Danish lead words)', `${'og så '.repeat(40)}husk`],
  ['30,000 spaces inside a sentence', `a${SPACES}b`],
  ['30,000 spaces inside a preference', `I like${SPACES}tea${SPACES}.`],
  ['30,000 spaces before a clause break', `remember that I live in Oslo${SPACES};${SPACES}x`],
  ['30,000 spaces before a line break', `note${SPACES}\nmore`],
];

describe('hostile messages answer fast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // the bound is for the hostile text, not for the first request's warm-up (models, prepared statements, JIT)
    await t.gql(APPEND, { input: { channelId: 'warm-up', role: 'USER', content: 'I live in Oslo and I like tea.' } });
  });
  afterAll(() => t.close());

  it.each(hostile)('appendMessage with %s answers within 2 s', async (_name, content) => {
    const started = Date.now();
    const health = fetch(t.url.replace('/graphql', '/healthz'));
    const res = await t.gql(APPEND, { input: { channelId: 'stall', role: 'USER', content } });
    const elapsed = Date.now() - started;

    expect(res.errors).toBeUndefined();
    expect((await health).status).toBe(200);
    expect(elapsed).toBeLessThan(2_000);
  });
});
