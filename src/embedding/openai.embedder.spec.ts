import { EmbeddingUnavailableError } from 'src/domain/embedding.port';
import { OpenAiEmbedder } from 'src/embedding/openai.embedder';
import type { OpenAiEmbedderOptions } from 'src/embedding/openai.embedder';
import type { EmbeddingRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';

describe(OpenAiEmbedder.name, () => {
  let server: FakeOpenAiServer;

  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });

  afterEach(async () => {
    await server.close();
  });

  function embedder(options: Partial<OpenAiEmbedderOptions> = {}): OpenAiEmbedder {
    return new OpenAiEmbedder({
      model: 'text-embedding-3-small',
      baseURL: server.url,
      apiKey: 'sk-test',
      timeoutMs: 2000,
      ...options,
    });
  }

  function embeddingBodies(): EmbeddingRequest[] {
    return server.requests.filter((r) => r.path === '/v1/embeddings').map((r) => r.body as EmbeddingRequest);
  }

  it('should ask for floats and return unit vectors of the configured dimension, in input order', async () => {
    server.setEmbeddingHandler((request) => {
      const inputs = Array.isArray(request.input) ? request.input : [request.input];

      return reply.vectors(inputs.map((text) => [text.length, 1, 0, 0]));
    });
    const sut = embedder({ dimensions: 4 });

    const vectors = await sut.embed(['a', 'abc']);

    expect(sut.dimensions).toBe(4);
    expect(vectors).toHaveLength(2);
    expect(Array.from(vectors[0] ?? [])[0]).toBeCloseTo(1 / Math.SQRT2, 5);
    expect(Array.from(vectors[1] ?? [])[0]).toBeCloseTo(3 / Math.sqrt(10), 5);
    expect(embeddingBodies()[0]).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['a', 'abc'],
      encoding_format: 'float',
      dimensions: 4,
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('should restore input order when the server answers out of order', async () => {
    server.setEmbeddingHandler([
      reply.raw({
        object: 'list',
        data: [
          { object: 'embedding', index: 1, embedding: [0, 2] },
          { object: 'embedding', index: 0, embedding: [2, 0] },
        ],
      }),
    ]);

    const [first, second] = await embedder({ model: 'custom', dimensions: 2 }).embed(['first', 'second']);

    expect(Array.from(first ?? [])).toEqual([1, 0]);
    expect(Array.from(second ?? [])).toEqual([0, 1]);
  });

  it('should not send `dimensions` for models that cannot shorten vectors', async () => {
    server.setEmbeddingHandler([reply.vectors([new Array<number>(768).fill(1)])]);
    const sut = embedder({ model: 'nomic-embed-text', dimensions: 768 });

    await sut.embed(['hello']);

    expect(embeddingBodies()[0]).not.toHaveProperty('dimensions');
  });

  it('should know the native dimension of OpenAI models and refuse unknown models without one', () => {
    expect(embedder({ model: 'text-embedding-3-large' }).dimensions).toBe(3072);
    expect(() => embedder({ model: 'nomic-embed-text' })).toThrow(/EMBEDDING_DIMENSIONS/);
  });

  it('should split large inputs into requests of at most the batch size', async () => {
    const sut = embedder({ dimensions: 8, batchSize: 3 });

    const vectors = await sut.embed(['a', 'b', 'c', 'd', 'e', 'f', 'g']);

    expect(vectors).toHaveLength(7);
    expect(embeddingBodies().map((b) => b.input)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('should replace empty inputs, which the API rejects', async () => {
    await embedder({ dimensions: 8 }).embed(['', 'x']);

    expect(embeddingBodies()[0]?.input).toEqual([' ', 'x']);
  });

  it('should make no request for no texts', async () => {
    await expect(embedder().embed([])).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('should throw EmbeddingUnavailableError when the vectors have the wrong dimension', async () => {
    server.setEmbeddingHandler([reply.vectors([[1, 2, 3]])]);

    await expect(embedder({ dimensions: 4 }).embed(['a'])).rejects.toThrow(
      new EmbeddingUnavailableError('embedding model text-embedding-3-small returned 3 dimensions, configured 4'),
    );
  });

  it('should throw EmbeddingUnavailableError when vectors are missing', async () => {
    server.setEmbeddingHandler([reply.vectors([[1, 0]])]);

    await expect(embedder({ dimensions: 2 }).embed(['a', 'b'])).rejects.toBeInstanceOf(EmbeddingUnavailableError);
  });

  it('should retry a transient 500 and then succeed', async () => {
    server.setEmbeddingHandler([reply.status(500), reply.vectors([[1, 0]])]);

    const vectors = await embedder({ dimensions: 2 }).embed(['a']);

    expect(vectors).toHaveLength(1);
    expect(embeddingBodies()).toHaveLength(2);
  });

  it('should throw EmbeddingUnavailableError for a malformed response', async () => {
    server.setEmbeddingHandler([reply.raw({ object: 'list', data: [null] })]);

    await expect(embedder({ dimensions: 2 }).embed(['a'])).rejects.toThrow(/malformed/);
  });

  it('should throw EmbeddingUnavailableError when the response is not JSON', async () => {
    server.setEmbeddingHandler([reply.raw('<html>bad gateway</html>')]);

    await expect(embedder({ dimensions: 2 }).embed(['a'])).rejects.toBeInstanceOf(EmbeddingUnavailableError);
  });

  it('should throw EmbeddingUnavailableError when the server keeps failing', async () => {
    server.setEmbeddingHandler(() => reply.status(500));

    const error: unknown = await embedder({ dimensions: 2, maxRetries: 2 })
      .embed(['a'])
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(EmbeddingUnavailableError);
    expect((error as Error).message).toMatch(/500/);
    expect(embeddingBodies()).toHaveLength(3);
  });

  it('should throw EmbeddingUnavailableError on a 401 without retrying', async () => {
    server.setEmbeddingHandler(() => reply.status(401));

    await expect(embedder({ dimensions: 2 }).embed(['a'])).rejects.toBeInstanceOf(EmbeddingUnavailableError);
    expect(embeddingBodies()).toHaveLength(1);
  });

  it('should throw EmbeddingUnavailableError when the server is slower than the timeout', async () => {
    // the fake never answers: only the 200 ms timeout can settle the call (else the test's own timeout fails it)
    server.setEmbeddingHandler(() => reply.delay(60_000));

    await expect(embedder({ dimensions: 2, timeoutMs: 200 }).embed(['a'])).rejects.toBeInstanceOf(
      EmbeddingUnavailableError,
    );
  });

  it('should keep its deadline when the server asks to retry much later', async () => {
    server.setEmbeddingHandler(() => reply.status(429, { 'retry-after': '1' }));

    await expect(embedder({ dimensions: 2, timeoutMs: 200 }).embed(['a'])).rejects.toThrow(/timed out after 200 ms/);
    // settled before the retry the server asked for a second later
    expect(server.requests.filter((r) => r.path === '/v1/embeddings')).toHaveLength(1);
  });

  it('should throw EmbeddingUnavailableError when nothing listens', async () => {
    await server.close();
    server = await startFakeOpenAiServer();
    const deadUrl = server.url;
    await server.close();
    server = await startFakeOpenAiServer();

    await expect(embedder({ baseURL: deadUrl, dimensions: 2, maxRetries: 0 }).embed(['a'])).rejects.toBeInstanceOf(
      EmbeddingUnavailableError,
    );
  });
});
