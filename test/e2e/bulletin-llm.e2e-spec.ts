import { lineRef } from 'src/cortex/bulletin/bulletin.render';
import { utcDay } from 'src/cortex/llm-budget.service';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { InProcessQueue } from 'src/jobs/in-process.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { LLM_USAGE_STORE } from 'src/store/llm-usage-store.port';
import type { LlmUsageStore } from 'src/store/llm-usage-store.port';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';

const REFRESH = 'mutation { refreshBulletin { id content memoryIds } }';
const BULLETIN = 'query { bulletin { id content memoryIds } }';
const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome } }`;

interface BulletinView {
  id: string;
  content: string;
  memoryIds: string[];
}

function templateOf(request: ChatRequest): string {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '{}';

  return (JSON.parse(user) as { bulletin: string }).bulletin;
}

/** A rewrite that keeps every reference (or drops the first one, to be rejected). */
function rewrite(template: string, dropFirst = false): string {
  const refs = template.split('\n').flatMap((line) => lineRef(line) ?? []);

  return `The user, in brief: ${refs
    .slice(dropFirst ? 1 : 0)
    .map((ref, i) => `fact ${i + 1} [${ref}]`)
    .join('; ')}.`;
}

describe('LLM bulletin rewrite: optional, capped per tenant and day, counted', () => {
  let llm: FakeOpenAiServer;
  let t: TestApp;
  let dropReferences = false;

  const rewrites = (): ChatRequest[] =>
    llm.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.body as ChatRequest)
      .filter((body) => body.response_format?.json_schema?.name === 'bulletin_rewrite');

  beforeEach(async () => {
    dropReferences = false;
    llm = await startFakeOpenAiServer();
    llm.setChatHandler((request) =>
      request.response_format?.json_schema?.name === 'bulletin_rewrite'
        ? reply.json({ content: rewrite(templateOf(request), dropReferences) })
        : reply.status(503),
    );
    t = await startTestApp({
      LLM: 'openai',
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'sk-test',
      BULLETIN_LLM_REWRITES_PER_DAY: '1',
      BULLETIN_LLM_MIN_INTERVAL_MS: '0',
      BULLETIN_DEBOUNCE_MS: '0',
      CORTEX_SWEEP_MS: '3600000',
    });
  });
  afterEach(async () => {
    await t.close();
    await llm.close();
  });

  const drain = (): Promise<void> => t.app.get<InProcessQueue>(JOB_QUEUE).drain();

  async function remember(content: string, type: string): Promise<void> {
    const res = await t.gql<{ remember: { outcome: string } }>(REMEMBER, { input: { content, type } });
    expect(res.data?.remember.outcome).toBe('CREATED');
  }

  it('should serve the LLM version once it keeps every memory, count its tokens, then stop at the daily cap', async () => {
    await remember('My name is Ada Lovelace', 'IDENTITY');
    await remember('I prefer green tea in the morning', 'PREFERENCE');
    const template = (await t.gql<{ refreshBulletin: BulletinView }>(REFRESH)).data!.refreshBulletin;
    await drain();
    const rewritten = (await t.gql<{ bulletin: BulletinView }>(BULLETIN)).data!.bulletin;

    expect(rewrites()).toHaveLength(1);
    expect(templateOf(rewrites()[0]!)).toBe(template.content);
    expect(rewritten.id).not.toBe(template.id);
    expect(rewritten.content).toBe(rewrite(template.content));
    expect(rewritten.memoryIds).toEqual(template.memoryIds);
    const usage = t.app.get<LlmUsageStore>(LLM_USAGE_STORE);
    await expect(usage.listUsage(utcDay(new Date()))).resolves.toEqual([
      {
        tenantId: 'alice',
        job: JobName.RewriteBulletin,
        day: utcDay(new Date()),
        calls: 1,
        promptTokens: 10,
        completionTokens: 10,
      },
    ]);

    await remember('Decided to use Bernoulli numbers as the example', 'DECISION');
    const next = (await t.gql<{ refreshBulletin: BulletinView }>(REFRESH)).data!.refreshBulletin;
    await drain();
    const capped = (await t.gql<{ bulletin: BulletinView }>(BULLETIN)).data!.bulletin;

    expect(rewrites()).toHaveLength(1);
    expect(capped).toEqual(next);
    expect(capped.content).toContain('## Decisions');
  });

  it('should keep the deterministic text when the rewrite drops a memory', async () => {
    dropReferences = true;
    await remember('My name is Ada Lovelace', 'IDENTITY');
    await remember('I prefer green tea in the morning', 'PREFERENCE');
    const template = (await t.gql<{ refreshBulletin: BulletinView }>(REFRESH)).data!.refreshBulletin;
    await drain();

    expect(rewrites()).toHaveLength(1);
    expect((await t.gql<{ bulletin: BulletinView }>(BULLETIN)).data!.bulletin).toEqual(template);
  });

  it('should cost an idle tenant no LLM call, however often the sweep runs', async () => {
    const sweep = t.app.get(JobHandlersService).handlers[JobName.CortexSweep];
    await remember('My name is Ada Lovelace', 'IDENTITY');
    await sweep({});
    await drain();
    const calls = rewrites().length;
    for (let i = 0; i < 5; i++) {
      await sweep({});
      await drain();
    }

    expect(calls).toBe(1);
    expect(rewrites()).toHaveLength(1);
  });
});
