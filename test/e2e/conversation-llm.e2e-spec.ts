import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { countTokens } from 'src/common/tokens';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { ChatRequest, FakeOpenAiServer, FakeReply } from 'test/support/fake-openai-server';
import { projectRoot } from 'test/support/paths';

jest.setTimeout(60_000);

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'llm');
const fixture = (name: string): { turn?: string; turnAt?: string; content: unknown } =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as { turn?: string; turnAt?: string; content: unknown };
const good = fixture('extraction-good.json');
const summary = fixture('compaction-good.json');
const refusal = readFileSync(join(FIXTURES, 'extraction-refusal.txt'), 'utf8');
const wrongShape = fixture('extraction-wrong-shape.json');

/** A team's talk about a ledger service: over a 50-token budget by its fourth message. */
const LEDGER_TALK = [
  'We picked Postgres for the ledger service after the benchmark.',
  'Mette owns the rollout plan, the deadline is July 1st.',
  'The importer throws a TypeError on empty input files.',
  'Should we keep the old MySQL replicas running for a while?',
  'Let me check the replica costs and get back to you tomorrow.',
];
const channel = (name: string): string => `${name}-${randomUUID().slice(0, 8)}`;
const schemaOf = (request: ChatRequest): string | undefined => request.response_format?.json_schema?.name;

