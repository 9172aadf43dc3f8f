/*
 * The intent model's build steps (npm run train:intent):
 *   cli.ts generate   write data/generated.jsonl from the template corpus (seeded)
 *   cli.ts train      train on data/generated.jsonl + data/handwritten.jsonl, write model/intent-weights.json
 *   cli.ts evaluate [--misses] [--sets dev,test]   accuracy tables on the hand-written held-out clauses
 *   cli.ts all        generate, train, evaluate
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createIntentClassifier } from 'src/memory/intent/classify-intent';
import { intentWeightsSchema } from 'src/memory/intent/linear-model';
import { DA_CORPUS } from 'src/memory/intent/training/corpus/da/index';
import { EN_CORPUS } from 'src/memory/intent/training/corpus/en/index';
import { expandCorpus } from 'src/memory/intent/training/corpus/expand';
import {
  DATA_DIR,
  HOLDOUT_FILES,
  readClauses,
  toJsonl,
  TRAINING_FILES,
  WEIGHTS_PATH,
} from 'src/memory/intent/training/dataset';
import { misses, reportTables, scoreClauses } from 'src/memory/intent/training/evaluate';
import { DEFAULT_TRAIN_OPTIONS, trainIntentModel } from 'src/memory/intent/training/train';

export const CORPUS_SEED = 30;
export const PER_TEMPLATE = 14;

export function generatedClauses(): ReturnType<typeof expandCorpus> {
  return [
    ...expandCorpus(EN_CORPUS, 'en', { seed: CORPUS_SEED, perTemplate: PER_TEMPLATE }),
    ...expandCorpus(DA_CORPUS, 'da', { seed: CORPUS_SEED + 1, perTemplate: PER_TEMPLATE }),
  ];
}

function generate(): void {
  const clauses = generatedClauses();
  writeFileSync(join(DATA_DIR, 'generated.jsonl'), toJsonl(clauses));
  process.stdout.write(`generated ${clauses.length} clauses\n`);
}

function train(): void {
  const data = TRAINING_FILES.flatMap(readClauses);
  const started = Date.now();
  const model = trainIntentModel(data, DEFAULT_TRAIN_OPTIONS);
  writeFileSync(WEIGHTS_PATH, JSON.stringify(model) + '\n');
  process.stdout.write(`trained on ${data.length} clauses in ${Date.now() - started} ms -> ${WEIGHTS_PATH}\n`);
}

function evaluate(args: readonly string[]): void {
  const classify = createIntentClassifier(intentWeightsSchema.parse(JSON.parse(readWeights())));
  const setsArg = args[args.indexOf('--sets') + 1];
  const sets = args.includes('--sets') && setsArg ? setsArg.split(',') : ['dev', 'test'];
  for (const file of HOLDOUT_FILES.filter((name) => sets.some((set) => name.includes(set)))) {
    const rows = scoreClauses(readClauses(file), classify);
    process.stdout.write(`\n## ${file}\n\n${reportTables(rows)}\n`);
    if (args.includes('--misses')) {
      process.stdout.write(`\nmisses (labelled -> predicted):\n${misses(rows)}\n`);
    }
  }
}

function readWeights(): string {
  return readFileSync(WEIGHTS_PATH, 'utf8');
}

const [command = 'all', ...rest] = process.argv.slice(2);
if (command === 'generate' || command === 'all') {
  generate();
}
if (command === 'train' || command === 'all') {
  train();
}
if (command === 'evaluate' || command === 'all') {
  evaluate(rest);
}
