import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { DEFAULT_LOCAL_MODEL } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { cosine } from 'src/embedding/vector-math';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { hits { memory { id content } } } }`;

/**
 * The real default model of EMBEDDINGS=local, booted as `npm start` boots it. Its folder comes from ENGRAM_MODELS_DIR
 * (CI fetches it there once and keeps it), else `data/models` of the checkout; a missing model is fetched at boot
 * from Maven Central, as on a fresh machine.
 */
describe('the default local embedding model (e2e)', () => {
  let t: TestApp;
  let embedder: Embedder;

  beforeAll(async () => {
    t = await startTestApp({
      EMBEDDINGS: 'local',
      ENGRAM_MODELS_DIR: process.env['ENGRAM_MODELS_DIR'] ?? join(projectRoot(__dirname), 'data', 'models'),
    });
    embedder = t.app.get<Embedder>(EMBEDDER);
    // the model loads in the background at boot: the tests time the model, not its loading on a busy machine
    await embedder.warmUp?.();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('should boot on the default model and embed into unit vectors of its dimensions', async () => {
    const [vector] = await embedder.embed(['The user lives in Berlin.']);

    expect([embedder.model, embedder.dimensions]).toEqual([DEFAULT_LOCAL_MODEL, 384]);
    expect(vector).toHaveLength(384);
    expect(Math.hypot(...vector!)).toBeCloseTo(1, 4);
  });

  it('should recall a memory by meaning when the query shares no word with it', async () => {
    const contents = [
      "The user's sister Anna works as a veterinarian in Oslo.",
      'The quarterly budget review is scheduled for next Tuesday.',
      'The user prefers window seats on long flights.',
      'The deployment pipeline failed because of a missing environment variable.',
    ];
    for (const content of contents) {
      const res = await t.gql<{ remember: { outcome: string } }>(REMEMBER, { input: { content } });
      expect(res.data?.remember.outcome).toBe('CREATED');
    }

    const res = await t.gql<{ recall: { hits: { memory: { content: string } }[] } }>(RECALL, {
      input: { query: 'which relative takes care of sick pets?', limit: 4 },
    });

    expect(res.errors).toBeUndefined();
    expect(res.data?.recall.hits[0]?.memory.content).toBe(contents[0]);
  });

  it('should embed a query as a query and a passage as a passage (the model instruction applies to queries)', async () => {
    const [asQuery] = await embedder.embed(['where does Anna work?'], { role: 'query' });
    const [asPassage] = await embedder.embed(['where does Anna work?'], { role: 'passage' });

    expect(cosine(asQuery!, asPassage!)).toBeLessThan(0.999);
    expect(cosine(asQuery!, asPassage!)).toBeGreaterThan(0.5);
  });

  it('should answer a query while a bulk batch is in progress', async () => {
    const long = Array.from(
      { length: 64 },
      (_, i) => `Paragraph ${i}: ${'the quarterly planning notes cover budgets, hiring and the roadmap. '.repeat(12)}`,
    );
    const finished: string[] = [];
    const bulk = embedder.embed(long, { lane: 'bulk' }).then(() => finished.push('bulk'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const query = embedder
      .embed(['where do we stand on hiring?'], { lane: 'query', role: 'query' })
      .then(() => finished.push('query'));
    await Promise.all([bulk, query]);

    expect(finished).toEqual(['query', 'bulk']);
  }, 120_000);
});
