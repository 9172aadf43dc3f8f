import { MemoryScope, MemoryType } from 'src/domain/memory.enums';
import {
  finalScore,
  modulate,
  reciprocalRankFusion,
  retention,
  RRF_K,
  scopeBoost,
  Tier,
  tierOf,
  vitality,
  VITALITY,
} from 'src/recall/ranking';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number): Date => new Date(now.getTime() - days * DAY);

describe('ranking', () => {
  describe(reciprocalRankFusion.name, () => {
    it('should sum weight / (k + rank) over the lists', () => {
      const fused = reciprocalRankFusion([
        { ids: ['a', 'b'], weight: 1 },
        { ids: ['b', 'c'], weight: 0.5 },
      ]);
      expect(fused.get('a')).toBeCloseTo(1 / 61);
      expect(fused.get('b')).toBeCloseTo(1 / 62 + 0.5 / 61);
      expect(fused.get('c')).toBeCloseTo(0.5 / 62);
      expect(RRF_K).toBe(60);
    });

    it('should rank an item both lists agree on above items only one list has', () => {
      const fused = reciprocalRankFusion([
        { ids: ['x', 'shared'], weight: 1 },
        { ids: ['y', 'shared'], weight: 1 },
      ]);
      const order = [...fused.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
      expect(order[0]).toBe('shared');
    });
  });

  describe(retention.name, () => {
    const base = { type: MemoryType.EVENT, scope: MemoryScope.GLOBAL, accessCount: 0, now };

    it.each([
      [0, 1],
      [7, Math.exp(-1)],
      [14, Math.exp(-2)],
    ])('should follow exp(-t/S) for an event %i days old', (days, expected) => {
      expect(retention({ ...base, lastTouchedAt: ago(days) })).toBeCloseTo(expected, 6);
    });

    it('should let identity outlast events', () => {
      const touched = ago(30);
      expect(retention({ ...base, type: MemoryType.IDENTITY, lastTouchedAt: touched })).toBeGreaterThan(
        retention({ ...base, lastTouchedAt: touched }) * 10,
      );
    });

    it('should decay THREAD memories faster than GLOBAL ones', () => {
      const touched = ago(10);
      expect(retention({ ...base, scope: MemoryScope.THREAD, lastTouchedAt: touched })).toBeLessThan(
        retention({ ...base, lastTouchedAt: touched }),
      );
    });

    it('should grow stability with access count', () => {
      const touched = ago(20);
      const fresh = retention({ ...base, lastTouchedAt: touched });
      const used = retention({ ...base, accessCount: 10, lastTouchedAt: touched });
      expect(used).toBeGreaterThan(fresh);
    });

    it('should not exceed 1 for a timestamp in the future', () => {
      expect(retention({ ...base, lastTouchedAt: new Date(now.getTime() + DAY) })).toBe(1);
    });
  });

  describe(tierOf.name, () => {
    it.each([
      [0.9, Tier.HIGH],
      [0.5, Tier.HIGH],
      [0.49, Tier.MEDIUM],
      [0.25, Tier.MEDIUM],
      [0.1, Tier.LOW],
    ])('should put %d in %s', (score, tier) => {
      expect(tierOf(score)).toBe(tier);
    });
  });

  describe(finalScore.name, () => {
    it('should keep a relevant old memory above an irrelevant fresh one', () => {
      const oldRelevant = finalScore({ relevance: 0.9, importance: 0.2, confidence: 0.5, recency: 0, scope: 1 });
      const freshIrrelevant = finalScore({ relevance: 0.3, importance: 1, confidence: 1, recency: 1, scope: 1 });
      expect(oldRelevant).toBeGreaterThan(freshIrrelevant);
    });

    it('should multiply the modulated signals', () => {
      const parts = {
        relevance: 0.8,
        importance: 0.5,
        confidence: 1,
        recency: 0.5,
        scope: scopeBoost(MemoryScope.THREAD),
      };
      expect(finalScore(parts)).toBeCloseTo(0.8 * modulate(0.5, 0.6) * 1 * modulate(0.5, 0.6) * 1.2);
    });
  });
});

describe('ranking: vitality', () => {
  describe(vitality.name, () => {
    it.each([
      [false, null, 1],
      [true, null, VITALITY.fading],
      [false, new Date(0), VITALITY.expired],
      [true, new Date(0), VITALITY.expired],
    ])('should give fading %p, expired %p a vitality of %p', (fading, expiredAt, expected) => {
      expect(vitality({ fading, expiredAt })).toBe(expected);
    });

    it('should rank a fading memory below an equally relevant current one, but above a much less relevant one', () => {
      const parts = { relevance: 0.8, importance: 0.5, confidence: 0.5, recency: 0.5, scope: 1 };
      const current = finalScore(parts);
      const fading = finalScore({ ...parts, vitality: vitality({ fading: true, expiredAt: null }) });

      expect(fading).toBeLessThan(current);
      expect(fading).toBeGreaterThan(finalScore({ ...parts, relevance: 0.5 }));
    });
  });
});
