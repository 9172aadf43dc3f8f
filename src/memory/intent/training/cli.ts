/*
 * The intent model's build steps (npm run train:intent runs `all`):
 *   cli.ts generate   write clauses/generated.jsonl from the template corpus (seeded)
 *   cli.ts train      train on clauses/generated.jsonl + clauses/handwritten.jsonl, write model/intent-weights.json
 *   cli.ts evaluate [--misses] [--sets dev,test]   accuracy tables on the hand-written held-out clauses
 *   cli.ts sweep '[{"l2":1e-4},{"bits":14}]'       train variants in memory, score each on the held-out clauses
 *   cli.ts spans      value spans: slot rules against compromise + chrono-node on clauses/value-spans*.jsonl (the holdout one was not tuned on)
 *   cli.ts speed      microseconds per classifyIntent call over the held-out clauses
 *   cli.ts all        generate, train, evaluate
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { detectUserClaim } from 'src/language/slots';
import type { IntentClassifier } from 'src/memory/intent/classify-intent';
import { createIntentClassifier } from 'src/memory/intent/classify-intent';
import type { LabelledClause } from 'src/memory/intent/intent.types';
import { intentWeightsSchema } from 'src/memory/intent/linear-model';
import { typo } from 'src/memory/intent/training/corpus/expand';
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
import { seededRandom } from 'src/memory/intent/training/prng';
import { readLabelledSpans, spanTable } from 'src/memory/intent/training/span-evaluation';
import type { TrainOptions } from 'src/memory/intent/training/train';
import { DEFAULT_TRAIN_OPTIONS, trainIntentModel } from 'src/memory/intent/training/train';
import { extractValueSpans } from 'src/memory/intent/value-spans';

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
  const sets = args.includes('--sets') ? (args[args.indexOf('--sets') + 1] ?? '').split(',') : ['dev', 'test', 'final'];
  for (const file of HOLDOUT_FILES.filter((name) => sets.some((set) => name.includes(set)))) {
    const rows = scoreClauses(readClauses(file), classify);
    say(`\n## ${file}\n\n${reportTables(rows)}`);
    const rules = scoreClauses(readClauses(file), (text) => {
      const found = detectUserClaim(text);

      return {
        intent: 'state',
        slot: found?.slot ?? null,
        slots: found ? [found.slot] : [],
        subject: 'user',
        confidence: 1,
      };
    });
    say(
      `\nfor comparison, the slot rules (detectUserClaim) name the labelled slot set: ${percent(rules, (r) => r.slotRight)}%`,
    );
    if (args.includes('--misses')) {
      say(`\nmisses (labelled -> predicted):\n${misses(rows)}`);
    }
  }
}

function percent(rows: readonly Scored[], right: (row: Scored) => boolean): string {
  return ((100 * rows.filter(right).length) / rows.length).toFixed(1);
}

/** The held-out sets, and the test set again with a typo in two words of each clause (what character n-grams are for). */
function sweepSets(): [string, LabelledClause[]][] {
  const random = seededRandom(7);
  const test = readClauses('holdout-test.jsonl');
  const typoed = test.map((clause) => ({ ...clause, text: typo(typo(clause.text, random), random) }));

  return [
    ...HOLDOUT_FILES.map((file): [string, LabelledClause[]] => [file, readClauses(file)]),
    ['test, 2 typos each', typoed],
  ];
}

function sweep(variants: readonly Partial<TrainOptions>[]): void {
  const data = TRAINING_FILES.flatMap(readClauses);
  for (const variant of variants) {
    const model = trainIntentModel(data, { ...DEFAULT_TRAIN_OPTIONS, ...variant });
    const classify = createIntentClassifier(model);
    for (const [set, clauses] of sweepSets()) {
      const rows = scoreClauses(clauses, classify);
      say(
        `${JSON.stringify(variant)} ${set}: intent ${percent(rows, (r) => r.intentRight)} slot ` +
          `${percent(rows, (r) => r.slotRight)} subject ${percent(rows, (r) => r.subjectRight)} all three ` +
          `${percent(rows, (r) => r.intentRight && r.slotRight && r.subjectRight)}; weights ${JSON.stringify(model).length} bytes`,
      );
    }
  }
}

function microsPerCall(clauses: readonly LabelledClause[], call: (clause: LabelledClause) => unknown): string {
  clauses.slice(0, 20).forEach(call);
  const rounds = 20;
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    clauses.forEach(call);
  }
  const calls = rounds * clauses.length;
  const { user, system } = process.cpuUsage(cpu);
  const wall = Number(process.hrtime.bigint() - started) / 1000 / calls;

  // on a shared machine the wall time includes waiting for a core; the CPU time is this process's own
  return `${wall.toFixed(1)} µs wall, ${((user + system) / calls).toFixed(1)} µs CPU per clause`;
}

function speed(): void {
  const classify = checkedInClassifier();
  const clauses = HOLDOUT_FILES.flatMap(readClauses);
  say(`classifyIntent: ${microsPerCall(clauses, (clause) => classify(clause.text, clause.lang))}`);
  say(`extractValueSpans: ${microsPerCall(clauses, (clause) => extractValueSpans(clause.text, clause.lang))}`);
  say(
    `(${clauses.length} held-out clauses; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
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
if (command === 'spans') {
  for (const file of ['value-spans.jsonl', 'value-spans-holdout.jsonl']) {
    say(`\n## ${file}\n\n${spanTable(readLabelledSpans(file))}`);
  }
}
if (command === 'speed') {
  speed();
}
