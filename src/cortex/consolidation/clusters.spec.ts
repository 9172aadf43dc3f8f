import { byStrength, clusterNearDuplicates, promotionGroups } from 'src/cortex/consolidation/clusters';
import type { ClusterMember, SimilarPair } from 'src/cortex/consolidation/clusters';
import { rng } from 'test/support/seeded-random';

function member(id: string, overrides: Partial<ClusterMember> = {}): ClusterMember {
  return {
    id,
    type: 'FACT',
    scopeKey: 'G',
    slot: null,
    confidence: 0.7,
    importance: 0.5,
    accessCount: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    channelId: null,
    ...overrides,
  };
}

function pair(a: string, b: string, similarity: number): SimilarPair {
  return { a, b, similarity };
}

describe('consolidation clusters', () => {
  describe(clusterNearDuplicates.name, () => {
    it('should merge a cluster into its strongest member', () => {
      const members = [member('a'), member('b', { confidence: 0.9 }), member('c')];
      const clusters = clusterNearDuplicates(members, [
        pair('a', 'b', 0.93),
        pair('b', 'c', 0.9),
        pair('a', 'c', 0.95),
      ]);

      expect(clusters).toEqual([{ survivorId: 'b', mergedIds: ['a', 'c'] }]);
    });

    it('should not merge at or below the threshold', () => {
      expect(clusterNearDuplicates([member('a'), member('b')], [pair('a', 'b', 0.88)])).toEqual([]);
    });

    it('should not chain: A≈B and B≈C leaves C out when A is the strongest and C is not close to A', () => {
      const members = [member('a', { confidence: 0.9 }), member('b'), member('c')];
      const clusters = clusterNearDuplicates(members, [pair('a', 'b', 0.92), pair('b', 'c', 0.92)]);

      expect(clusters).toEqual([{ survivorId: 'a', mergedIds: ['b'] }]);
    });

    it('should never merge across type, visibility or slot', () => {
      const members = [
        member('fact'),
        member('pref', { type: 'PREFERENCE' }),
        member('thread', { scopeKey: 'T:c1' }),
        member('slotted', { slot: 'name' }),
      ];
      const pairs = ['pref', 'thread', 'slotted'].map((id) => pair('fact', id, 0.99));

      expect(clusterNearDuplicates(members, pairs)).toEqual([]);
    });

    it('should prefer confidence, then importance, then use, then the older memory', () => {
      const old = new Date('2025-01-01T00:00:00Z');
      expect([member('x'), member('y', { importance: 0.6 })].sort(byStrength)[0]?.id).toBe('y');
      expect([member('x'), member('y', { accessCount: 2 })].sort(byStrength)[0]?.id).toBe('y');
      expect([member('x'), member('y', { createdAt: old })].sort(byStrength)[0]?.id).toBe('y');
    });

    it('should leave one memory per cluster on a generated corpus', () => {
      const random = rng(42);
      const members: ClusterMember[] = [];
      const pairs: SimilarPair[] = [];
      const truth = new Map<string, number>();
      for (let cluster = 0; cluster < 40; cluster++) {
        const size = 1 + Math.floor(random() * 5);
        const ids = Array.from({ length: size }, (_, i) => `c${cluster}-${i}`);
        ids.forEach((id) => {
          members.push(member(id, { confidence: random(), importance: random() }));
          truth.set(id, cluster);
        });
        ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => pairs.push(pair(a, b, 0.89 + random() * 0.1))));
      }
      // unrelated memories are at most 0.85 apart
      for (let i = 0; i < 400; i++) {
        const a = members[Math.floor(random() * members.length)];
        const b = members[Math.floor(random() * members.length)];
        if (a && b && truth.get(a.id) !== truth.get(b.id)) {
          pairs.push(pair(a.id, b.id, random() * 0.85));
        }
      }
      const clusters = clusterNearDuplicates(members, pairs);
      const retired = new Set(clusters.flatMap((c) => c.mergedIds));
      const survivorsPerCluster = new Map<number, number>();
      for (const m of members.filter((m) => !retired.has(m.id))) {
        const c = truth.get(m.id) ?? -1;
        survivorsPerCluster.set(c, (survivorsPerCluster.get(c) ?? 0) + 1);
      }

      expect([...survivorsPerCluster.values()].every((n) => n === 1)).toBe(true);
      expect(survivorsPerCluster.size).toBe(40);
      for (const cluster of clusters) {
        const group = [cluster.survivorId, ...cluster.mergedIds].map(
          (id) => members.find((m) => m.id === id) ?? member(id),
        );
        expect([...group].sort(byStrength)[0]?.id).toBe(cluster.survivorId);
      }
      // a second pass over what is left finds nothing to merge: consolidation is idempotent
      expect(
        clusterNearDuplicates(
          members.filter((m) => !retired.has(m.id)),
          pairs,
        ),
      ).toEqual([]);
    });
  });

  describe(promotionGroups.name, () => {
    const obs = (id: string, channelId: string | null): ClusterMember =>
      member(id, { type: 'OBSERVATION', scopeKey: channelId ? `T:${channelId}` : 'G', channelId });

    it('should group an observation repeated in three channels', () => {
      const members = [obs('a', 'c1'), obs('b', 'c2'), obs('c', 'c3'), obs('d', 'c4')];
      const groups = promotionGroups(members, [pair('a', 'b', 0.9), pair('a', 'c', 0.85)]);

      expect(groups.map((g) => g.map((m) => m.id).sort())).toEqual([['a', 'b', 'c']]);
    });

    it('should not promote what came up in fewer channels', () => {
      const members = [obs('a', 'c1'), obs('b', 'c1'), obs('c', 'c2'), obs('d', null)];
      const pairs = [pair('a', 'b', 0.95), pair('a', 'c', 0.95), pair('a', 'd', 0.95)];

      expect(promotionGroups(members, pairs)).toEqual([]);
    });
  });
});
