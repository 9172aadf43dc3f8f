import { needsCompaction, planCompaction, summaryTokenBudget } from 'src/extraction/compaction.policy';

const messages = (sizes: number[]): { id: string; tokenCount: number }[] =>
  sizes.map((tokenCount, i) => ({ id: `m${i}`, tokenCount }));

describe('compaction policy', () => {
  it('should start past 80% of the budget', () => {
    expect(needsCompaction(800, 1000)).toBe(false);
    expect(needsCompaction(801, 1000)).toBe(true);
  });

  it('should compact the oldest messages until 40% of the budget stays live', () => {
    const live = messages([200, 200, 200, 100, 100, 50]);

    expect(planCompaction({ candidates: live, liveTokens: 850, liveCount: 6, budget: 1000, forced: false })).toEqual([
      'm0',
      'm1',
      'm2',
    ]);
  });

  it('should do nothing below the trigger unless forced, and compact all but the newest message when forced', () => {
    const live = messages([200, 200, 200, 100]);

    expect(planCompaction({ candidates: live, liveTokens: 700, liveCount: 4, budget: 1000, forced: false })).toEqual(
      [],
    );
    expect(planCompaction({ candidates: live, liveTokens: 700, liveCount: 4, budget: 1000, forced: true })).toEqual([
      'm0',
      'm1',
      'm2',
    ]);
    expect(
      planCompaction({ candidates: live.slice(0, 2), liveTokens: 700, liveCount: 4, budget: 1000, forced: true }),
    ).toEqual(['m0', 'm1']);
  });

  it('should never compact the newest live message, and find nothing to do a second time', () => {
    const live = messages([5000]);

    expect(planCompaction({ candidates: live, liveTokens: 5000, liveCount: 1, budget: 1000, forced: true })).toEqual(
      [],
    );
    expect(planCompaction({ candidates: [], liveTokens: 150, liveCount: 2, budget: 1000, forced: true })).toEqual([]);
  });

  it('should give summaries a fifth of the budget, at least 64 tokens', () => {
    expect(summaryTokenBudget(8000)).toBe(1600);
    expect(summaryTokenBudget(100)).toBe(64);
  });
});
