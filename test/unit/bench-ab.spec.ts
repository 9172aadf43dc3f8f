import { medianOver, summariesOf } from 'bench/ab.bench';
import { summarize } from 'bench/support/stats';

describe(summariesOf.name, () => {
  it('should keep the latency summaries of a result and nothing else', () => {
    const append = summarize([3, 1, 2]);

    expect(summariesOf({ size: 10_000, appendMessage: append, skipped: summarize([]), rows: [1] })).toEqual({
      appendMessage: append,
    });
    expect(summariesOf(null)).toEqual({});
  });
});

describe(medianOver.name, () => {
  it("should take the middle run's value of a statistic", () => {
    const runs = [10, 30, 20].map((p) => ({ remember: { ...summarize([1]), p95: p } }));

    expect(medianOver(runs, 'remember', 'p95')).toBe(20);
    expect(medianOver(runs.slice(0, 2), 'remember', 'p95')).toBe(20);
    expect(medianOver(runs, 'context', 'p95')).toBeNaN();
  });
});
