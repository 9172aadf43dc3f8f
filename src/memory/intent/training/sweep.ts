import { createIntentClassifier } from 'src/memory/intent/classify-intent';
import { readClauses, TRAINING_FILES } from 'src/memory/intent/training/dataset';
import { scoreClauses } from 'src/memory/intent/training/evaluate';
import { DEFAULT_TRAIN_OPTIONS, trainIntentModel } from 'src/memory/intent/training/train';

const data = TRAINING_FILES.flatMap(readClauses);
const dev = readClauses('holdout-dev.jsonl');
const configs = JSON.parse(process.argv[2] ?? '[{}]') as Partial<typeof DEFAULT_TRAIN_OPTIONS>[];
for (const config of configs) {
  const options = { ...DEFAULT_TRAIN_OPTIONS, ...config };
  const rows = scoreClauses(dev, createIntentClassifier(trainIntentModel(data, options)));
  const pct = (f: (r: (typeof rows)[number]) => boolean): string =>
    ((100 * rows.filter(f).length) / rows.length).toFixed(1);
  console.log(
    JSON.stringify(config),
    'intent',
    pct((r) => r.intentRight),
    'slot',
    pct((r) => r.slotRight),
    'subj',
    pct((r) => r.subjectRight),
    'all',
    pct((r) => r.intentRight && r.slotRight && r.subjectRight),
  );
}
