import {
  decayScore,
  DEFAULT_LIFETIME_DAYS,
  expiresAt,
  isExpired,
  isFading,
  lifetimeDays,
  parseLifetimes,
} from 'src/domain/decay';
import { MemoryType } from 'src/domain/memory.enums';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number): Date => new Date(now.getTime() - days * DAY);

describe('decay', () => {
  describe(decayScore.name, () => {
    it.each([
      // confidence, accessCount, days since access, expected = confidence × e^(−t/(1 + 0.5 × accessCount))
      [1, 0, 0, 1],
      [1, 0, 1, Math.exp(-1)],
      [0.8, 0, 2, 0.8 * Math.exp(-2)],
      [1, 2, 2, Math.exp(-1)],
      [0.9, 10, 6, 0.9 * Math.exp(-1)],
      [0.5, 4, 30, 0.5 * Math.exp(-10)],
    ])('should score confidence %p, %p accesses, %p days as %p', (confidence, accessCount, days, expected) => {
      expect(decayScore({ confidence, accessCount, lastAccessedAt: ago(days), lastSeenAt: ago(400) }, now)).toBeCloseTo(
        expected,
        9,
      );
    });

    it('should count from the last sighting when the memory was never recalled, or was seen after its last recall', () => {
      expect(decayScore({ confidence: 1, accessCount: 0, lastAccessedAt: null, lastSeenAt: ago(1) }, now)).toBeCloseTo(
        Math.exp(-1),
        9,
      );
      expect(
        decayScore({ confidence: 1, accessCount: 0, lastAccessedAt: ago(5), lastSeenAt: ago(1) }, now),
      ).toBeCloseTo(Math.exp(-1), 9);
    });

    it('should treat a future timestamp as now', () => {
      expect(
        decayScore({ confidence: 0.7, accessCount: 0, lastAccessedAt: null, lastSeenAt: ago(-3) }, now),
      ).toBeCloseTo(0.7, 9);
    });
  });

  describe(isFading.name, () => {
    it.each([
      [0.149, true],
      [0.15, false],
      [0.9, false],
      [0, true],
    ])('should flag a score of %p as fading: %p', (score, fading) => {
      expect(isFading(score)).toBe(fading);
    });
  });

  describe(lifetimeDays.name, () => {
    it.each([
      [MemoryType.IDENTITY, [], 0, 180],
      [MemoryType.PREFERENCE, [], 0, 90],
      [MemoryType.DECISION, [], 0, 14],
      [MemoryType.GOAL, [], 0, 14],
      [MemoryType.EVENT, [], 0, 3],
      [MemoryType.FACT, ['constraint'], 0, 30],
      [MemoryType.EVENT, ['constraint'], 0, 3],
      [MemoryType.EVENT, [], 1, 3 * (1 + Math.log(2))],
      [MemoryType.IDENTITY, [], 9, 180 * (1 + Math.log(10))],
    ])('should give a %s memory tagged %j with %p accesses %p days', (type, tags, accessCount, days) => {
      expect(lifetimeDays({ type, tags, accessCount, lastSeenAt: now })).toBeCloseTo(days, 9);
    });
  });

  describe(isExpired.name, () => {
    it.each([
      [MemoryType.EVENT, 2, 0, false],
      [MemoryType.EVENT, 3, 0, true],
      [MemoryType.EVENT, 4, 1, false],
      [MemoryType.DECISION, 15, 0, true],
      [MemoryType.IDENTITY, 179, 0, false],
      [MemoryType.IDENTITY, 181, 0, true],
    ])('should expire a %s memory last seen %p days ago with %p accesses: %p', (type, days, accessCount, expired) => {
      expect(isExpired({ type, tags: [], accessCount, lastSeenAt: ago(days) }, now)).toBe(expired);
    });

    it('should restart the clock when the memory is seen again', () => {
      const old = { type: MemoryType.EVENT, tags: [], accessCount: 0, lastSeenAt: ago(10) };
      expect(isExpired(old, now)).toBe(true);
      expect(isExpired({ ...old, lastSeenAt: ago(1) }, now)).toBe(false);
      expect(expiresAt({ ...old, lastSeenAt: ago(1) })).toEqual(new Date(now.getTime() + 2 * DAY));
    });
  });

  describe(parseLifetimes.name, () => {
    it('should override the named types and keep the defaults of the others', () => {
      expect(parseLifetimes(' IDENTITY=365 , EVENT=1.5')).toEqual({
        ...DEFAULT_LIFETIME_DAYS,
        IDENTITY: 365,
        EVENT: 1.5,
      });
      expect(parseLifetimes('')).toEqual(DEFAULT_LIFETIME_DAYS);
    });

    it.each(['WISH=3', 'EVENT=0', 'EVENT=-1', 'EVENT', 'EVENT=soon'])('should refuse %p', (raw) => {
      expect(() => parseLifetimes(raw)).toThrow(/TYPE=days/);
    });
  });
});
