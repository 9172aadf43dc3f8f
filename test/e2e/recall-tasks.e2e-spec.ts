import { codes, expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

const REMEMBER = `mutation($input: RememberInput!) {
  remember(input: $input) { outcome memory { id source { role taskId skillId } } }
}`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { hits { memory { id content accessCount } } } }`;

interface RecallView {
  recall: { hits: { memory: { id: string; content: string; accessCount: number } }[] };
}

describe('recall: task isolation and TYPED sorting (e2e)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function remember(input: Record<string, unknown>): Promise<string> {
    const data = expectData(
      await t.gql<{
        remember: {
          outcome: string;
          memory: { id: string; source: { role: string; taskId: string | null; skillId: string | null } };
        };
      }>(REMEMBER, { input }),
      'remember',
    );
    expect(data.remember.outcome).toBe('CREATED');

    return data.remember.memory.id;
  }

  async function recall(input: Record<string, unknown>): Promise<string[]> {
    return expectData(await t.gql<RecallView>(RECALL, { input }), 'recall').recall.hits.map((h) => h.memory.id);
  }

  beforeAll(async () => {
    t = await startTestApp();
    ids.shared = await remember({
      content: 'The user follows the Oslo weather forecast closely',
      type: 'FACT',
      importance: 0.3,
    });
    ids.taskA = await remember({
      content: 'Weather digest: heavy rain expected in Oslo on Friday',
      type: 'FACT',
      importance: 0.9,
      source: { role: 'TASK', taskId: 'weather-digest', skillId: 'forecast' },
    });
    ids.taskB = await remember({
      content: 'Commute check: Oslo weather may delay the Friday trains',
      type: 'FACT',
      importance: 0.6,
      source: { role: 'TASK', taskId: 'commute-check' },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should keep the task id and skill id on the memory', async () => {
    const data = expectData(
      await t.gql<{ memory: { source: { role: string; taskId: string; skillId: string } } }>(
        `query($id: ID!) { memory(id: $id) { source { role taskId skillId } } }`,
        { id: ids.taskA },
      ),
      'memory',
    );
    expect(data.memory.source).toEqual({ role: 'TASK', taskId: 'weather-digest', skillId: 'forecast' });
  });

  it('should leave task memories out of interactive recall in every mode', async () => {
    expect(await recall({ query: 'Oslo weather' })).toEqual([ids.shared]);
    expect(await recall({ mode: 'RECENT' })).toEqual([ids.shared]);
    expect(await recall({ mode: 'IMPORTANT' })).toEqual([ids.shared]);
    expect(await recall({ mode: 'TYPED', types: ['FACT'] })).toEqual([ids.shared]);
  });

  it("should show a task its own memories and the shared ones, never another task's", async () => {
    expect((await recall({ query: 'Oslo weather', sourceTaskId: 'weather-digest' })).sort()).toEqual(
      [ids.shared, ids.taskA].sort(),
    );
    expect(await recall({ mode: 'IMPORTANT', sourceTaskId: 'weather-digest' })).toEqual([ids.taskA, ids.shared]);
    expect((await recall({ query: 'Oslo weather', sourceTaskId: 'commute-check' })).sort()).toEqual(
      [ids.shared, ids.taskB].sort(),
    );
    // asking as a task wins over excludeTaskMemories: still never another task's
    expect(
      (await recall({ query: 'Oslo weather', sourceTaskId: 'commute-check', excludeTaskMemories: false })).sort(),
    ).toEqual([ids.shared, ids.taskB].sort());
  });

  it('should include every task memory when interactive recall asks with excludeTaskMemories false', async () => {
    expect((await recall({ query: 'Oslo weather', excludeTaskMemories: false })).sort()).toEqual(
      [ids.shared, ids.taskA, ids.taskB].sort(),
    );
  });

  it('should sort TYPED by RECENT (default), IMPORTANCE and MOST_ACCESSED', async () => {
    const all = { mode: 'TYPED', types: ['FACT'], excludeTaskMemories: false };
    expect(await recall(all)).toEqual([ids.taskB, ids.taskA, ids.shared]);
    expect(await recall({ ...all, sort: 'RECENT' })).toEqual([ids.taskB, ids.taskA, ids.shared]);
    expect(await recall({ ...all, sort: 'IMPORTANCE' })).toEqual([ids.taskA, ids.taskB, ids.shared]);

    // the access bookkeeping of recall runs after the answer: wait until the shared memory's count shows it
    const accessCount = async (): Promise<number> =>
      expectData(
        await t.gql<{ memory: { accessCount: number } }>(`query($id: ID!) { memory(id: $id) { accessCount } }`, {
          id: ids.shared,
        }),
        'memory',
      ).memory.accessCount;
    const before = await accessCount();
    await recall({ query: 'follows the forecast closely', limit: 1 });
    for (let i = 0; i < 100 && (await accessCount()) === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sorted = await recall({ ...all, sort: 'MOST_ACCESSED' });
    expect(sorted[0]).toBe(ids.shared);
  });

  it('should refuse sort outside TYPED, and a malformed sourceTaskId, with BAD_USER_INPUT', async () => {
    expect(codes(await t.gql(RECALL, { input: { query: 'Oslo', sort: 'RECENT' } }))).toEqual(['BAD_USER_INPUT']);
    expect(codes(await t.gql(RECALL, { input: { query: 'Oslo', sourceTaskId: 'has spaces in it' } }))).toEqual([
      'BAD_USER_INPUT',
    ]);
    expect(codes(await t.gql(RECALL, { input: { mode: 'TYPED', types: ['FACT'], sort: 'LOUDEST' } }))).toEqual([
      'BAD_USER_INPUT',
    ]);
  });
});
