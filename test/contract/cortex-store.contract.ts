import { randomUUID } from 'node:crypto';

import { markerKey } from 'src/domain/change-marker';
import { MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { BULLETINS_KEPT } from 'src/store/bulletin-store.port';
import type { BulletinRecord } from 'src/store/bulletin-store.port';
import type { Stores } from 'src/store/stores';
import { at, remember, SPACE } from 'test/contract/memory-fixtures';
import { purgeTenant } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

function bulletin(tenantId: string, memoryIds: string[], overrides: Partial<BulletinRecord> = {}): BulletinRecord {
  return {
    id: randomUUID(),
    tenantId,
    content: `bulletin of ${memoryIds.length}`,
    generatedAt: new Date(),
    memoryIds,
    marker: '1:2:3',
    digest: 'd',
    source: 'template',
    ...overrides,
  };
}

/** The bulletin, memory-graph and LLM-usage ports and MemoryStore.supersedeInto: every adapter must pass it unchanged. */
export function describeCortexStoreContract(harness: StoreHarness): void {
  describe(`Cortex store contract (${harness.name})`, () => {
    let stores: Stores;
    let tenants: string[] = [];

    function tenant(): string {
      const id = `cortex-${randomUUID()}`;
      tenants.push(id);

      return id;
    }

    beforeAll(async () => {
      stores = harness.open();
      await stores.connection.init(SPACE);
    });

    afterEach(async () => {
      for (const id of tenants) {
        await purgeTenant(stores, id);
      }
      tenants = [];
    });

    afterAll(async () => {
      await stores.connection.close();
      harness.dispose();
    });

    describe('BulletinStore', () => {
      it('should store a bulletin once, citing only ACTIVE memories of its tenant, in line order', async () => {
        const t = tenant();
        const other = tenant();
        const b = await remember(stores.memories, t, 'The user is called Ada');
        const a = await remember(stores.memories, t, 'The user lives in London');
        const retired = await remember(stores.memories, t, 'The user lived in Paris');
        await stores.memories.setStatus(t, retired.id, MemoryStatus.SUPERSEDED, at(5));
        const foreign = await remember(stores.memories, other, 'Another tenant fact');
        const record = bulletin(t, [b.id, a.id, retired.id, foreign.id, 'missing']);

        const first = await stores.bulletins.saveBulletin(record);
        const again = await stores.bulletins.saveBulletin({ ...record, content: 'different', generatedAt: at(99) });

        expect(first.created).toBe(true);
        expect(first.bulletin.memoryIds).toEqual([b.id, a.id]);
        expect(first.bulletin).toMatchObject({
          id: record.id,
          tenantId: t,
          content: record.content,
          marker: '1:2:3',
          source: 'template',
        });
        expect(again.created).toBe(false);
        expect(again.bulletin.content).toBe(record.content);
        await expect(stores.bulletins.getBulletin(other, record.id)).resolves.toBeNull();
        await expect(stores.bulletins.latestBulletin(other)).resolves.toBeNull();
      });

      it('should answer the newest bulletin as latest, confirm a marker on it, and report it per tenant', async () => {
        const t = tenant();
        await stores.bulletins.saveBulletin(bulletin(t, [], { generatedAt: at(1) }));
        const newest = (
          await stores.bulletins.saveBulletin(bulletin(t, [], { generatedAt: at(2), content: '', source: 'llm' }))
        ).bulletin;
        await stores.bulletins.confirmBulletin(t, newest.id, '9:9:9');

        const latest = await stores.bulletins.latestBulletin(t);
        const states = await stores.bulletins.latestBulletinStates();

        expect(latest).toMatchObject({ id: newest.id, marker: '9:9:9', generatedAt: at(2) });
        expect(states.get(t)).toEqual({
          id: newest.id,
          marker: '9:9:9',
          generatedAt: at(2),
          source: 'llm',
          empty: true,
        });
      });

      it(`should keep the ${BULLETINS_KEPT} newest bulletins of a tenant`, async () => {
        const t = tenant();
        const ids: string[] = [];
        for (let i = 0; i < BULLETINS_KEPT + 3; i++) {
          ids.push((await stores.bulletins.saveBulletin(bulletin(t, [], { generatedAt: at(i) }))).bulletin.id);
        }

        await expect(stores.bulletins.getBulletin(t, ids[0] ?? '')).resolves.toBeNull();
        await expect(stores.bulletins.getBulletin(t, ids[3] ?? '')).resolves.not.toBeNull();
      });

      it('should offer as candidates only ACTIVE, GLOBAL, non-task, unexpired memories of the tenant, and no observations', async () => {
        const t = tenant();
        const kept = await remember(stores.memories, t, 'The user is called Ada', {
          overrides: { type: MemoryType.IDENTITY },
        });
        const event = await remember(stores.memories, t, 'The user flew to Rome', {
          overrides: { type: MemoryType.EVENT },
        });
        await remember(stores.memories, t, 'Said in a private channel', {
          overrides: { scope: MemoryScope.THREAD, channelId: 'dm' },
        });
        await remember(stores.memories, t, 'Only for the project', {
          overrides: { scope: MemoryScope.PROJECT, projectId: 'p' },
        });
        await remember(stores.memories, t, 'Written by a task', {
          overrides: {
            source: { role: SourceRole.TASK, channelId: null, messageId: null, taskId: 'job', skillId: null },
          },
        });
        await remember(stores.memories, t, 'Seemed tired', { overrides: { type: MemoryType.OBSERVATION } });
        const forgotten = await remember(stores.memories, t, 'Forgotten fact');
        await stores.memories.setStatus(t, forgotten.id, MemoryStatus.FORGOTTEN, at(3));
        const expired = await remember(stores.memories, t, 'An old event', { overrides: { type: MemoryType.EVENT } });
        await stores.graph.writeDecay(t, [{ id: expired.id, decayScore: 0.1, fading: true, expiredAt: at(4) }], at(4));
        await remember(stores.memories, tenant(), 'The other tenant is called Bob', {
          overrides: { type: MemoryType.IDENTITY },
        });

        const candidates = await stores.bulletins.bulletinCandidates(t, 10);

        expect(candidates.map((c) => c.id).sort()).toEqual([kept.id, event.id].sort());
      });

      it('should take the most important of each type and the latest events', async () => {
        const t = tenant();
        for (let i = 0; i < 5; i++) {
          await remember(stores.memories, t, `preference number ${i}`, {
            overrides: { type: MemoryType.PREFERENCE, importance: i / 10 },
          });
          await remember(stores.memories, t, `event number ${i}`, {
            overrides: { type: MemoryType.EVENT, importance: 1 - i / 10, occurredAt: at(i) },
          });
        }

        const candidates = await stores.bulletins.bulletinCandidates(t, 2);
        const contents = candidates.map((c) => c.content).sort();

        expect(contents).toEqual([
          'event number 0',
          'event number 1',
          'event number 3',
          'event number 4',
          'preference number 3',
          'preference number 4',
        ]);
      });
    });

    describe('MemoryGraphStore', () => {
      it('should change the marker on insert, status change, reinforcement and delete, and not on access or rescoring', async () => {
        const t = tenant();
        const empty = await stores.graph.changeMarker(t);
        const m = await remember(stores.memories, t, 'The user likes tea', {
          overrides: { updatedAt: at(1), createdAt: at(1) },
        });
        const afterInsert = await stores.graph.changeMarker(t);
        await stores.memories.recordAccess(t, [m.id], at(2));
        await stores.graph.writeImportance(t, [{ id: m.id, importance: 0.9, centrality: 0.5 }]);
        const afterAccess = await stores.graph.changeMarker(t);
        await stores.memories.reinforceMemory(t, m.id, { confidence: 0.9, seenAt: at(3) });
        const afterReinforce = await stores.graph.changeMarker(t);
        const other = await remember(stores.memories, t, 'The user likes coffee', { overrides: { updatedAt: at(4) } });
        await stores.memories.deleteMemory(t, other.id);
        const afterDelete = await stores.graph.changeMarker(t);
        await stores.memories.setStatus(t, m.id, MemoryStatus.FORGOTTEN, at(5));
        const afterForget = await stores.graph.changeMarker(t);

        expect(empty).toEqual({ tenantId: t, count: 0, lastChangeAt: 0, createdSum: 0 });
        expect(afterInsert).toMatchObject({ count: 1, lastChangeAt: at(1).getTime() });
        expect(markerKey(afterAccess)).toBe(markerKey(afterInsert));
        expect(markerKey(afterReinforce)).not.toBe(markerKey(afterAccess));
        expect(markerKey(afterDelete)).toBe(markerKey(afterReinforce));
        expect(afterForget.count).toBe(0);
        const markers = await stores.graph.changeMarkers();
        expect(markers.find((x) => x.tenantId === t)).toBeUndefined();
      });

      it('should list every tenant with memories, and one marker per tenant with ACTIVE ones', async () => {
        const t1 = tenant();
        const t2 = tenant();
        await remember(stores.memories, t1, 'first tenant fact');
        await remember(stores.memories, t2, 'second tenant fact');
        await remember(stores.memories, t2, 'second tenant other fact');

        const tenants = await stores.graph.listTenants();
        const markers = await stores.graph.changeMarkers();

        expect(tenants).toEqual(expect.arrayContaining([t1, t2]));
        expect(markers.find((m) => m.tenantId === t2)?.count).toBe(2);
        expect(markers.find((m) => m.tenantId === t2)).toEqual(await stores.graph.changeMarker(t2));
      });

      it('should read the ACTIVE graph with edges between ACTIVE memories only, and write scores back without touching updatedAt', async () => {
        const t = tenant();
        const [a, b, c, gone] = (await Promise.all(
          ['alpha fact', 'beta fact', 'gamma fact', 'retired fact'].map((text, i) =>
            remember(stores.memories, t, text, { overrides: { updatedAt: at(i), baseImportance: 0.4 } }),
          ),
        )) as [MemoryRecord, MemoryRecord, MemoryRecord, MemoryRecord];
        const edge = (from: MemoryRecord, to: MemoryRecord, type: RelationType) =>
          stores.memories.upsertAssociation({
            tenantId: t,
            fromId: from.id,
            toId: to.id,
            type,
            weight: 0.8,
            createdAt: at(9),
          });
        await edge(a, b, RelationType.RELATED_TO);
        await edge(b, c, RelationType.PART_OF);
        await edge(c, gone, RelationType.UPDATES);
        await stores.memories.setStatus(t, gone.id, MemoryStatus.SUPERSEDED, at(10));

        const graph = await stores.graph.readImportanceGraph(t);
        const written = await stores.graph.writeImportance(t, [{ id: a.id, importance: 0.75, centrality: 0.5 }]);
        const [after] = await stores.memories.getMemories(t, [a.id]);

        expect(graph.nodes.map((n) => n.id).sort()).toEqual([a.id, b.id, c.id].sort());
        expect(graph.nodes.find((n) => n.id === a.id)).toEqual({
          id: a.id,
          baseImportance: 0.4,
          importance: 0.5,
          centrality: 0,
          accessCount: 0,
        });
        expect(graph.edges.map((e) => `${e.fromId === a.id ? 'a' : 'b'}-${e.type}-${e.weight}`).sort()).toEqual([
          'a-RELATED_TO-0.8',
          'b-PART_OF-0.8',
        ]);
        expect(written).toBe(1);
        expect(after).toMatchObject({ importance: 0.75, centrality: 0.5, updatedAt: a.updatedAt });
        await expect(
          stores.graph.writeImportance(tenant(), [{ id: a.id, importance: 0.1, centrality: 0 }]),
        ).resolves.toBe(0);
      });

      it('should page decay facts by id and move updatedAt only when a memory expires or is current again', async () => {
        const t = tenant();
        const memories = await Promise.all(
          [1, 2, 3].map((i) =>
            remember(stores.memories, t, `decaying fact ${i}`, { overrides: { updatedAt: at(i), tags: ['x'] } }),
          ),
        );
        const [first, second] = [...memories].sort((x, y) => (x.id < y.id ? -1 : 1)) as [
          MemoryRecord,
          MemoryRecord,
          MemoryRecord,
        ];

        const page1 = await stores.graph.readDecayFacts(t, null, 2);
        const page2 = await stores.graph.readDecayFacts(t, page1[1]?.id ?? null, 2);
        await stores.graph.writeDecay(
          t,
          [
            { id: first.id, decayScore: 0.1, fading: true, expiredAt: null },
            { id: second.id, decayScore: 0.05, fading: true, expiredAt: at(50) },
          ],
          at(60),
        );
        const [faded, expired] = await stores.memories.getMemories(t, [first.id, second.id]);
        const facts = await stores.graph.readDecayFacts(t, null, 10);
        await stores.graph.writeDecay(t, [{ id: second.id, decayScore: 0.9, fading: false, expiredAt: null }], at(70));
        const [current] = await stores.memories.getMemories(t, [second.id]);

        expect(page1.map((r) => r.id)).toEqual([first.id, second.id]);
        expect(page2).toHaveLength(1);
        expect(page1[0]).toMatchObject({
          type: MemoryType.FACT,
          tags: ['x'],
          confidence: 0.7,
          accessCount: 0,
          decayScore: null,
          fading: false,
          expiredAt: null,
        });
        expect(faded).toMatchObject({ fading: true, expiredAt: null, updatedAt: first.updatedAt });
        expect(expired).toMatchObject({ fading: true, expiredAt: at(50), updatedAt: at(60) });
        expect(facts.find((r) => r.id === second.id)).toMatchObject({
          decayScore: 0.05,
          fading: true,
          expiredAt: at(50),
        });
        expect(current).toMatchObject({ fading: false, expiredAt: null, updatedAt: at(70) });
      });

      it('should read consolidation candidates with their vectors, changed since a time, oldest change first', async () => {
        const t = tenant();
        const old = await remember(stores.memories, t, 'old candidate', { overrides: { updatedAt: at(1) } });
        const fresh = await remember(stores.memories, t, 'fresh candidate', { overrides: { updatedAt: at(5) } });
        await remember(stores.memories, t, 'no vector', {
          overrides: { updatedAt: at(6), embeddingModel: null },
          vectorText: null,
        });

        const all = await stores.graph.readConsolidationCandidates(t, null, 10);
        const since = await stores.graph.readConsolidationCandidates(t, at(3), 10);

        expect(all.map((r) => r.id)).toEqual([old.id, fresh.id]);
        expect(all[0]?.vector).toHaveLength(SPACE.dimensions);
        expect(since.map((r) => r.id)).toEqual([fresh.id]);
        expect(since[0]).toMatchObject({
          scope: MemoryScope.GLOBAL,
          sourceRole: SourceRole.USER,
          type: MemoryType.FACT,
          updatedAt: at(5),
        });
      });

      it('should keep job state per tenant and job', async () => {
        const t = tenant();
        await stores.graph.writeJobState(t, 'importance', 'one');
        await stores.graph.writeJobState(t, 'importance', 'two');

        await expect(stores.graph.readJobState(t, 'importance')).resolves.toBe('two');
        await expect(stores.graph.readJobState(t, 'consolidation')).resolves.toBeNull();
        await expect(stores.graph.readJobState(tenant(), 'importance')).resolves.toBeNull();
      });
    });

    describe('MemoryStore.supersedeInto', () => {
      it('should retire ACTIVE memories into the survivor with UPDATES edges, once', async () => {
        const t = tenant();
        const survivor = await remember(stores.memories, t, 'The user drinks green tea');
        const twin = await remember(stores.memories, t, 'The user drinks green tea daily');
        const forgotten = await remember(stores.memories, t, 'The user drinks green tea often');
        await stores.memories.setStatus(t, forgotten.id, MemoryStatus.FORGOTTEN, at(1));

        const retired = await stores.memories.supersedeInto(
          t,
          survivor.id,
          [twin.id, forgotten.id, survivor.id],
          at(2),
        );
        const rerun = await stores.memories.supersedeInto(t, survivor.id, [twin.id], at(3));
        const edges = await stores.memories.listAssociations(t, survivor.id, { limit: 10 });
        const intoRetired = await stores.memories.supersedeInto(t, twin.id, [survivor.id], at(4));

        expect(retired.map((m) => [m.id, m.status, m.supersededBy])).toEqual([
          [twin.id, MemoryStatus.SUPERSEDED, survivor.id],
        ]);
        expect(rerun).toEqual([]);
        expect(edges.map((e) => [e.type, e.direction, e.memoryId, e.weight])).toEqual([
          [RelationType.UPDATES, 'OUT', twin.id, 1],
        ]);
        expect(intoRetired).toEqual([]);
        await expect(stores.memories.supersedeInto(tenant(), survivor.id, [twin.id], at(5))).resolves.toEqual([]);
      });
    });

    describe('LlmUsageStore', () => {
      it('should add calls and tokens per tenant, job and day, and list them newest day first', async () => {
        const t = tenant();
        await stores.llmUsage.addUsage({
          tenantId: t,
          job: 'rewrite-bulletin',
          day: '2026-01-01',
          calls: 1,
          promptTokens: 10,
          completionTokens: 5,
        });
        await stores.llmUsage.addUsage({
          tenantId: t,
          job: 'rewrite-bulletin',
          day: '2026-01-01',
          calls: 1,
          promptTokens: 20,
          completionTokens: 7,
        });
        await stores.llmUsage.addUsage({
          tenantId: t,
          job: 'rewrite-bulletin',
          day: '2026-01-02',
          calls: 1,
          promptTokens: 1,
          completionTokens: 1,
        });

        await expect(stores.llmUsage.callsOn(t, 'rewrite-bulletin', '2026-01-01')).resolves.toBe(2);
        await expect(stores.llmUsage.callsOn(t, 'consolidate-memories', '2026-01-01')).resolves.toBe(0);
        const rows = (await stores.llmUsage.listUsage('2026-01-01')).filter((r) => r.tenantId === t);
        expect(rows).toEqual([
          { tenantId: t, job: 'rewrite-bulletin', day: '2026-01-02', calls: 1, promptTokens: 1, completionTokens: 1 },
          { tenantId: t, job: 'rewrite-bulletin', day: '2026-01-01', calls: 2, promptTokens: 30, completionTokens: 12 },
        ]);
        expect((await stores.llmUsage.listUsage('2026-01-02')).filter((r) => r.tenantId === t)).toHaveLength(1);
      });
    });
  });
}
