/**
 * Linear time judged by growth, not by the clock: a unit test never asserts milliseconds (a loaded machine makes any
 * bound flaky, and a bound loose enough for that machine misses a real regression on a fast one). The work is timed
 * at size n and at 4n: a linear call costs about four times as much, a quadratic one sixteen, an exponential one more.
 */

/** The growth from n to 4n above which a call is superlinear (linear ~4, quadratic ~16). */
export const MAX_GROWTH = 8;

/** The CPU time of `runs` calls of `run`, in ms (the smaller of CPU and wall time: neither flatters the call). */
function cost(run: () => unknown, runs: number): number {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    run();
  }
  const wall = performance.now() - started;
  const spent = process.cpuUsage(cpu);

  return Math.min(wall, (spent.user + spent.system) / 1000);
}

/**
 * How much more `work(4n)` costs than `work(n)` (best of five, alternating, so both see the same load). `work(size)`
 * returns the call to time; the small size is repeated until it costs a few milliseconds, so timer noise does not
 * decide the ratio.
 */
export function growth(work: (size: number) => () => unknown, n: number): number {
  const small = work(n);
  const large = work(4 * n);
  let runs = 1;
  while (runs < 4096 && cost(small, runs) < 4) {
    runs *= 2;
  }
  let smallBest = Infinity;
  let largeBest = Infinity;
  for (let round = 0; round < 5; round += 1) {
    smallBest = Math.min(smallBest, cost(small, runs));
    largeBest = Math.min(largeBest, cost(large, runs));
  }

  return largeBest / Math.max(smallBest, 0.001);
}
