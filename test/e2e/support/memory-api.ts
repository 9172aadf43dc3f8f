import { expectData, KEYS } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** Typed GraphQL helpers for the memory write path, shared by the write-path e2e suites. */

export const MEMORY_FIELDS = `id type content status scope channelId projectId slot importance confidence tags
  source { role channelId messageId taskId } createdAt updatedAt accessCount supersededBy { id }`;

export const REMEMBER = `mutation($input: RememberInput!) {
  remember(input: $input) {
    outcome reason
    memory { ${MEMORY_FIELDS} }
    superseded { id status content slot supersededBy { id } }
    associations { type direction weight memory { id content status } }
  }
}`;

const MEMORY = `query($id: ID!) {
  memory(id: $id) {
    ${MEMORY_FIELDS}
    associations(limit: 50) { type direction weight memory { id content status } }
  }
}`;

const PAGE = `query($filter: MemoryFilter, $limit: Int) {
  memories(filter: $filter, limit: $limit) { items { ${MEMORY_FIELDS} } total }
}`;

const RECALL = `query($input: RecallInput!) { recall(input: $input) { hits { memory { id content status } } } }`;

export interface SourceView {
  role: string;
  channelId: string | null;
  messageId: string | null;
  taskId: string | null;
}

export interface MemoryView {
  id: string;
  type: string;
  content: string;
  status: string;
  scope: string;
  channelId: string | null;
  projectId: string | null;
  slot: string | null;
  importance: number;
  confidence: number;
  tags: string[];
  source: SourceView;
  createdAt: string;
  updatedAt: string;
  accessCount: number;
  supersededBy: { id: string } | null;
}

export interface AssociationView {
  type: string;
  direction: string;
  weight: number;
  memory: { id: string; content: string; status: string };
}

export interface MemoryWithEdges extends MemoryView {
  associations: AssociationView[];
}

export interface RememberView {
  outcome: 'CREATED' | 'REINFORCED' | 'REJECTED' | 'QUARANTINED';
  reason: string | null;
  memory: MemoryView | null;
  superseded: Pick<MemoryView, 'id' | 'status' | 'content' | 'slot' | 'supersededBy'>[];
  associations: AssociationView[];
}

export type RememberInput = Record<string, unknown> & { content: string };

/** Exactly one CREATED, every other call REINFORCED the same memory. */
export function expectOneCreated(results: RememberView[]): string {
  const created = results.filter((r) => r.outcome === 'CREATED');
  expect(created).toHaveLength(1);
  const id = created[0]!.memory!.id;
  expect(results.filter((r) => r.outcome === 'REINFORCED')).toHaveLength(results.length - 1);
  expect(new Set(results.map((r) => r.memory?.id))).toEqual(new Set([id]));

  return id;
}

export const ALL_STATUSES = ['ACTIVE', 'SUPERSEDED', 'FORGOTTEN', 'QUARANTINED'] as const;

export class MemoryApi {
  constructor(
    private readonly t: TestApp,
    private readonly key: string = KEYS.alice,
  ) {}

  as(key: string): MemoryApi {
    return new MemoryApi(this.t, key);
  }

  async remember(input: RememberInput): Promise<RememberView> {
    const res = await this.t.gql<{ remember: RememberView }>(REMEMBER, { input }, this.key);

    return expectData(res, `remember(${JSON.stringify(input.content).slice(0, 80)})`).remember;
  }

  async get(id: string): Promise<MemoryWithEdges> {
    const res = await this.t.gql<{ memory: MemoryWithEdges }>(MEMORY, { id }, this.key);

    return expectData(res, `memory(${id})`).memory;
  }

  /** Every memory with one of `statuses` (default: ACTIVE only, as the API does). */
  async list(statuses?: readonly string[], extra: Record<string, unknown> = {}): Promise<MemoryView[]> {
    const filter = statuses ? { statuses, ...extra } : Object.keys(extra).length > 0 ? extra : null;
    const variables = { filter, limit: 500 };
    const res = await this.t.gql<{ memories: { items: MemoryView[]; total: number } }>(PAGE, variables, this.key);
    const page = expectData(res, 'memories').memories;
    if (page.total > page.items.length) {
      throw new Error(`list: ${page.total} memories, more than one page; narrow the filter`);
    }

    return page.items;
  }

  async all(): Promise<MemoryView[]> {
    return this.list(ALL_STATUSES);
  }

  async active(): Promise<MemoryView[]> {
    return this.list();
  }

  async activeBySlot(slot: string): Promise<MemoryView[]> {
    return (await this.active()).filter((m) => m.slot === slot);
  }

  async recall(query: string, limit = 50): Promise<{ id: string; content: string; status: string }[]> {
    const res = await this.t.gql<{ recall: { hits: { memory: { id: string; content: string; status: string } }[] } }>(
      RECALL,
      { input: { query, limit } },
      this.key,
    );

    return expectData(res, `recall(${query})`).recall.hits.map((h) => h.memory);
  }
}
