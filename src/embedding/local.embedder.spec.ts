import { LocalEmbedder } from 'src/embedding/local.embedder';
import { cosine } from 'src/embedding/vector-math';

describe(LocalEmbedder.name, () => {
  const sut = new LocalEmbedder({ batchSize: 2 });

  afterAll(async () => {
    await sut.close();
  });

  it('should embed into unit vectors of 512 dimensions', async () => {
    const vectors = await sut.embed(['The user lives in Berlin.', '']);

    expect(sut.model).toBe('use-lite-v1-512');
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(512);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    }
  });

  it('should place paraphrases closer than unrelated sentences', async () => {
    const [coffee, paraphrase, unrelated] = await sut.embed([
      'I really enjoy drinking coffee in the morning.',
      'My favourite morning drink is coffee.',
      'The deployment pipeline failed because of a missing environment variable.',
    ]);

    expect(cosine(coffee!, paraphrase!)).toBeGreaterThan(cosine(coffee!, unrelated!) + 0.2);
  });

  it('should give the same vectors whatever the batching and concurrency', async () => {
    const texts = ['one apple', 'two pears', 'three plums', 'four figs', 'five limes'];

    const [batched, single] = await Promise.all([sut.embed(texts), Promise.all(texts.map((t) => sut.embed([t])))]);

    batched.forEach((vector, i) => {
      expect(cosine(vector, single[i]![0]!)).toBeCloseTo(1, 5);
    });
  });

  it('should answer a query while a bulk batch is in progress, on its own thread', async () => {
    const embedder = new LocalEmbedder({ batchSize: 32 });
    await embedder.warmUp();
    const long = Array.from(
      { length: 32 },
      (_, i) => `Paragraph ${i}: ${'the quarterly planning notes cover budgets, hiring and the roadmap. '.repeat(6)}`,
    );
    const finished: string[] = [];
    const bulk = embedder.embed(long, { lane: 'bulk' }).then(() => finished.push('bulk'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const query = embedder
      .embed(['where do we stand on hiring?'], { lane: 'query' })
      .then(() => finished.push('query'));
    await Promise.all([bulk, query]);
    await embedder.close();

    expect(finished).toEqual(['query', 'bulk']);
  }, 60_000);

  it('should give concurrent queries (one model call) and cached queries the vectors of single ones', async () => {
    const texts = ['one apple', 'two pears', 'three plums', 'one apple'];
    const single = await Promise.all(texts.map((t) => sut.embed([t])));

    const concurrent = await Promise.all(texts.map((t) => sut.embed([t], { lane: 'query' })));
    const cached = await sut.embed(texts, { lane: 'query' });
    concurrent[0]![0]!.fill(0);
    const again = await sut.embed(['one apple'], { lane: 'query' });

    texts.forEach((_, i) => {
      expect(cosine(cached[i]!, single[i]![0]!)).toBeCloseTo(1, 5);
      if (i > 0) {
        expect(cosine(concurrent[i]![0]!, single[i]![0]!)).toBeCloseTo(1, 5);
      }
    });
    // a caller writing into its vector does not change what the cache answers next
    expect(cosine(again[0]!, single[0]![0]!)).toBeCloseTo(1, 5);
  });

  it('should serve concurrent first callers, and start again after close', async () => {
    const embedder = new LocalEmbedder();
    const first = await Promise.all([embedder.embed(['a']), embedder.embed(['b']), embedder.warmUp()]);
    await embedder.close();

    expect(first.map((r) => r?.length)).toEqual([1, 1, undefined]);

    await expect(embedder.embed(['still works'])).resolves.toHaveLength(1);
    await embedder.close();
    // loads the model in a new worker twice: several seconds each on a busy 2-core machine
  }, 60_000);
});
