import { EstimatedTopList } from 'src/store/sqlite/estimated-top-list';

/** The min-heap EstimatedTopList must move like (BinaryVectorIndex's TopList), pushed exact scores. */
function reference(scores: readonly number[], limit: number): { items: number[]; scores: number[] } {
  const heapScores: number[] = [];
  const heapItems: number[] = [];
  scores.forEach((score, item) => {
    if (heapScores.length < limit) {
      let i = heapScores.length;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heapScores[parent]! <= score) {
          break;
        }
        heapScores[i] = heapScores[parent]!;
        heapItems[i] = heapItems[parent]!;
        i = parent;
      }
      heapScores[i] = score;
      heapItems[i] = item;

      return;
    }
    if (score <= heapScores[0]!) {
      return;
    }
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= limit) {
        break;
      }
      if (child + 1 < limit && heapScores[child + 1]! < heapScores[child]!) {
        child++;
      }
      if (heapScores[child]! >= score) {
        break;
      }
      heapScores[i] = heapScores[child]!;
      heapItems[i] = heapItems[child]!;
      i = child;
    }
    heapScores[i] = score;
    heapItems[i] = item;
  });
  const order = heapScores.map((_, i) => i).sort((a, b) => heapScores[b]! - heapScores[a]!);

  return { items: order.map((i) => heapItems[i]!), scores: order.map((i) => heapScores[i]!) };
}

function seeded(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;

    return (seed >>> 0) / 2 ** 32;
  };
}

describe(EstimatedTopList.name, () => {
  it('keeps and orders the items a heap of exact scores keeps, ties included, scoring few of them', () => {
    const random = seeded(7);
    const top = new EstimatedTopList();
    let scored = 0;
    let pushed = 0;
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(random() * 300);
      const limit = 1 + Math.floor(random() * 40);
      const bound = [0, 1e-6, 1e-3, 0.05, Infinity][round % 5]!;
      // coarse values make exact ties common; NaN scores follow the comparisons' NaN rules
      const scores = Array.from({ length: count }, () => (random() < 0.01 ? NaN : Math.round(random() * 50) / 50));
      const estimates = scores.map((s) => s + (random() * 2 - 1) * (bound === Infinity ? 10 : bound));
      top.reset(limit, count, bound, (item) => {
        scored++;

        return scores[item]!;
      });
      estimates.forEach((estimate, item) => top.push(item, estimate));
      pushed += count;
      const { items, scores: kept } = top.drain();
      const expected = reference(scores, limit);
      expect([...items]).toEqual(expected.items);
      expect([...kept]).toEqual(expected.scores);
    }
    expect(scored).toBeLessThan(pushed);
  });
});
