import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { generatedClauses } from 'src/memory/intent/training/corpus/generate';
import { DATA_DIR, readClauses, toJsonl, TRAINING_FILES, WEIGHTS_PATH } from 'src/memory/intent/training/dataset';
import { DEFAULT_TRAIN_OPTIONS, trainIntentModel } from 'src/memory/intent/training/train';

// `npm run train:intent` rebuilds both files; these checks fail when either was edited by hand or not rebuilt.
describe('the checked-in intent model', () => {
  it('is trained on the corpus the templates generate', () => {
    expect(toJsonl(generatedClauses())).toBe(readFileSync(join(DATA_DIR, 'generated.jsonl'), 'utf8'));
  });

  it('is what training on the checked-in clauses produces', () => {
    const model = trainIntentModel(TRAINING_FILES.flatMap(readClauses), DEFAULT_TRAIN_OPTIONS);

    expect(JSON.stringify(model) + '\n').toBe(readFileSync(WEIGHTS_PATH, 'utf8'));
  }, 60_000);
});
