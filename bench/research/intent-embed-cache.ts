/**
 * Fills the USE vector cache for the intent clauses (training and held-out), resumable:
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/research/intent-embed-cache.ts
 * Cache folder: bench/.cache/intent-use (gitignored). intent-embeddings.ts reads it.
 */
import { resolve } from 'node:path';

import { UseCache } from 'bench/research/use-cache';
import { HOLDOUT_FILES, readClauses, TRAINING_FILES } from 'src/memory/intent/training/dataset';

export const INTENT_USE_CACHE = resolve(__dirname, '..', '.cache', 'intent-use');

async function main(): Promise<void> {
  const cache = new UseCache(INTENT_USE_CACHE);
  // held-out first, so that a partial run can already be scored
  const texts = [...HOLDOUT_FILES, ...TRAINING_FILES].flatMap(readClauses).map((clause) => clause.text);
  const started = Date.now();
  await cache.ensure(texts, 32, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`cache holds ${cache.size} vectors; ${Date.now() - started} ms this run\n`);
}

if (require.main === module) {
  void main();
}
