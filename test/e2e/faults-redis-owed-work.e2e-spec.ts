import { randomUUID } from 'node:crypto';

import { countTokens } from 'src/common/tokens';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { eventually } from 'test/e2e/support/bulletin-subscription';
import { APPEND, CONFIGURE } from 'test/e2e/support/conversation-api';
import type { TestApp } from 'test/e2e/support/test-app';
import { startApiAndWorker } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { storeIntegrity } from 'test/support/integrity';
import { startPrivateRedis } from 'test/support/private-redis';
import type { PrivateRedis } from 'test/support/private-redis';

jest.setTimeout(120_000);

const OUTAGE_MS = 3000;
/** What a client may wait for appendMessage while Redis is away (ENQUEUE_TIMEOUT_MS is 250 ms). */
const BOUND_MS = 1000;
const SWEEP_MS = 500;

interface Appended {
  appendMessage: { message: { id: string }; compactionQueued: boolean };
}

const schemaOf = (request: ChatRequest): string | undefined => request.response_format?.json_schema?.name;

/**
 * Work a request owes (LLM extraction of a user turn, compaction of a channel over 80% of its budget) while it cannot
 * be queued: appendMessage answers within a short bound even with Redis away, the work stays owed in the store, and
 * it runs exactly once after Redis is back, including work no process ever queued (a process stopped between storing
 * a message and queueing its job), which only the owed-work sweep finds.
 */
describe('owed work across a Redis outage', () => {
  let redis: PrivateRedis;
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let worker: WorkerProcess;
  let store: ConversationStore;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    fake.setChatHandler((request) => {
      const schema = schemaOf(request);
      if (schema === 'memory_candidates') {
        return reply.json({ candidates: [] });
      }

      return schema === 'conversation_summary'
        ? reply.json({ summary: '- Earlier the assistant went through the rota and the release checklist.' })
        : reply.status(500);
    });
    redis = await startPrivateRedis();
    ({ app: t, worker } = await startApiAndWorker(redis.url, `engram-owed-${randomUUID()}`, {
      LLM: 'openai',
      OPENAI_BASE_URL: fake.url,
      OWED_WORK_SWEEP_MS: String(SWEEP_MS),
      OWED_EXTRACTION_GRACE_MS: '1000',
      // no bulletin rewrites: the fake counts only extraction and summary calls
      BULLETIN_LLM_REWRITES_PER_DAY: '0',
    }));
    store = t.app.get<ConversationStore>(CONVERSATION_STORE);
  });

  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await redis?.stop();
    await fake?.close();
  });

  /** Extraction calls to the LLM that carry this text. */
  const extractionCalls = (text: string): number =>
    fake.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.body as ChatRequest)
      .filter((body) => schemaOf(body) === 'memory_candidates' && body.messages.some((m) => m.content.includes(text)))
      .length;

  async function summaries(tenantId: string): Promise<number> {
    return (await storeIntegrity(t.config)).tenants.find((c) => c.tenantId === tenantId)?.summaries ?? 0;
  }

  async function extracted(tenantId: string, messageId: string): Promise<boolean> {
    const [message] = await store.getMessages(tenantId, [messageId]);

    return message?.extractedAt !== null && message?.extractedAt !== undefined;
  }

  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  it('should answer appendMessage within the bound while Redis is down, then run the owed extraction and compaction once', async () => {
    const channelId = 'outage';
    await t.gql(CONFIGURE, { input: { channelId, tokenBudget: 100 } });
    for (const week of [1, 2, 3]) {
      const res = await t.gql<Appended>(APPEND, {
        input: {
          channelId,
          role: 'ASSISTANT',
          content: `Rota for week ${week}: team ${week} is on call, and the pager rotates on Monday.`,
        },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data?.appendMessage.compactionQueued).toBe(false);
    }
    const turn = 'Next week we move the product launch to Friday because the vendor slipped again.';
    const long =
      'Release checklist: freeze the branch on Wednesday, run the migration rehearsal on staging, sign off the changelog, ' +
      'brief support about the new billing screen, and keep the rollback script ready until the weekend is over.';

    await redis.stop();
    const stoppedAt = Date.now();
    const timings: number[] = [];
    const append = async (input: Record<string, unknown>): Promise<Appended['appendMessage']> => {
      const started = Date.now();
      const res = await t.gql<Appended>(APPEND, { input: { channelId, ...input } });
      timings.push(Date.now() - started);
      expect(res.errors).toBeUndefined();

      return res.data!.appendMessage;
    };
    const overBudget = await append({ role: 'ASSISTANT', content: long });
    const userTurn = await append({ role: 'USER', content: turn });
    expect(overBudget.compactionQueued).toBe(true);
    process.stderr.write(`appendMessage while Redis is down: ${JSON.stringify(timings)} ms\n`);
    expect(Math.max(...timings)).toBeLessThan(BOUND_MS);

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    await redis.start();
    await eventually(
      async () => (await extracted('alice', userTurn.message.id)) && (await summaries('alice')) > 0,
      30_000,
      `the owed extraction and compaction after Redis came back (worker:\n${worker.output().slice(-2000)})`,
    );
    // several sweeps later: nothing ran twice
    await sleep(4 * SWEEP_MS);
    expect(extractionCalls(turn)).toBe(1);
    expect(await summaries('alice')).toBe(1);
  });

  it('should find and run work no process queued (stored, then the process stopped before queueing)', async () => {
    const tenantId = 'bob';
    const now = Date.now();
    const turn = 'We are renaming the billing service to ledger before the audit in March.';
    const draft = (channelId: string, role: MessageRole, content: string, at: number, owed: boolean) => ({
      message: {
        id: randomUUID(),
        tenantId,
        channelId,
        role,
        speaker: null,
        trust: Trust.GUARDIAN,
        content,
        tokenCount: countTokens(content),
        createdAt: new Date(at),
        extractedAt: owed ? null : new Date(at),
      },
      vector: null,
      projectId: null,
    });
    // written by the store alone, as appendMessage does before it queues jobs: no job exists for either
    const { message } = await store.appendMessage(draft('stranded-turn', MessageRole.USER, turn, now - 5000, true));
    const busy = 'stranded-budget';
    await store.configureChannel(
      tenantId,
      busy,
      { private: false, projectId: null, tokenBudget: 40 },
      new Date(now - 5000),
    );
    for (const i of [1, 2, 3]) {
      await store.appendMessage(
        draft(
          busy,
          MessageRole.ASSISTANT,
          `Deployment note ${i}: the canary in region ${i} is healthy and traffic moves at noon.`,
          now - 5000 + i,
          false,
        ),
      );
    }
    expect((await store.liveStats(tenantId, busy)).tokens).toBeGreaterThan(32);

    await eventually(
      async () => (await extracted(tenantId, message.id)) && (await summaries(tenantId)) > 0,
      30_000,
      `the owed-work sweep (worker:\n${worker.output().slice(-2000)})`,
    );
    await sleep(4 * SWEEP_MS);
    expect(extractionCalls(turn)).toBe(1);
    expect(await summaries(tenantId)).toBe(1);
    expect((await store.getChannel(tenantId, busy))?.summaryId).toEqual(expect.any(String));
  });
});
