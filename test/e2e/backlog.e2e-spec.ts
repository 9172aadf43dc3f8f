import { collectStatus } from 'src/observability/status.command';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { seriesValue } from 'test/support/prometheus-text';

const TURNS = 200;
const VECTORS = 'engram_backlog_items{kind="message_vectors"}';
const VECTORS_AGE = 'engram_backlog_oldest_age_seconds{kind="message_vectors"}';

interface Sample {
  items: number;
  age: number;
}

function turn(i: number): string {
  return `Turn ${i}: we talked about the garden, the ${i % 7} tomato beds, the rain barrel and the trip to the coast in ${
    2020 + (i % 5)
  }, and who should water the plants while we are away`;
}

/** A bulk append with the real local model: the message-vector backlog rises at once, ages, and drains to 0. */
describe('backlog gauges (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ EMBEDDINGS: 'local' });
    const deadline = Date.now() + 60_000;
    while ((await fetch(t.url.replace(/\/graphql$/, '/readyz'))).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 70_000);

  afterAll(async () => {
    await t.close();
  });

  async function sample(): Promise<Sample> {
    const text = await (await fetch(t.url.replace(/\/graphql$/, '/metrics'))).text();

    return { items: seriesValue(text, VECTORS) ?? NaN, age: seriesValue(text, VECTORS_AGE) ?? NaN };
  }

  it('should show the message-vector backlog at once, its oldest age growing, then drain to 0, as status says', async () => {
    expect(await sample()).toEqual({ items: 0, age: 0 });
    const api = new ConversationApi(t);
    const samples: Sample[] = [];
    let appending = true;
    const sampler = (async () => {
      while (appending) {
        samples.push(await sample());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    for (let i = 0; i < TURNS; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) => api.append({ channelId: `garden-${(i + j) % 3}`, content: turn(i + j) })),
      );
    }
    appending = false;
    await sampler;

    // owed as the appends answer: the gauge saw it while they ran, and the oldest item aged meanwhile
    const peak = Math.max(...samples.map((s) => s.items));
    expect(peak).toBeGreaterThan(0);
    expect(samples.filter((s) => s.items > 0).every((s) => s.age > 0)).toBe(true);

    // while it drains, status reads the same store: between the gauge before and the gauge after (scrapes share a
    // read for a second, so each sample waits that out to be a fresh read)
    const fresh = async (): Promise<Sample> => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));

      return sample();
    };
    const before = await fresh();
    const status = await collectStatus(t.config);
    const after = await fresh();
    expect(status.backlog.message_vectors.items).toBeLessThanOrEqual(before.items);
    expect(status.backlog.message_vectors.items).toBeGreaterThanOrEqual(after.items);

    const deadline = Date.now() + 120_000;
    let last = after;
    while (last.items > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await sample();
    }
    expect(last).toEqual({ items: 0, age: 0 });
    expect((await collectStatus(t.config)).backlog.message_vectors).toEqual({
      items: 0,
      oldest: null,
      oldestAgeSeconds: 0,
    });
  }, 240_000);
});
