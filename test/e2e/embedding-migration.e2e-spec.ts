import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from 'src/config/config';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { formatReembedReport, runReembed } from 'src/embedding/migration/reembed.command';
import { RecallService } from 'src/recall/recall.service';
import { runCli } from 'test/e2e/support/cli-process';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { startWorkerProcess } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { EmbeddingRequest, FakeOpenAiServer, FakeReply } from 'test/support/fake-openai-server';
import { obliterateQueues, REDIS_URL, requireRedis } from 'test/support/redis';
import { testStoreEnv } from 'test/support/test-store';

// the worker and CLI tests start real processes through ts-node, which takes a while on a busy machine
jest.setTimeout(180_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const APPEND = `mutation($input: MessageInput!) { appendMessage(input: $input) { message { id } } }`;
const RECALL = `query($input: RecallInput!) {
  recall(input: $input) { hits { memory { id content } explanation { vector text } } }
}`;
const CONTEXT = `query($input: ContextInput!) { context(input: $input) { memories { memory { content } } } }`;
const SEARCH_MESSAGES = `query($input: SearchMessagesInput!) { searchMessages(input: $input) { message { id content } score } }`;
const SEARCH_MESSAGES_EXPLAINED = `query($input: SearchMessagesInput!) {
  searchMessages(input: $input) { message { content } explanation { vector } }
}`;

interface Hit {
  memory: { id: string; content: string };
  explanation: { vector: number | null; text: number | null };
}

interface Health {
  status: string;
  embeddings: { model: string; dimensions: number };
  embeddingMigration?: {
    from: string | null;
    to: string;
    memories: { done: number; total: number };
    messages: { done: number; total: number };
    fraction: number;
  };
}

/** The model users run behind the OpenAI-compatible embedder (Ollama's nomic-embed-text), here 48-dimensional. */
const MODEL = 'nomic-embed-text';
const DIMENSIONS = 48;
const TOPICS = ['green tea', 'model ships', 'rock climbing', 'sourdough bread', 'jazz piano'];

/** What the fake server answers: hash vectors of 48 dimensions (the model's size, whatever the request says). */
async function embedWith48(request: EmbeddingRequest): Promise<FakeReply> {
  const inputs = Array.isArray(request.input) ? request.input : [request.input];

  return reply.vectors((await new HashEmbedder(DIMENSIONS).embed(inputs)).map((v) => Array.from(v)));
}

async function health(t: TestApp): Promise<Health> {
  const response = await fetch(t.url.replace('/graphql', '/healthz'));

  return (await response.json()) as Health;
}

async function recall(t: TestApp, query: string): Promise<Hit[]> {
  return expectData(await t.gql<{ recall: { hits: Hit[] } }>(RECALL, { input: { query, limit: 5 } }), 'recall').recall
    .hits;
}

async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** 25 memories and 5 messages, written with the hash embedder (the store's first model). */
async function writeWithHash(dataDir: string): Promise<void> {
  const t = await startTestApp({ ENGRAM_DATA_DIR: dataDir });
  try {
    for (let i = 0; i < 25; i++) {
      const topic = TOPICS[i % TOPICS.length]!;
      const res = await t.gql<{ remember: { outcome: string } }>(REMEMBER, {
        input: { content: `Fact ${i}: the user talks about ${topic} on day ${i}`, type: 'FACT' },
      });
      expect(expectData(res, 'remember').remember.outcome).toBe('CREATED');
    }
    for (const topic of TOPICS) {
      expectData(
        await t.gql(APPEND, {
          input: { channelId: 'chat', role: 'ASSISTANT', content: `We discussed ${topic} today`, speaker: 'Bot' },
        }),
        'append',
      );
    }
    expect((await health(t)).embeddings.model).toBe('hash-v1-256');
  } finally {
    await t.close();
  }
}

describe('embedding-model migration (e2e)', () => {
  let fake: FakeOpenAiServer;
  let dataDir: string;

  // the store's settings too: runReembed reads this config directly, without the test app's defaults
  const openAiEnv = (): Record<string, string> => ({
    ...testStoreEnv(),
    ENGRAM_DATA_DIR: dataDir,
    EMBEDDINGS: 'openai',
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test-key',
    OPENAI_EMBEDDING_MODEL: MODEL,
    EMBEDDING_DIMENSIONS: String(DIMENSIONS),
    REEMBED_BATCH_SIZE: '10',
  });

  /** Texts the fake server was asked to embed. */
  const embeddedTexts = (): string[] =>
    fake.requests
      .filter((r) => r.path === '/v1/embeddings')
      .flatMap((r) => {
        const input = (r.body as EmbeddingRequest).input;

        return Array.isArray(input) ? input : [input];
      });

  beforeEach(async () => {
    fake = await startFakeOpenAiServer();
    fake.setEmbeddingHandler(embedWith48);
    dataDir = mkdtempSync(join(tmpdir(), 'engram-migration-'));
    await writeWithHash(dataDir);
  });

  afterEach(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should keep answering while it re-embeds in the background, show progress on /healthz, then switch', async () => {
    let batches = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.setEmbeddingHandler(async (request) => {
      const inputs = Array.isArray(request.input) ? request.input : [request.input];
      // the re-embedding job sends batches; the second one waits until the test has looked at the half-done state
      if (inputs.length > 1 && ++batches === 2) {
        await gate;
      }

      return embedWith48(request);
    });

    const t = await startTestApp(openAiEnv());
    try {
      const during = await eventually('the first batch', async () => {
        const h = await health(t);

        return h.embeddingMigration && h.embeddingMigration.memories.done >= 10 ? h : null;
      });
      expect(during.status).toBe('ok');
      expect(during.embeddings).toEqual({ kind: 'openai', model: MODEL, dimensions: DIMENSIONS });
      expect(during.embeddingMigration).toMatchObject({
        from: 'hash-v1-256',
        to: MODEL,
        memories: { done: 10, total: 25 },
        messages: { done: 0, total: 5 },
      });
      expect(during.embeddingMigration!.fraction).toBeCloseTo(10 / 30, 5);

      // recall answers from the previous model's vectors: the query is embedded with the hash model, not the server
      const hits = await recall(t, 'sourdough bread');
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]!.memory.content).toContain('sourdough bread');
      expect(hits[0]!.explanation.vector).not.toBeNull();
      expect(embeddedTexts()).not.toContain('sourdough bread');
      // message search too: no message is re-embedded yet, and the previous model's message vectors answer
      const found = expectData(
        await t.gql<{ searchMessages: { message: { content: string }; explanation: { vector: number | null } }[] }>(
          SEARCH_MESSAGES_EXPLAINED,
          { input: { query: 'jazz piano' } },
        ),
        'searchMessages',
      ).searchMessages;
      expect(found[0]?.message.content).toBe('We discussed jazz piano today');
      expect(found[0]?.explanation.vector).not.toBeNull();
      expect(embeddedTexts()).not.toContain('jazz piano');
      // the agent context recalls the same way, and searches messages with the same query vector
      const recallSpy = jest.spyOn(t.app.get(RecallService), 'recallWithVector');
      const context = await t.gql<{ context: { memories: { memory: { content: string } }[] } }>(CONTEXT, {
        input: { channelId: 'elsewhere', query: 'sourdough bread' },
      });
      expect(
        expectData(context, 'context')
          .context.memories.map((m) => m.memory.content)
          .join(' '),
      ).toContain('sourdough bread');
      expect(recallSpy.mock.calls[0]?.[2]).toMatchObject({ model: 'hash-v1-256', previous: true });
      recallSpy.mockRestore();
      expect(embeddedTexts()).not.toContain('sourdough bread');
      // writes go on, embedded with the new model
      const written = await t.gql<{ remember: { outcome: string } }>(REMEMBER, {
        input: { content: 'The user started learning the cello', type: 'FACT' },
      });
      expect(expectData(written, 'remember').remember.outcome).toBe('CREATED');
      expect(embeddedTexts()).toContain('The user started learning the cello');

      release();
      const after = await eventually('the switch', async () => {
        const h = await health(t);

        return h.embeddingMigration === undefined ? h : null;
      });
      expect(after.status).toBe('ok');

      const switched = await recall(t, 'rock climbing');
      expect(switched[0]!.memory.content).toContain('rock climbing');
      expect(switched[0]!.explanation.vector).not.toBeNull();
      // now the configured model embeds the query
      expect(embeddedTexts()).toContain('rock climbing');
      // every memory and message was sent to the server (the client may have retried the held batch: it waits
      // longer than the request timeout), messages as `speaker: content`
      const texts = embeddedTexts();
      expect(new Set(texts.filter((text) => text.startsWith('Fact '))).size).toBe(25);
      expect(new Set(texts.filter((text) => text.startsWith('Bot: We discussed'))).size).toBe(5);
      const messages = expectData(
        await t.gql<{ searchMessages: { message: { content: string } }[] }>(SEARCH_MESSAGES, {
          input: { query: 'jazz piano' },
        }),
        'searchMessages',
      ).searchMessages;
      expect(messages[0]?.message.content).toBe('We discussed jazz piano today');
    } finally {
      release();
      await t.close();
    }
  });

  it('should run the re-embedding in a worker process on BullMQ when REDIS_URL is set', async () => {
    if (!(await requireRedis('embedding migration on BullMQ'))) {
      return;
    }
    const prefix = `engram-h9b-${randomUUID()}`;
    const env = { ...openAiEnv(), REDIS_URL, QUEUE_PREFIX: prefix };
    const t = await startTestApp(env);
    let worker: WorkerProcess | null = null;
    try {
      expect((await health(t)).embeddingMigration?.to).toBe(MODEL);
      worker = await startWorkerProcess({ ...env, ENGRAM_API_KEYS: `alice:${KEYS.alice}` });
      await eventually(
        'the switch',
        async () => ((await health(t)).embeddingMigration === undefined ? true : null),
        60_000,
      );
      expect(worker.output()).toMatch(/re-embedding done/);
      const hits = await recall(t, 'jazz piano');
      expect(hits[0]!.memory.content).toContain('jazz piano');
      expect(hits[0]!.explanation.vector).not.toBeNull();
    } finally {
      await worker?.stop();
      await t.close();
      await obliterateQueues(prefix);
    }
  });

  it('should do the same offline with `main.ts reembed`, and nothing on a second run', async () => {
    const first = await runCli(['reembed'], { ...openAiEnv(), LOG_LEVEL: 'error' });
    // stderr holds nothing but the progress lines the command writes once a second when it takes longer (withProgress)
    expect(first.stderr).toMatch(/^(reembed: .*\n)*$/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /re-embedded 25 memories and 5 messages with nomic-embed-text in [\d.]+ s; the store now uses nomic-embed-text/,
    );
    const second = await runCli(['reembed'], { ...openAiEnv(), LOG_LEVEL: 'error' });
    expect(second.stdout).toMatch(/already nomic-embed-text's: nothing to re-embed/);
  });

  it('should do the same offline with the reembed command, after which the service starts on the new model', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', ...openAiEnv() });
    const report = await runReembed(config);
    expect(report).toMatchObject({ outcome: 'switched', model: MODEL, embedded: { memory: 25, message: 5 } });
    expect(formatReembedReport(report)).toMatch(/re-embedded 25 memories and 5 messages with nomic-embed-text/);
    await expect(runReembed(config)).resolves.toMatchObject({ outcome: 'idle' });

    const t = await startTestApp(openAiEnv());
    try {
      expect((await health(t)).embeddingMigration).toBeUndefined();
      const hits = await recall(t, 'model ships');
      expect(hits[0]!.memory.content).toContain('model ships');
      expect(hits[0]!.explanation.vector).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
