import { ConsolidationService } from 'src/cortex/consolidation/consolidation.service';
import { MaintenanceService } from 'src/cortex/maintenance/maintenance.service';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryDraft, MemoryStore } from 'src/domain/memory-store.port';
import { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { draft } from 'test/contract/memory-fixtures';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { rng } from 'test/support/seeded-random';

const DAY = 86_400_000;
const TENANT = 'alice';

function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values);

  return Float32Array.from(values.map((v) => v / norm));
}

/** A random direction, and near-duplicates of it: cosine to each other about 0.93. */
function cluster(random: () => number, dimensions: number, size: number): Float32Array[] {
  const center = Array.from({ length: dimensions }, () => random() - 0.5);
  const spread = Math.hypot(...center) * 0.27;

  return Array.from({ length: size }, () =>
    unit(center.map((c) => c + ((random() - 0.5) * 2 * spread * Math.sqrt(3)) / Math.sqrt(dimensions))),
  );
}

describe('Cortex maintenance on the booted app (decay, lifetimes, consolidation)', () => {
  let t: TestApp;
  let llm: FakeOpenAiServer;
  let store: MemoryStore;
  let dimensions: number;

  beforeEach(async () => {
    llm = await startFakeOpenAiServer();
    llm.setChatHandler((request: ChatRequest) =>
      request.response_format?.json_schema?.name === 'promotion'
        ? reply.json({ promote: true, type: 'IDENTITY', content: 'The user lives in the Lisbon time zone' })
        : reply.status(503),
    );
    t = await startTestApp({
      LLM: 'openai',
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'sk-test',
      CORTEX_SWEEP_MS: '3600000',
    });
    store = t.app.get<MemoryStore>(MEMORY_STORE);
    dimensions = t.app.get<Embedder>(EMBEDDER).dimensions;
  });
  afterEach(async () => {
    await t.close();
    await llm.close();
  });

  async function insert(
    content: string,
    overrides: Partial<MemoryDraft> = {},
    vector: Float32Array | null = null,
  ): Promise<MemoryRecord> {
    const embeddingModel = vector ? t.app.get<Embedder>(EMBEDDER).model : null;
    const result = await store.insertMemory({
      memory: draft(TENANT, content, { embeddingModel, ...overrides }),
      vector,
      links: [],
      supersede: [],
    });
    if (!result.created) {
      throw new Error('not created');
    }

    return result.memory;
  }

  it('should flag fading memories, expire old events out of the bulletin, delete nothing, and write nothing on a rerun', async () => {
    const ago = (days: number): Date => new Date(Date.now() - days * DAY);
    const fresh = await insert('The user is called Ada', { type: MemoryType.IDENTITY });
    const unused = await insert('The user lives in London', { type: MemoryType.IDENTITY, lastSeenAt: ago(5) });
    const oldEvent = await insert('The user flew to Rome', { type: MemoryType.EVENT, lastSeenAt: ago(5) });
    const maintenance = t.app.get(MaintenanceService);

    const report = await maintenance.maintain(TENANT);
    const rerun = await maintenance.maintain(TENANT);
    const [a, b, c] = await store.getMemories(TENANT, [fresh.id, unused.id, oldEvent.id]);
    const bulletin = await t.gql<{ refreshBulletin: { memoryIds: string[] } }>(
      'mutation { refreshBulletin { memoryIds } }',
    );

    expect(report).toMatchObject({ scored: 3, written: 3, fading: 2, expired: 1 });
    expect(rerun.written).toBe(0);
    expect(a).toMatchObject({ status: 'ACTIVE', fading: false, expiredAt: null });
    expect(b).toMatchObject({ status: 'ACTIVE', fading: true, expiredAt: null });
    expect(c).toMatchObject({ status: 'ACTIVE', fading: true });
    expect(c?.expiredAt).toBeInstanceOf(Date);
    expect(bulletin.data?.refreshBulletin.memoryIds.sort()).toEqual([fresh.id, unused.id].sort());
  });

  it('should leave one memory per near-duplicate cluster of a generated corpus, never merging across visibility, idempotently', async () => {
    const random = rng(7);
    const clusters: MemoryRecord[][] = [];
    for (let c = 0; c < 12; c++) {
      const vectors = cluster(random, dimensions, 1 + (c % 4));
      const members: MemoryRecord[] = [];
      for (const [i, vector] of vectors.entries()) {
        members.push(await insert(`cluster ${c} statement ${i}`, { confidence: 0.5 + random() * 0.4 }, vector));
      }
      clusters.push(members);
    }
    const [privateTwin] = cluster(random, dimensions, 1);
    const shared = await insert('shared statement', {}, privateTwin ?? null);
    const secret = await insert(
      'private statement',
      { scope: MemoryScope.THREAD, channelId: 'dm' },
      privateTwin ?? null,
    );
    const consolidation = t.app.get(ConsolidationService);

    const first = await consolidation.consolidate(TENANT);
    const second = await consolidation.consolidate(TENANT);

    const expectedMerges = clusters.reduce((sum, members) => sum + members.length - 1, 0);
    expect(first.merged).toBe(expectedMerges);
    expect(second.merged).toBe(0);
    for (const members of clusters) {
      const now = await store.getMemories(
        TENANT,
        members.map((m) => m.id),
      );
      const active = now.filter((m) => m.status === MemoryStatus.ACTIVE);
      const strongest = [...members].sort((x, y) => y.confidence - x.confidence)[0];
      expect(active.map((m) => m.id)).toEqual([strongest?.id]);
      for (const retired of now.filter((m) => m.status !== MemoryStatus.ACTIVE)) {
        expect(retired).toMatchObject({ status: MemoryStatus.SUPERSEDED, supersededBy: strongest?.id });
      }
      if (members.length > 1) {
        const edges = await store.listAssociations(TENANT, strongest?.id ?? '', {
          types: [RelationType.UPDATES],
          direction: Direction.OUT,
          limit: 10,
        });
        expect(edges).toHaveLength(members.length - 1);
        expect(active[0]?.confidence).toBeGreaterThan(strongest?.confidence ?? 1);
      }
    }
    const [sharedNow, secretNow] = await store.getMemories(TENANT, [shared.id, secret.id]);
    expect([sharedNow?.status, secretNow?.status]).toEqual([MemoryStatus.ACTIVE, MemoryStatus.ACTIVE]);
  });

  it('should promote an observation repeated in three channels to one semantic memory with PART_OF edges, once', async () => {
    const random = rng(11);
    const vectors = cluster(random, dimensions, 3);
    const episodes: MemoryRecord[] = [];
    for (const [i, vector] of vectors.entries()) {
      episodes.push(
        await insert(
          `It is late evening for the user in Lisbon (${i})`,
          {
            type: MemoryType.OBSERVATION,
            source: { role: SourceRole.USER, channelId: `channel-${i}`, messageId: null, taskId: null, skillId: null },
          },
          vector,
        ),
      );
    }
    const promotions = (): number =>
      llm.requests.filter(
        (r) => (r.body as ChatRequest | undefined)?.response_format?.json_schema?.name === 'promotion',
      ).length;
    const consolidation = t.app.get(ConsolidationService);

    const first = await consolidation.consolidate(TENANT);
    const second = await consolidation.consolidate(TENANT);

    expect(first.promoted).toBe(1);
    expect(second.promoted).toBe(0);
    expect(promotions()).toBe(1);
    const semantic = await t.gql<{ memories: { items: { id: string; type: string; content: string }[] } }>(
      'query { memories(filter: { types: [IDENTITY] }) { items { id type content } } }',
    );
    const [identity] = semantic.data?.memories.items ?? [];
    expect(identity).toMatchObject({ type: 'IDENTITY', content: 'The user lives in the Lisbon time zone' });
    for (const episode of episodes) {
      const parts = await store.listAssociations(TENANT, episode.id, {
        types: [RelationType.PART_OF],
        direction: Direction.OUT,
        limit: 5,
      });
      expect(parts.map((p) => p.memoryId)).toEqual([identity?.id]);
    }
  });
});
