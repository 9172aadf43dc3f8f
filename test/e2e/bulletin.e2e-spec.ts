import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { InProcessQueue } from 'src/jobs/in-process.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

const BULLETIN_FIELDS = 'id content generatedAt memoryIds';
const BULLETIN = `query { bulletin { ${BULLETIN_FIELDS} } }`;
const REFRESH = `mutation { refreshBulletin { ${BULLETIN_FIELDS} } }`;
const REFRESH_IMPORTANCE = 'mutation { refreshImportance }';
const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;

interface BulletinView {
  id: string;
  content: string;
  generatedAt: string;
  memoryIds: string[];
}

async function remember(t: TestApp, input: Record<string, unknown>, key: string = KEYS.alice): Promise<string> {
  const res = await t.gql<{ remember: { outcome: string; memory: { id: string } } }>(REMEMBER, { input }, key);
  expect(res.errors).toBeUndefined();
  expect(res.data?.remember.outcome).toBe('CREATED');

  return res.data?.remember.memory.id ?? '';
}

async function refresh(t: TestApp, key: string = KEYS.alice): Promise<BulletinView> {
  const res = await t.gql<{ refreshBulletin: BulletinView }>(REFRESH, {}, key);
  expect(res.errors).toBeUndefined();

  return res.data!.refreshBulletin;
}

