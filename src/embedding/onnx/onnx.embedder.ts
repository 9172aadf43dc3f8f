import type { EmbedLane, EmbedRole } from 'src/domain/embedding.port';
import { modelSettings, readModelFolder } from 'src/embedding/onnx/model-folder';
import type { ModelSettings } from 'src/embedding/onnx/onnx-models';
import { workerSource } from 'src/embedding/threaded/model-worker';
import { ThreadedEmbedder } from 'src/embedding/threaded/threaded-embedder';
import type { ThreadedEmbedderOptions } from 'src/embedding/threaded/threaded-embedder';

export interface OnnxEmbedderOptions extends ThreadedEmbedderOptions {
  /** Folder of the catalogue's models (ENGRAM_MODELS_DIR). */
  modelsDir: string;
  /** A catalogue name, a folder under `modelsDir`, or a path to a model folder. */
  name: string;
  /** Apply the model's query / passage prefixes (default); off only to measure what they bring. */
  prefixes?: boolean;
  /**
   * ONNX Runtime threads per model call, per lane. Default: two for the query lane (a query's one short call split
   * over both cores: p50 19 ms against 90 ms with one, interleaved on the loaded 2-core machine,
   * `npm run bench -- query-embedding`), one for the bulk lane (an import leaves a core to the queries).
   */
  intraOpThreads?: Partial<Record<EmbedLane, number>>;
  /** Let ONNX Runtime's idle threads spin between model calls (default off: they would take the other lane's core). */
  spinning?: boolean;
}

/*
 * Runs inside the worker thread (see WorkerSpec): tokenizes, cuts each text to the model's length (keeping the
 * closing [SEP]), runs the batch padded to its longest text, pools (CLS or attention-masked mean) and normalises.
 * A sentence-transformers export whose graph already pools (a `sentence_embedding` output) is used as is.
 */
const WORKER_SOURCE = workerSource(`
const ort = require(workerData.ortPath);
const { Tokenizer } = require(workerData.tokenizersPath);
const { dims, pooling, maxTokens } = workerData;
const tokenizer = new Tokenizer(workerData.tokenizer, {});
const ready = ort.InferenceSession.create(workerData.onnxPath, {
  intraOpNumThreads: workerData.intraOpThreads,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  extra: { session: { intra_op: { allow_spinning: workerData.spinning ? '1' : '0' } } },
}).then(async (session) => {
  // the first run of a session allocates and plans; done here, it is not the first query's
  await session.run(feeds(session, [encode('warm up')]));
  return session;
});
async function release() {
  await (await ready).release();
}
function encode(text) {
  const ids = tokenizer.encode(text).ids;
  return ids.length <= maxTokens ? ids : ids.slice(0, maxTokens - 1).concat(ids[ids.length - 1]);
}
// the batch padded to its longest text: token ids, attention mask (and BERT's segment ids, all 0)
function feeds(session, encoded) {
  const n = encoded.length;
  const len = Math.max(1, ...encoded.map((ids) => ids.length));
  const inputIds = new BigInt64Array(n * len);
  const mask = new BigInt64Array(n * len);
  encoded.forEach((ids, r) => ids.forEach((token, i) => {
    inputIds[r * len + i] = BigInt(token);
    mask[r * len + i] = 1n;
  }));
  const out = {
    input_ids: new ort.Tensor('int64', inputIds, [n, len]),
    attention_mask: new ort.Tensor('int64', mask, [n, len]),
  };
  if (session.inputNames.includes('token_type_ids')) {
    out.token_type_ids = new ort.Tensor('int64', new BigInt64Array(n * len), [n, len]);
  }
  return out;
}
// row r of the sentence vectors: the graph's own pooling, the CLS token's vector, or the mean over the real tokens
function pool(data, pooled, len, count, r, row) {
  if (pooled || pooling === 'cls') {
    const at = pooled ? r * dims : r * len * dims;
    for (let d = 0; d < dims; d++) row[d] = data[at + d];
    return;
  }
  for (let i = 0; i < count; i++) {
    const at = (r * len + i) * dims;
    for (let d = 0; d < dims; d++) row[d] += data[at + d];
  }
  for (let d = 0; d < dims; d++) row[d] /= count;
}
async function embed(texts) {
  const session = await ready;
  const encoded = texts.map(encode);
  const outputs = await session.run(feeds(session, encoded));
  const pooled = outputs.sentence_embedding;
  const hidden = pooled ?? outputs.last_hidden_state ?? outputs[session.outputNames[0]];
  const width = hidden.dims[hidden.dims.length - 1];
  if (width !== dims) {
    throw new Error('model returned vectors of dimension ' + width + ', expected ' + dims);
  }
  const len = hidden.dims.length === 3 ? hidden.dims[1] : 1;
  const out = new Float32Array(texts.length * dims);
  for (let r = 0; r < texts.length; r++) {
    const row = out.subarray(r * dims, (r + 1) * dims);
    pool(hidden.data, Boolean(pooled), len, encoded[r].length, r, row);
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += row[d] * row[d];
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) row[d] /= norm;
  }
  return out;
}
`);

const DEFAULT_THREADS: Record<EmbedLane, number> = { query: 2, bulk: 1 };

/** The text the model sees: its instruction prefix for the role, when it was trained with one. */
export function prefixed(
  settings: Pick<ModelSettings, 'queryPrefix' | 'passagePrefix'>,
  text: string,
  role: EmbedRole,
): string {
  return `${role === 'query' ? settings.queryPrefix : settings.passagePrefix}${text}`;
}

/**
 * A sentence embedder exported to ONNX (BGE, MiniLM, E5 from the catalogue, or any sentence-transformers export in
 * a folder), run offline with ONNX Runtime's CPU backend in worker threads, one per lane.
 */
export class OnnxEmbedder extends ThreadedEmbedder {
  readonly settings: ModelSettings;

  constructor(options: OnnxEmbedderOptions) {
    const { model, ...settings } = modelSettings(options.modelsDir, options.name);
    const prefixes = options.prefixes ?? true;
    super(
      {
        model,
        dimensions: settings.dimensions,
        prepare: prefixes ? (text, role) => prefixed(settings, text, role) : undefined,
        worker: (lane) => {
          const files = readModelFolder(options.modelsDir, options.name);

          return {
            label: `local (${model})`,
            source: WORKER_SOURCE,
            workerData: {
              ortPath: require.resolve('onnxruntime-node'),
              tokenizersPath: require.resolve('@huggingface/tokenizers'),
              onnxPath: files.onnxPath,
              tokenizer: files.tokenizer,
              dims: settings.dimensions,
              pooling: settings.pooling,
              maxTokens: settings.maxTokens,
              intraOpThreads: options.intraOpThreads?.[lane] ?? DEFAULT_THREADS[lane],
              spinning: options.spinning ?? false,
            },
          };
        },
      },
      { batchSize: 16, ...options },
    );
    this.settings = settings;
  }
}
