import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';

import { JobName, QueueName } from 'src/domain/job.types';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { MAIN_TS_ARGS } from 'test/support/main-entry';
import { projectRoot } from 'test/support/paths';
import { obliterateQueues, REDIS_URL, requireRedis, waitFor } from 'test/support/redis';

// Each worker is a real `node src/main.ts worker` process (ts-node), which takes a while to start on a busy machine.
jest.setTimeout(180_000);

const good = JSON.parse(
  readFileSync(join(projectRoot(), 'test', 'fixtures', 'llm', 'extraction-good.json'), 'utf8'),
) as {
  turn: string;
  content: unknown;
};

interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

describe('conversation jobs on BullMQ with real worker processes (e2e)', () => {
  let available = false;
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let api: ConversationApi;
  let memories: MemoryApi;
  let store: ConversationStore;
  let prefix: string;
  let env: Record<string, string>;
  let llm: 'hang' | 'slow' | 'good' = 'good';
  const workers: Worker[] = [];

  const extractionRequests = (): ChatRequest[] =>
    fake.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.body as ChatRequest)
      .filter((body) => body.response_format?.json_schema?.name === 'memory_candidates');

  function startWorker(): Worker {
    const child = spawn(process.execPath, [...MAIN_TS_ARGS, 'worker'], {
      cwd: projectRoot(),
      env: { ...process.env, ...env, TS_NODE_PROJECT: join(projectRoot(), 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const worker = { child, output, exited };
    workers.push(worker);

    return worker;
  }

  async function ready(worker: Worker): Promise<void> {
    await waitFor(
      () => worker.output.join('').includes('consuming queues') || worker.child.exitCode !== null,
      120_000,
      'worker start',
    );
    if (worker.child.exitCode !== null) {
      throw new Error(`worker exited: ${worker.output.join('')}`);
    }
  }

  async function extracted(messageId: string): Promise<boolean> {
    const [message] = await store.getMessages('alice', [messageId]);

    return message?.extractedAt !== null && message?.extractedAt !== undefined;
  }

  beforeAll(async () => {
    available = await requireRedis('worker tests');
    if (!available) {
      return;
    }
    fake = await startFakeOpenAiServer();
    fake.setChatHandler((request) => {
      const schema = request.response_format?.json_schema?.name;
      if (schema === 'contradiction_verdict') {
        return reply.json({ verdict: 'compatible', reason: 'different subjects' });
      }
      if (schema !== 'memory_candidates') {
        return reply.status(500);
      }
      if (llm === 'hang') {
        return reply.delay(600_000);
      }

      return llm === 'slow' ? reply.delay(2000, reply.json(good.content)) : reply.json(good.content);
    });
    prefix = `engram-test-${randomUUID()}`;
    env = {
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      LLM: 'openai',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: '120000',
      JOB_LOCK_MS: '2000',
      JOB_STALLED_MS: '500',
      EMBEDDINGS: 'hash',
      LOG_LEVEL: 'log',
      NODE_ENV: 'test',
      ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
    };
    t = await startTestApp({ ...env, LOG_LEVEL: 'error' });
    env['ENGRAM_DATA_DIR'] = t.config.dataDir;
    api = new ConversationApi(t);
    memories = new MemoryApi(t);
    store = t.app.get<ConversationStore>(CONVERSATION_STORE);
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
    }
  });

  afterAll(async () => {
    if (!available) {
      return;
    }
    await t.close();
    await fake.close();
    await obliterateQueues(prefix);
  });

  it('should finish a job whose worker was SIGKILLed mid-job on another worker, with nothing lost and nothing doubled', async () => {
    if (!available) {
      return;
    }
    llm = 'hang';
    const first = startWorker();
    await ready(first);
    const turn = await api.append({ channelId: 'kill-test', content: good.turn });
    await waitFor(() => extractionRequests().length === 1, 60_000, 'the first worker calling the LLM');

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await extracted(turn.message.id)).toBe(false);
    llm = 'good';
    const second = startWorker();
    await ready(second);
    await waitFor(() => extracted(turn.message.id), 60_000, 'the second worker finishing the job');
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(extractionRequests()).toHaveLength(2);
    const linked = await store.extractedFrom('alice', turn.message.id);
    // the LLM's three and the decision the same turn kept in the user's words
    expect(linked).toHaveLength(4);
    const all = await memories.all();
    // the allergy was kept from the user's own words in the turn; the LLM's note reinforced it
    for (const content of ["I'm allergic to peanuts.", 'The user has a dentist appointment on 2024-05-03 at 09:00.']) {
      expect(all.filter((m) => m.content === content)).toHaveLength(1);
    }
  });

  it('should run one extraction per message id, however often it is queued', async () => {
    if (!available) {
      return;
    }
    llm = 'good';
    await ready(startWorker());
    const turn = await api.append({
      channelId: 'once-test',
      content: 'I switched to the night shift at the hospital in March.',
    });
    await waitFor(() => extracted(turn.message.id), 60_000, 'extraction');
    const before = extractionRequests().length;

    const producer = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    const payload = { tenantId: 'alice', messageId: turn.message.id };
    await producer.enqueue(JobName.ExtractMessage, payload, { jobId: `extract.${turn.message.id}` });
    await producer.enqueue(JobName.ExtractMessage, payload, { jobId: `extract.${turn.message.id}` });
    // another id for the same message: the handler sees it was extracted and does nothing
    await producer.enqueue(JobName.ExtractMessage, payload, { jobId: `extract-again.${turn.message.id}` });
    const queue = new Queue(QueueName.Extraction, { connection: { url: REDIS_URL }, prefix });
    await waitFor(
      async () => (await queue.getJobState(`extract-again.${turn.message.id}`)) === 'completed',
      30_000,
      'the extra job',
    );
    await producer.close();
    await queue.close();

    expect(extractionRequests().length).toBe(before);
  });

  it('should make a second compaction of the same range a no-op', async () => {
    if (!available) {
      return;
    }
    llm = 'good';
    await ready(startWorker());
    await api.configure({ channelId: 'compact-test', tokenBudget: 60 });
    let last = '';
    for (let i = 0; i < 6; i++) {
      last = (
        await api.append({ channelId: 'compact-test', content: `Decision ${i}: we ship module ${i} on 2024-06-1${i}.` })
      ).message.id;
    }
    await waitFor(async () => (await api.channel('compact-test'))?.summary !== null, 60_000, 'a summary');
    const queue = new Queue(QueueName.Compaction, { connection: { url: REDIS_URL }, prefix });
    const pending = async (): Promise<number> =>
      Object.values(await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'paused')).reduce(
        (a, b) => a + b,
        0,
      );
    await waitFor(async () => (await pending()) === 0, 60_000, 'compactions done');
    const channel = await store.getChannel('alice', 'compact-test');
    const live = await store.liveStats('alice', 'compact-test');

    const producer = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    await producer.enqueue(
      JobName.CompactChannel,
      { tenantId: 'alice', channelId: 'compact-test', throughMessageId: last, forced: false },
      { jobId: `again.${last}` },
    );
    await waitFor(
      async () => (await queue.getJobState(`again.${last}`)) === 'completed',
      30_000,
      'the repeated compaction',
    );
    await producer.close();
    await queue.close();

    await expect(store.getChannel('alice', 'compact-test')).resolves.toMatchObject({ summaryId: channel?.summaryId });
    await expect(store.liveStats('alice', 'compact-test')).resolves.toEqual(live);
  });

  it('should finish the running job on SIGTERM before it exits', async () => {
    if (!available) {
      return;
    }
    llm = 'slow';
    const worker = startWorker();
    await ready(worker);
    const before = extractionRequests().length;
    const turn = await api.append({
      channelId: 'term-test',
      content: 'We moved the office to Aarhus harbour in February.',
    });
    await waitFor(() => extractionRequests().length > before, 60_000, 'the worker calling the LLM');

    worker.child.kill('SIGTERM');
    const code = await worker.exited;

    expect(code).toBe(0);
    expect(await extracted(turn.message.id)).toBe(true);
  });
});
