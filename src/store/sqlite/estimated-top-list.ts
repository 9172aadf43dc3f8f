/**
 * The `limit` best of items 0..n-1 by score, where each item is pushed with an estimate within `bound` of its score
 * and the score itself is computed (once, by `score`) only when a comparison cannot be decided from the estimates.
 * The heap makes the same moves as a min-heap pushed the scores themselves in the same order (BinaryVectorIndex's
 * TopList), so it keeps the same items, ties included, and drains them in the same order with the same scores.
 */
export class EstimatedTopList {
  private heap = new Int32Array(64);
  private estimates = new Float64Array(64);
  private scores = new Float64Array(64);
  private known = new Uint8Array(64);
  private limit = 0;
  private length = 0;
  private bound = Infinity;
  private score: (item: number) => number = () => NaN;

  /** Items will be below `items`; a bound of Infinity (or NaN) computes every score a comparison meets. */
  reset(limit: number, items: number, bound: number, score: (item: number) => number): void {
    if (limit > this.heap.length) {
      this.heap = new Int32Array(limit);
    }
    if (items > this.estimates.length) {
      this.estimates = new Float64Array(items);
      this.scores = new Float64Array(items);
      this.known = new Uint8Array(items);
    } else {
      this.known.fill(0, 0, items);
    }
    this.limit = limit;
    this.length = 0;
    this.bound = Number.isNaN(bound) ? Infinity : bound;
    this.score = score;
  }

  push(item: number, estimate: number): void {
    this.estimates[item] = estimate;
    const heap = this.heap;
    if (this.length < this.limit) {
      let i = this.length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.atMost(heap[parent]!, item)) {
          break;
        }
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = item;

      return;
    }
    if (this.length === 0 || this.atMost(item, heap[0]!)) {
      return;
    }
    const n = this.length;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) {
        break;
      }
      if (child + 1 < n && this.below(heap[child + 1]!, heap[child]!)) {
        child++;
      }
      if (this.atMost(item, heap[child]!)) {
        break;
      }
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = item;
  }

  /** Items best first, with their scores; empties the list. */
  drain(): { items: Int32Array; scores: Float64Array } {
    const n = this.length;
    const scores = Float64Array.from(this.heap.subarray(0, n), (item) => this.resolve(item));
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    const items = Int32Array.from(order, (i) => this.heap[i]!);
    this.length = 0;

    return { items, scores: Float64Array.from(order, (i) => scores[i]!) };
  }

  /** score(a) <= score(b), from the estimates when their intervals decide it. */
  private atMost(a: number, b: number): boolean {
    const bound = this.bound;
    const knownA = this.known[a] === 1;
    const knownB = this.known[b] === 1;
    const lowA = knownA ? this.scores[a]! : this.estimates[a]! - bound;
    const highA = knownA ? this.scores[a]! : this.estimates[a]! + bound;
    const lowB = knownB ? this.scores[b]! : this.estimates[b]! - bound;
    const highB = knownB ? this.scores[b]! : this.estimates[b]! + bound;
    if (highA <= lowB) {
      return true;
    }
    if (lowA > highB) {
      return false;
    }

    return this.resolve(a) <= this.resolve(b);
  }

  /** score(a) < score(b), likewise. */
  private below(a: number, b: number): boolean {
    const bound = this.bound;
    const knownA = this.known[a] === 1;
    const knownB = this.known[b] === 1;
    const lowA = knownA ? this.scores[a]! : this.estimates[a]! - bound;
    const highA = knownA ? this.scores[a]! : this.estimates[a]! + bound;
    const lowB = knownB ? this.scores[b]! : this.estimates[b]! - bound;
    const highB = knownB ? this.scores[b]! : this.estimates[b]! + bound;
    if (highA < lowB) {
      return true;
    }
    if (lowA >= highB) {
      return false;
    }

    return this.resolve(a) < this.resolve(b);
  }

  private resolve(item: number): number {
    if (this.known[item] === 0) {
      this.scores[item] = this.score(item);
      this.known[item] = 1;
    }

    return this.scores[item]!;
  }
}