describe('conversations with an LLM (e2e, fake OpenAI server)', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let api: ConversationApi;
  let memories: MemoryApi;
  let store: ConversationStore;
  /** Replies per schema, consumed in order; an empty extraction queue answers "no candidates". */
  const replies: Record<string, FakeReply[]> = {};

  const chats = (schema: string): ChatRequest[] =>
    fake.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.body as ChatRequest)
      .filter((body) => schemaOf(body) === schema);

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    fake.setChatHandler((request) => {
      const schema = schemaOf(request) ?? '';
      const next = replies[schema]?.shift();
      if (next) {
        return next;
      }

      return schema === 'contradiction_verdict'
        ? reply.json({ verdict: 'compatible', reason: 'different subjects' })
        : schema === 'memory_candidates'
          ? reply.json({ candidates: [] })
          : reply.status(500);
    });
    t = await startTestApp({
      LLM: 'openai',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: '1500',
      // the replies above are scripted per test: no periodic work may run between tests. A bulletin stored by the
      // cortex sweep would state the first test's facts, and the steel gate rejects a candidate restating it (the retry
      // test's reinforcements); the owed-work sweep would queue the earlier tests' owed messages again and take replies
      CORTEX_SWEEP_MS: '3600000',
      OWED_WORK_SWEEP_MS: '3600000',
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'error',
    });
    api = new ConversationApi(t);
    memories = new MemoryApi(t);
    store = t.app.get<ConversationStore>(CONVERSATION_STORE);
  });
  beforeEach(() => {
    fake.requests.length = 0;
    for (const key of Object.keys(replies)) {
      delete replies[key];
    }
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('should extract in a job after the turn, gate every candidate, and write what passes with provenance', async () => {
    const c = channel('llm');
    replies['memory_candidates'] = [reply.json(good.content)];
    await api.append({
      channelId: c,
      role: 'ASSISTANT',
      content: 'How was your week? Anything coming up?',
      createdAt: '2024-04-29T10:14:00Z',
    });
    const turn = await api.append({
      channelId: c,
      content: good.turn ?? '',
      createdAt: good.turnAt,
      speaker: 'Anders',
    });
    await api.drain();

    const [request] = chats('memory_candidates');
    const payload = JSON.parse(request?.messages[1]?.content ?? '{}') as {
      turns: { text: string }[];
      context: { text: string }[];
    };
    expect(payload.turns.map((x) => x.text)).toEqual([good.turn]);
    expect(payload.context.map((x) => x.text)).toEqual(['How was your week? Anything coming up?']);

    const written = (await memories.all()).filter((m) => m.source.messageId === turn.message.id);
    // the allergy was already kept from the user's own words in the same turn: the LLM's note reinforces it. The
    // decision is kept in the user's words in the same turn too, and the LLM's version, its date resolved, beside it
    expect(written.map((m) => m.content).sort()).toEqual([
      "I'm allergic to peanuts.",
      'The team decided to move the Atlas launch to 2024-06-02 because QA needs another week.',
      'The user has a dentist appointment on 2024-05-03 at 09:00.',
      'We decided to move the Atlas launch to June 2 because QA needs another week.',
    ]);
    expect(written.map((m) => m.content)).not.toContain("The user's name is Anders Bakker.");
    const [message] = await store.getMessages('alice', [turn.message.id]);
    expect(message?.extractedAt).not.toBeNull();
    expect((await store.extractedFrom('alice', turn.message.id)).sort()).toEqual(written.map((m) => m.id).sort());
    const allergy = await memories.get(written.find((m) => m.content.includes('peanuts'))!.id);
    expect(allergy).toMatchObject({ type: 'FACT', tags: ['health', 'allergy'] });
  });

  it('should not call the LLM for low-value, assistant or untrusted messages', async () => {
    const c = channel('quiet');
    await api.append({ channelId: c, content: 'thanks!' });
    await api.append({ channelId: c, content: 'ok 👍' });
    await api.append({ channelId: c, role: 'ASSISTANT', content: 'You mentioned you live in Oslo and love skiing.' });
    await api.append({ channelId: c, trust: 'UNKNOWN', content: 'I am the admin, I live in the server room.' });
    await api.drain();

    expect(chats('memory_candidates')).toEqual([]);
  });

  it.each([
    ['a refusal', [reply.text(refusal), reply.text(refusal), reply.text(refusal)]],
    [
      'the wrong JSON shape',
      [reply.json(wrongShape.content), reply.json(wrongShape.content), reply.json(wrongShape.content)],
    ],
    ['server errors', Array.from({ length: 6 }, () => reply.status(503))],
    [
      'a cut-off answer',
      [
        reply.text('{"candidates": [{"turn": 0, "ty', 'length'),
        reply.text('{"cand', 'length'),
        reply.text('{', 'length'),
      ],
    ],
  ])(
    'should leave the conversation intact and the message owed when the LLM answers %s every time',
    async (_what, answers) => {
      const c = channel('broken');
      replies['memory_candidates'] = answers;
      const turn = await api.append({
        channelId: c,
        content: 'I switched teams: I now work on the payments platform.',
      });
      const before = (await memories.all()).length;
      await api.drain();

      expect(chats('memory_candidates').length).toBeGreaterThanOrEqual(3);
      expect((await memories.all()).length).toBe(before);
      const [message] = await store.getMessages('alice', [turn.message.id]);
      expect(message?.extractedAt).toBeNull();
      expect((await api.messages(c)).map((m) => m.id)).toEqual([turn.message.id]);
    },
  );

  it('should retry with backoff through errors and a slow LLM, and then extract once', async () => {
    const c = channel('flaky');
    replies['memory_candidates'] = [
      reply.status(500),
      reply.status(502),
      reply.delay(5000, reply.json({ candidates: [] })),
      reply.json(good.content),
    ];
    const turn = await api.append({ channelId: c, content: good.turn ?? '', createdAt: good.turnAt });
    await api.drain();

    expect(chats('memory_candidates')).toHaveLength(4);
    // the first test stored the same facts: these writes reinforce them, and each gets its provenance to this turn too
    // (the three the LLM names and the decision the same turn kept in the user's words)
    await expect(store.extractedFrom('alice', turn.message.id)).resolves.toHaveLength(4);
    const [message] = await store.getMessages('alice', [turn.message.id]);
    expect(message?.extractedAt).not.toBeNull();
  });

  it('should extract the compacted messages first, then summarise them with the LLM', async () => {
    const c = channel('compact-llm');
    await api.configure({ channelId: c, tokenBudget: 50 });
    replies['conversation_summary'] = [reply.json(summary.content)];
    for (const content of LEDGER_TALK) {
      await api.append({ channelId: c, content });
    }
    await api.drain();

    const view = await api.channel(c);
    // the summary is held to a fifth of the channel's budget (64 tokens at least): the fixture is cut to fit
    expect(view?.summary).toMatch(
      /^- The team chose Postgres for the ledger service[\s\S]*Open question: keep the old/,
    );
    expect(countTokens(view?.summary ?? '')).toBeLessThanOrEqual(64);
    const current = await store.getSummary('alice', (await store.getChannel('alice', c))!.summaryId!);
    const compacted = (await store.listMessages('alice', c, { limit: 10, end: 'oldest' })).filter(
      (m) => m.summaryId !== null,
    );
    expect(compacted.length).toBeGreaterThan(0);
    expect(compacted.every((m) => m.extractedAt !== null && m.extractedAt <= current!.createdAt)).toBe(true);
    expect(chats('memory_candidates').length).toBeGreaterThanOrEqual(compacted.length);
  });

  it('should compact a channel one job at a time: every LLM summary asked for is a summary written', async () => {
    const c = channel('compact-serial');
    await api.configure({ channelId: c, tokenBudget: 50 });
    // a slow summariser: a later append's compaction is queued while the earlier one still waits for its summary
    replies['conversation_summary'] = Array.from({ length: 6 }, () => reply.delay(400, reply.json(summary.content)));
    for (const content of [
      ...LEDGER_TALK,
      'The replica costs are about 900 euros a month in total.',
      'Then we switch them off at the end of the quarter.',
    ]) {
      await api.append({ channelId: c, content });
    }
    await api.drain();

    const written: string[] = [];
    let id = (await store.getChannel('alice', c))?.summaryId ?? null;
    while (id !== null) {
      written.push(id);
      id = (await store.getSummary('alice', id))?.previousId ?? null;
    }
    expect(written.length).toBeGreaterThan(0);
    expect(chats('conversation_summary')).toHaveLength(written.length);
  });

  it('should fall back to the extractive summary when the LLM summary is garbage', async () => {
    const c = channel('compact-fallback');
    await api.configure({ channelId: c, tokenBudget: 40 });
    replies['conversation_summary'] = [reply.text('not json at all'), reply.text('still not json')];
    for (const content of [
      'We decided to deploy the gateway on Thursdays only.',
      'The error rate target is 0.1 percent for the gateway.',
      'Priya will write the runbook for src/gateway/deploy.sh this week.',
      'Sounds good to everyone, thanks a lot for the help.',
    ]) {
      await api.append({ channelId: c, content });
    }
    await api.drain();

    expect((await api.channel(c))?.summary).toContain('deploy the gateway on Thursdays');
  });
});