describe('Bulletin over GraphQL (embedded mode)', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp({ BULLETIN_DEBOUNCE_MS: '0', CORTEX_SWEEP_MS: '3600000' });
  });
  afterEach(async () => {
    await t.close();
  });

  function handlers(): JobHandlersService['handlers'] {
    return t.app.get(JobHandlersService).handlers;
  }

  it('should answer cleanly for a tenant without memories: no bulletin yet, then an empty one, and 0 importance changes', async () => {
    const before = await t.gql<{ bulletin: BulletinView | null }>(BULLETIN);
    const empty = await refresh(t);
    const after = await t.gql<{ bulletin: BulletinView | null }>(BULLETIN);
    const importance = await t.gql<{ refreshImportance: number }>(REFRESH_IMPORTANCE);

    expect(before).toEqual({ data: { bulletin: null } });
    expect(empty).toMatchObject({ content: '', memoryIds: [] });
    expect(after.data?.bulletin).toEqual(empty);
    expect(importance).toEqual({ data: { refreshImportance: 0 } });
  });

  it("should cite only the tenant's ACTIVE shared memories, never a private channel's", async () => {
    const name = await remember(t, { content: 'My name is Ada Lovelace', type: 'IDENTITY' });
    const tea = await remember(t, { content: 'I prefer green tea in the morning', type: 'PREFERENCE' });
    const goal = await remember(t, { content: 'Finish the engine notes by June', type: 'GOAL' });
    const secret = await remember(t, {
      content: 'Private diagnosis discussed with the doctor',
      type: 'FACT',
      scope: 'THREAD',
      channelId: 'dm-doctor',
    });
    const project = await remember(t, {
      content: 'Project deadline is Friday',
      type: 'FACT',
      scope: 'PROJECT',
      projectId: 'engine',
    });
    const forgotten = await remember(t, { content: 'I used to live in Paris', type: 'FACT' });
    await t.gql(`mutation($id: ID!) { forget(id: $id) { id } }`, { id: forgotten });
    await remember(t, { content: 'My name is Bob Builder', type: 'IDENTITY' }, KEYS.bob);

    const bulletin = await refresh(t);

    expect([...bulletin.memoryIds].sort()).toEqual([name, tea, goal].sort());
    expect(bulletin.memoryIds).not.toEqual(expect.arrayContaining([secret]));
    expect(bulletin.content).toContain("The user's name is Ada Lovelace");
    expect(bulletin.content).toContain('## Goals and todos');
    for (const hidden of ['Private diagnosis', 'Project deadline', 'Paris', 'Bob']) {
      expect(bulletin.content).not.toContain(hidden);
    }
    for (const id of [secret, project, forgotten]) {
      expect(bulletin.content).not.toContain(id.slice(0, 8));
    }
    const bob = await refresh(t, KEYS.bob);
    expect(bob.content).toContain('Bob Builder');
    expect(bob.content).not.toContain('Ada');
  });

  it('should give the same bulletin, byte for byte, while the memories stay the same, and a new one when they change', async () => {
    await remember(t, { content: 'My name is Ada Lovelace', type: 'IDENTITY' });
    await remember(t, { content: 'I prefer green tea in the morning', type: 'PREFERENCE' });

    const first = await refresh(t);
    const second = await refresh(t);
    await remember(t, { content: 'Decided to use Bernoulli numbers as the example', type: 'DECISION' });
    const third = await refresh(t);

    expect(second).toEqual(first);
    expect(third.id).not.toBe(first.id);
    expect(third.content.startsWith(first.content.split('\n\n')[0] ?? '')).toBe(true);
    expect(third.content).toContain('## Decisions');
  });

  it('should report "skipped" from the bulletin job when nothing changed, and regenerate after a change', async () => {
    const job = handlers()[JobName.RefreshBulletin];
    await remember(t, { content: 'My name is Ada Lovelace', type: 'IDENTITY' });

    const generated = await job({ tenantId: 'alice' });
    const skipped = await job({ tenantId: 'alice' });
    await remember(t, { content: 'I prefer green tea in the morning', type: 'PREFERENCE' });
    const again = await job({ tenantId: 'alice' });

    expect(generated).toMatchObject({ status: 'generated' });
    expect(skipped).toMatchObject({ status: 'skipped' });
    expect(again).toMatchObject({ status: 'generated' });
  });

  it('should queue bulletins from the sweep only for tenants whose memories changed', async () => {
    const sweep = handlers()[JobName.CortexSweep];
    const queue = t.app.get<InProcessQueue>(JOB_QUEUE);
    await remember(t, { content: 'My name is Ada Lovelace', type: 'IDENTITY' });
    await remember(t, { content: 'My name is Bob Builder', type: 'IDENTITY' }, KEYS.bob);

    const busy = await sweep({});
    await queue.drain();
    const idle = await sweep({});
    await remember(t, { content: 'I prefer green tea in the morning', type: 'PREFERENCE' });
    const one = await sweep({});
    await queue.drain();

    expect(busy).toMatchObject({ bulletins: 2 });
    expect(idle).toMatchObject({ bulletins: 0 });
    expect(one).toMatchObject({ bulletins: 1 });
    const latest = await t.gql<{ bulletin: BulletinView }>(BULLETIN);
    expect(latest.data?.bulletin.content).toContain('green tea');
  });

  it('should rescore importance from the graph and report how many memories changed, then 0', async () => {
    const hub = await remember(t, { content: 'The user works on the analytical engine', type: 'FACT' });
    const leaves = [
      await remember(t, { content: 'The engine uses punched cards', type: 'FACT' }),
      await remember(t, { content: 'Babbage designed the engine mill', type: 'FACT' }),
      await remember(t, { content: 'The store holds a thousand numbers', type: 'FACT' }),
    ];
    const alone = await remember(t, { content: 'The user likes walking in Somerset', type: 'FACT' });
    for (const leaf of leaves) {
      const linked = await t.gql(`mutation($input: LinkInput!) { link(input: $input) { type } }`, {
        input: { fromId: leaf, toId: hub, type: 'PART_OF' },
      });
      expect(linked.errors).toBeUndefined();
    }

    const changed = await t.gql<{ refreshImportance: number }>(REFRESH_IMPORTANCE);
    const unchanged = await t.gql<{ refreshImportance: number }>(REFRESH_IMPORTANCE);
    const important = await t.gql<{ recall: { hits: { memory: { id: string; importance: number } }[] } }>(
      `query { recall(input: { mode: IMPORTANT, limit: 5 }) { hits { memory { id importance } } } }`,
    );

    expect(changed.data?.refreshImportance).toBeGreaterThanOrEqual(4);
    expect(unchanged.data?.refreshImportance).toBe(0);
    const hits = important.data?.recall.hits ?? [];
    expect(hits[0]?.memory.id).toBe(hub);
    expect(hits.find((h) => h.memory.id === alone)?.memory.importance).toBe(hits[hits.length - 1]?.memory.importance);
  });

  it('should refuse the cortex operations without a valid key', async () => {
    for (const operation of [BULLETIN, REFRESH, REFRESH_IMPORTANCE]) {
      expect(codes(await t.gql(operation, {}, null))).toEqual(['UNAUTHENTICATED']);
      expect(codes(await t.gql(operation, {}, 'wrong-key-000'))).toEqual(['UNAUTHENTICATED']);
    }
  });
});
