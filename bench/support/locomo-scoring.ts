import { LOCOMO_CATEGORY_NAMES } from 'bench/support/locomo-dataset';
import type { LocomoQuestion } from 'bench/support/locomo-dataset';
import { round } from 'bench/support/stats';

const KS = [5, 10] as const;

interface Tally {
  questions: number;
  any: Record<number, number>;
  all: Record<number, number>;
}

function tally(): Tally {
  return { questions: 0, any: { 5: 0, 10: 0 }, all: { 5: 0, 10: 0 } };
}

/** `ranked`: per hit, the turn id it is (or the turn ids it stands for: an observation citing two turns). */
function score(t: Tally, evidence: readonly string[], ranked: readonly (string | readonly string[])[]): void {
  t.questions++;
  for (const k of KS) {
    const top = new Set(ranked.slice(0, k).flat());
    const found = evidence.filter((id) => top.has(id)).length;
    t.any[k]! += found > 0 ? 1 : 0;
    t.all[k]! += found === evidence.length ? 1 : 0;
  }
}

/**
 * LoCoMo evidence recall of several retrievers (variants) asked the same questions: whether the evidence turns are
 * among the top 5 / 10 hits ("any" one of them, "all" of them), overall and per question category.
 */
export class EvidenceScoreboard<V extends string> {
  private readonly totals: Map<V, Tally>;
  private readonly byCategory = new Map<string, Tally>();

  constructor(private readonly variants: readonly V[]) {
    this.totals = new Map(variants.map((v) => [v, tally()]));
  }

  /** `ranked`: the turn ids a variant returned, best first (a hit standing for several turns: an array). */
  add(variant: V, question: LocomoQuestion, ranked: readonly (string | readonly string[])[]): void {
    score(this.totals.get(variant) ?? tally(), question.evidence, ranked);
    const key = `${variant}|${question.category}`;
    const t = this.byCategory.get(key) ?? tally();
    score(t, question.evidence, ranked);
    this.byCategory.set(key, t);
  }

  /** any@k / all@k of one variant over every question added. */
  total(variant: V): { questions: number; any10: number; all10: number; any5: number } {
    const t = this.totals.get(variant) ?? tally();
    const pct = (n: number): number => (t.questions === 0 ? 0 : n / t.questions);

    return { questions: t.questions, any10: pct(t.any[10]!), all10: pct(t.all[10]!), any5: pct(t.any[5]!) };
  }

  rows(): Record<string, string | number>[] {
    const pct = (n: number, d: number): number => round(d === 0 ? 0 : n / d, 3);

    return [
      ...this.variants.map((v) => ({ variant: v, category: 'all', t: this.totals.get(v) ?? tally() })),
      ...[...this.byCategory.entries()].map(([key, t]) => {
        const [v, c] = key.split('|');

        return { variant: v ?? '', category: `${c} ${LOCOMO_CATEGORY_NAMES[Number(c) as 1 | 2 | 3 | 4]}`, t };
      }),
    ].map(({ variant, category, t }) => ({
      variant,
      category,
      questions: t.questions,
      'any@5': pct(t.any[5]!, t.questions),
      'any@10': pct(t.any[10]!, t.questions),
      'all@5': pct(t.all[5]!, t.questions),
      'all@10': pct(t.all[10]!, t.questions),
    }));
  }
}
