import { directFusion, hybridRelevance, neighbourScores, RETRIEVER_WEIGHTS, topSeeds } from 'src/recall/hybrid-ranking';

const hit = (id: string, score: number): { id: string; score: number } => ({ id, score });

describe('hybrid ranking', () => {
  describe(hybridRelevance.name, () => {
    it('should give a hit first in every list the highest possible relevance, 1', () => {
      const relevance = hybridRelevance({ text: [hit('a', 9), hit('b', 3)], vector: [hit('a', 0.9), hit('b', 0.2)] });

      expect(relevance.get('a')?.relevance).toBeCloseTo(1);
      expect(relevance.get('b')?.relevance).toBeLessThan(relevance.get('a')?.relevance ?? 0);
    });

    it('should keep every relevance within 0..1 and explain which lists found the item', () => {
      const relevance = hybridRelevance({
        text: [hit('a', 5), hit('b', 4)],
        vector: [hit('c', 0.8), hit('a', 0.5)],
        neighbours: new Map([['d', 0.4]]),
      });

      for (const value of relevance.values()) {
        expect(value.relevance).toBeGreaterThanOrEqual(0);
        expect(value.relevance).toBeLessThanOrEqual(1);
      }
      expect(relevance.get('a')).toMatchObject({ text: 5, vector: 0.5, graph: null });
      expect(relevance.get('c')).toMatchObject({ text: null, vector: 0.8 });
      expect(relevance.get('d')).toMatchObject({ text: null, vector: null, graph: 0.4 });
      expect([...relevance.keys()]).toEqual(['a', 'b', 'c', 'd']);
    });

    it('should let full text outvote a vector-only hit, as its weight says', () => {
      const relevance = hybridRelevance({ text: [hit('text', 2)], vector: [hit('vector', 0.9)] });

      expect(RETRIEVER_WEIGHTS.text).toBeGreaterThan(RETRIEVER_WEIGHTS.vector);
      expect(relevance.get('text')?.relevance).toBeGreaterThan(relevance.get('vector')?.relevance ?? 1);
    });

    it('should answer nothing for no hits', () => {
      expect(hybridRelevance({ text: [], vector: [] }).size).toBe(0);
    });
  });

  describe(neighbourScores.name, () => {
    it('should pass a share of the seed score, relative to the best seed, and keep the best path', () => {
      const seeds = topSeeds(directFusion({ text: [hit('s1', 3), hit('s2', 1)], vector: [] }), 2);
      const scores = neighbourScores(seeds, [
        { seedId: 's1', id: 'n', flow: 0.5, weight: 1 },
        { seedId: 's2', id: 'n', flow: 1, weight: 0.5 },
        { seedId: 's2', id: 'm', flow: 1, weight: 1 },
      ]);

      expect(seeds.map(([id]) => id)).toEqual(['s1', 's2']);
      expect(scores.get('n')).toBeCloseTo(0.5);
      expect(scores.get('m')).toBeCloseTo((1 / 62) / (1 / 61));
    });
  });
});
