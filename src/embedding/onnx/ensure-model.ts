import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { AppConfig } from 'src/config/config';
import type { Embedder } from 'src/domain/embedding.port';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { fetchModel, MODEL_FILE, TOKENIZER_FILE } from 'src/embedding/onnx/model-fetch';
import type { Log } from 'src/embedding/onnx/model-fetch';
import { catalogueModel } from 'src/embedding/onnx/onnx-models';

/**
 * Before the embedder is built: with EMBEDDINGS=local and a catalogue model whose folder is not there yet, fetch it
 * (the first boot of a fresh machine; progress to `log`). A folder already there is trusted (its hashes were
 * checked when it was fetched; `npm run models -- verify` checks them again). Other models are the operator's.
 */
export async function ensureLocalModel(embeddings: AppConfig['embeddings'], log: Log): Promise<void> {
  const model = embeddings.kind === 'local' ? catalogueModel(embeddings.local.model) : undefined;
  if (!model) {
    return;
  }
  const dir = join(embeddings.local.modelsDir, model.name);
  if (existsSync(join(dir, MODEL_FILE)) && existsSync(join(dir, TOKENIZER_FILE))) {
    return;
  }
  log(`embedding model ${model.name} is not in ${embeddings.local.modelsDir} yet: fetching it once`);
  await fetchModel(model, embeddings.local.modelsDir, log);
}

/** The configured embedder, its model fetched first when needed (the CLI commands that embed; progress to stderr). */
export async function createEmbedderWithModel(embeddings: AppConfig['embeddings']): Promise<Embedder> {
  await ensureLocalModel(embeddings, (line) => process.stderr.write(`${line}\n`));

  return createEmbedder(embeddings);
}
