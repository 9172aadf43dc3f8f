/*
 * The intent model's build steps (npm run train:intent runs `all`):
 *   cli.ts generate   write clauses/generated.jsonl from the template corpus (seeded)
 *   cli.ts train      train on clauses/generated.jsonl + clauses/handwritten.jsonl, write model/intent-weights.json
 *   cli.ts evaluate [--misses] [--sets dev,test]   accuracy tables on the hand-written held-out clauses
 *   cli.ts sweep '[{"l2":1e-4},{"bits":14}]'       train variants in memory, score each on the held-out clauses
 *   cli.ts speed      microseconds per classifyIntent call over the held-out clauses
 *   cli.ts all        generate, train, evaluate
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IntentClassifier } from 'src/memory/intent/classify-intent';
import { createIntentClassifier } from 'src/memory/intent/classify-intent';
import { intentWeightsSchema } from 'src/memory/intent/linear-model';
import { generatedClauses } from 'src/memory/intent/training/corpus/generate';
import {
  DATA_DIR,
  HOLDOUT_FILES,
  readClauses,
  toJsonl,
  TRAINING_FILES,
  WEIGHTS_PATH,
} from 'src/memory/intent/training/dataset';
import type { Scored } from 'src/memory/intent/training/evaluate';
import { misses, reportTables, scoreClauses } from 'src/memory/intent/training/evaluate';
import type { TrainOptions } from 'src/memory/intent/training/train';
import { DEFAULT_TRAIN_OPTIONS, trainIntentModel } from 'src/memory/intent/training/train';

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function checkedInClassifier(): IntentClassifier {
  return createIntentClassifier(intentWeightsSchema.parse(JSON.parse(readFileSync(WEIGHTS_PATH, 'utf8'))));
}

function generate(): void {
  const clauses = generatedClauses();
  writeFileSync(join(DATA_DIR, 'generated.jsonl'), toJsonl(clauses));
  say(`generated ${clauses.length} clauses`);
}

function train(): void {
  const data = TRAINING_FILES.flatMap(readClauses);
  const started = Date.now();
  writeFileSync(WEIGHTS_PATH, JSON.stringify(trainIntentModel(data, DEFAULT_TRAIN_OPTIONS)) + '\n');
  say(`trained on ${data.length} clauses in ${Date.now() - started} ms -> ${WEIGHTS_PATH}`);
}

function evaluate(args: readonly string[]): void {
  const classify = checkedInClassifier();
  const sets = args.includes('--sets') ? (args[args.indexOf('--sets') + 1] ?? '').split(',') : ['dev', 'test'];
  for (const file of HOLDOUT_FILES.filter((name) => sets.some((set) => name.includes(set)))) {
    const rows = scoreClauses(readClauses(file), classify);
    say(`\n## ${file}\n\n${reportTables(rows)}`);
    if (args.includes('--misses')) {
      say(`\nmisses (labelled -> predicted):\n${misses(rows)}`);
    }
  }
}

function percent(rows: readonly Scored[], right: (row: Scored) => boolean): string {
  return ((100 * rows.filter(right).length) / rows.length).toFixed(1);
}

function sweep(variants: readonly Partial<TrainOptions>[]): void {
  const data = TRAINING_FILES.flatMap(readClauses);
  for (const variant of variants) {
    const model = trainIntentModel(data, { ...DEFAULT_TRAIN_OPTIONS, ...variant });
    const classify = createIntentClassifier(model);
    for (const file of HOLDOUT_FILES) {
      const rows = scoreClauses(readClauses(file), classify);
      say(
        `${JSON.stringify(variant)} ${file}: intent ${percent(rows, (r) => r.intentRight)} slot ` +
          `${percent(rows, (r) => r.slotRight)} subject ${percent(rows, (r) => r.subjectRight)} all three ` +
          `${percent(rows, (r) => r.intentRight && r.slotRight && r.subjectRight)}; weights ${JSON.stringify(model).length} bytes`,
      );
    }
  }
}

function speed(): void {
  const classify = checkedInClassifier();
  const clauses = HOLDOUT_FILES.flatMap(readClauses);
  classify('warm up', 'en');
  const rounds = 50;
  const started = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) {
    for (const clause of clauses) {
      classify(clause.text, clause.lang);
    }
  }
  const micros = Number(process.hrtime.bigint() - started) / 1000 / (rounds * clauses.length);
  say(`${micros.toFixed(1)} µs per clause (${rounds * clauses.length} calls)`);
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
if (command === 'sweep') {
  sweep(JSON.parse(rest[0] ?? '[{}]') as Partial<TrainOptions>[]);
}
if (command === 'speed') {
  speed();
}
