import type { LabelledClause } from 'src/memory/intent/intent.types';
import { DA_CORPUS } from 'src/memory/intent/training/corpus/da/index';
import { EN_CORPUS } from 'src/memory/intent/training/corpus/en/index';
import { expandCorpus } from 'src/memory/intent/training/corpus/expand';

const CORPUS_SEED = 30;
/** Variants tried per template; duplicates are dropped. */
const PER_TEMPLATE = 14;

/** The template corpus of both languages, as clauses/generated.jsonl holds it. */
export function generatedClauses(): LabelledClause[] {
  return [
    ...expandCorpus(EN_CORPUS, 'en', { seed: CORPUS_SEED, perTemplate: PER_TEMPLATE }),
    ...expandCorpus(DA_CORPUS, 'da', { seed: CORPUS_SEED + 1, perTemplate: PER_TEMPLATE }),
  ];
}
