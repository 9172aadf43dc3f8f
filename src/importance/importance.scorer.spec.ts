import { RelationType } from 'src/domain/memory.enums';
import {
  accessScore,
  blendImportance,
  changed,
  normaliseCentrality,
  scoreImportance,
  weightedPageRank,
} from 'src/importance/importance.scorer';
import type { ScoredEdge, ScoredNode } from 'src/importance/importance.scorer';

function nodes(...ids: string[]): ScoredNode[] {
  return ids.map((id) => ({ id, baseImportance: 0.5, accessCount: 0 }));
}

function edge(fromId: string, toId: string, type = RelationType.RELATED_TO, weight = 1): ScoredEdge {
  return { fromId, toId, type, weight };
}

function order(scores: ReadonlyMap<string, number>): string[] {
  return [...scores].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
}

describe('importance scorer', () => {
  describe(weightedPageRank.name, () => {
    it('should rank the hub of a star first and its leaves equally', () => {
      const ranks = weightedPageRank(
        nodes('hub', 'a', 'b', 'c', 'd'),
        ['a', 'b', 'c', 'd'].map((leaf) => edge(leaf, 'hub')),
      );

      expect(order(ranks)[0]).toBe('hub');
      const leaves = ['a', 'b', 'c', 'd'].map((id) => ranks.get(id) ?? 0);
      for (const leaf of leaves) {
        expect(leaf).toBeCloseTo(leaves[0] ?? 0, 9);
      }
      expect([...ranks.values()].reduce((sum, r) => sum + r, 0)).toBeCloseTo(1, 6);
    });

    it('should rank the middle of a chain above its ends, symmetrically', () => {
      const ranks = weightedPageRank(nodes('a', 'b', 'c', 'd', 'e'), [
        edge('a', 'b'),
        edge('b', 'c'),
        edge('c', 'd'),
        edge('d', 'e'),
      ]);

      expect(ranks.get('a')).toBeCloseTo(ranks.get('e') ?? 0, 9);
      expect(ranks.get('b')).toBeCloseTo(ranks.get('d') ?? 0, 9);
      expect(ranks.get('b') ?? 0).toBeGreaterThan(ranks.get('a') ?? 0);
      expect(ranks.get('c') ?? 0).toBeGreaterThan(ranks.get('a') ?? 0);
    });

    it('should rank the two bridge nodes of two communities above the other members', () => {
      const clique = (ids: string[]): ScoredEdge[] => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => edge(a, b)));
      const ranks = weightedPageRank(nodes('a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'), [
        ...clique(['a1', 'a2', 'a3', 'a4']),
        ...clique(['b1', 'b2', 'b3', 'b4']),
        edge('a1', 'b1'),
      ]);

      expect(order(ranks).slice(0, 2).sort()).toEqual(['a1', 'b1']);
      expect(ranks.get('a1')).toBeCloseTo(ranks.get('b1') ?? 0, 9);
      expect(ranks.get('a2')).toBeCloseTo(ranks.get('b4') ?? 0, 9);
    });

    it('should weight edges by relation type: a related neighbour counts more than a contradicting one', () => {
      const ranks = weightedPageRank(nodes('x', 'related', 'contradicted', 'hub1', 'hub2'), [
        edge('hub1', 'related', RelationType.RELATED_TO),
        edge('hub2', 'contradicted', RelationType.CONTRADICTS),
        edge('hub1', 'x'),
        edge('hub2', 'x'),
      ]);

      expect(ranks.get('related') ?? 0).toBeGreaterThan(ranks.get('contradicted') ?? 0);
    });

    it('should ignore edges to nodes outside the graph, self loops and zero weights', () => {
      const ranks = weightedPageRank(nodes('a', 'b'), [
        edge('a', 'ghost'),
        edge('a', 'a'),
        edge('a', 'b', RelationType.RELATED_TO, 0),
      ]);

      expect(ranks.get('a')).toBeCloseTo(0.5, 9);
      expect(ranks.has('ghost')).toBe(false);
    });

    it('should return nothing for an empty graph', () => {
      expect(weightedPageRank([], []).size).toBe(0);
    });
  });

  describe(normaliseCentrality.name, () => {
    it('should give 1 to the most central, 0 to the least, and 0 to all when every rank is equal', () => {
      const scaled = normaliseCentrality(
        new Map([
          ['a', 0.5],
          ['b', 0.3],
          ['c', 0.2],
        ]),
      );

      expect(scaled.get('a')).toBe(1);
      expect(scaled.get('c')).toBe(0);
      expect(scaled.get('b') ?? 0).toBeGreaterThan(0);
      expect([
        ...normaliseCentrality(
          new Map([
            ['a', 0.5],
            ['b', 0.5],
          ]),
        ).values(),
      ]).toEqual([0, 0]);
    });

    it('should scale a million-memory tenant without overflowing the call stack', () => {
      const ranks = new Map(Array.from({ length: 1_000_000 }, (_, i) => [`m${i}`, (i + 1) / 1e12]));
      const scaled = normaliseCentrality(ranks);

      expect(scaled.get('m999999')).toBe(1);
      expect(scaled.get('m0')).toBe(0);
    });
  });

  describe(blendImportance.name, () => {
    it.each([
      // base, centrality, access, expected
      [0.5, 0, 0, 0.5],
      [0.5, 1, 0, 0.7],
      [0.5, 0, 1, 0.6],
      [0.5, 1, 1, 0.8],
      [0, 1, 1, 0.6],
      [1, 0, 0, 1],
      [1, 1, 1, 1],
      [0.2, 0.5, 0.5, 0.2 + 0.8 * 0.3],
    ])('should blend base %p, centrality %p and access %p into %p', (base, centrality, access, expected) => {
      expect(blendImportance(base, centrality, access)).toBeCloseTo(expected, 9);
    });
  });

  describe(accessScore.name, () => {
    it.each([
      [0, 0, 0],
      [0, 10, 0],
      [10, 10, 1],
      [3, 15, Math.log(4) / Math.log(16)],
    ])('should score %p accesses against a maximum of %p as %p', (count, max, expected) => {
      expect(accessScore(count, max)).toBeCloseTo(expected, 9);
    });
  });

  describe(scoreImportance.name, () => {
    it('should raise the hub of a star and leave an isolated memory at its explicit importance', () => {
      const scores = scoreImportance(
        [...nodes('hub', 'a', 'b', 'c'), { id: 'alone', baseImportance: 0.3, accessCount: 0 }],
        ['a', 'b', 'c'].map((leaf) => edge(leaf, 'hub')),
      );

      expect(scores.get('hub')).toEqual({ centrality: 1, importance: 0.7 });
      expect(scores.get('alone')).toEqual({ centrality: 0, importance: 0.3 });
      expect(scores.get('a')?.importance ?? 0).toBeGreaterThan(0.5);
      expect(scores.get('a')?.importance ?? 1).toBeLessThan(0.7);
    });

    it('should count access frequency relative to the most used memory of the tenant', () => {
      const scores = scoreImportance(
        [
          { id: 'used', baseImportance: 0.5, accessCount: 9 },
          { id: 'unused', baseImportance: 0.5, accessCount: 0 },
        ],
        [],
      );

      expect(scores.get('used')?.importance).toBeCloseTo(0.6, 9);
      expect(scores.get('unused')?.importance).toBe(0.5);
    });

    it('should give the same scores for the same graph whatever the input order', () => {
      const n = nodes('a', 'b', 'c', 'd');
      const e = [
        edge('a', 'b'),
        edge('b', 'c'),
        edge('c', 'd', RelationType.PART_OF),
        edge('a', 'c', RelationType.UPDATES),
      ];

      expect(scoreImportance([...n].reverse(), [...e].reverse())).toEqual(scoreImportance(n, e));
    });
  });

  describe(changed.name, () => {
    it('should treat differences below 1e-4 as unchanged', () => {
      expect(changed(0.5, 0.50005)).toBe(false);
      expect(changed(0.5, 0.5002)).toBe(true);
    });
  });
});
