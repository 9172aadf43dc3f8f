import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

import { catalogueModel } from 'src/embedding/onnx/onnx-models';
import type { ModelSettings, Pooling } from 'src/embedding/onnx/onnx-models';
import { wordPieceTokenizerJson } from 'src/embedding/onnx/wordpiece-tokenizer';

/** A model's files, ready to load. */
export interface ModelFiles {
  dir: string;
  onnxPath: string;
  /** The parsed `tokenizer.json` (or one made from `vocab.txt`). */
  tokenizer: Record<string, unknown>;
}

/** The model's folder is missing or incomplete: say how to get it. */
export class ModelMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelMissingError';
  }
}

/** A catalogue name or folder name lives under the models directory; a path names its folder itself. */
export function modelDir(modelsDir: string, name: string): string {
  return isAbsolute(name) || name.startsWith('.') ? resolve(name) : join(modelsDir, name);
}

const json = z.record(z.string(), z.unknown());
const poolingConfig = z.object({
  word_embedding_dimension: z.number().int().positive().optional(),
  pooling_mode_cls_token: z.boolean().optional(),
});
const sentenceBertConfig = z.object({ max_seq_length: z.number().int().positive().optional() });
const transformerConfig = z.object({
  hidden_size: z.number().int().positive().optional(),
  max_position_embeddings: z.number().int().positive().optional(),
});
const promptsConfig = z.object({ prompts: z.record(z.string(), z.string()).optional() });
const tokenizerConfig = z.object({ do_lower_case: z.boolean().optional() });

function readJson<T>(path: string, schema: z.ZodType<T>): T | undefined {
  if (!existsSync(path)) {
    return undefined;
  }
  const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));

  return parsed.success ? parsed.data : undefined;
}

/** The one file of the folder (or of `onnx/`) whose name ends so, preferring `preferred`; undefined when none. */
function findFile(dir: string, preferred: string, suffix: string): string | undefined {
  for (const folder of [dir, join(dir, 'onnx')]) {
    if (existsSync(join(folder, preferred))) {
      return join(folder, preferred);
    }
    const found = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(suffix)) : [];
    if (found.length > 1) {
      throw new ModelMissingError(`${folder} holds several ${suffix} files (${found.join(', ')}): keep one`);
    }
    if (found[0] !== undefined) {
      return join(folder, found[0]);
    }
  }

  return undefined;
}

/**
 * A sentence-transformers export's settings from its own files: `1_Pooling/config.json` (CLS or mean pooling, the
 * dimensions), `sentence_bert_config.json` (the maximum length), `config_sentence_transformers.json` (the query and
 * passage prompts), `config.json` (the transformer's width and length when the others are absent).
 */
function exportedSettings(dir: string): ModelSettings {
  const pooling = readJson(join(dir, '1_Pooling', 'config.json'), poolingConfig);
  const transformer = readJson(join(dir, 'config.json'), transformerConfig);
  const prompts = readJson(join(dir, 'config_sentence_transformers.json'), promptsConfig)?.prompts ?? {};
  const dimensions = pooling?.word_embedding_dimension ?? transformer?.hidden_size;
  if (dimensions === undefined) {
    throw new ModelMissingError(
      `${dir}: cannot tell the model's dimensions (no 1_Pooling/config.json or config.json with hidden_size)`,
    );
  }
  const mode: Pooling = pooling?.pooling_mode_cls_token ? 'cls' : 'mean';

  return {
    dimensions,
    pooling: mode,
    maxTokens:
      readJson(join(dir, 'sentence_bert_config.json'), sentenceBertConfig)?.max_seq_length ??
      Math.min(transformer?.max_position_embeddings ?? 512, 512),
    queryPrefix: prompts['query'] ?? '',
    passagePrefix: prompts['passage'] ?? prompts['document'] ?? '',
  };
}

function readTokenizer(dir: string): Record<string, unknown> {
  const path = findFile(dir, 'tokenizer.json', 'tokenizer.json');
  if (path) {
    return json.parse(JSON.parse(readFileSync(path, 'utf8')));
  }
  if (existsSync(join(dir, 'vocab.txt'))) {
    const lowercase = readJson(join(dir, 'tokenizer_config.json'), tokenizerConfig)?.do_lower_case ?? true;

    return wordPieceTokenizerJson(readFileSync(join(dir, 'vocab.txt'), 'utf8'), lowercase);
  }
  throw new ModelMissingError(`${dir} has no tokenizer.json (nor a BERT vocab.txt)`);
}

/** A model's name and settings, read without loading it: the catalogue's, or the folder's sentence-transformers files. */
export function modelSettings(modelsDir: string, name: string): ModelSettings & { model: string } {
  const known = catalogueModel(name);
  if (known) {
    const { dimensions, pooling, maxTokens, queryPrefix, passagePrefix } = known;

    return { model: known.name, dimensions, pooling, maxTokens, queryPrefix, passagePrefix };
  }
  const dir = modelDir(modelsDir, name);
  if (!existsSync(dir)) {
    throw new ModelMissingError(
      `embedding model ${name} is neither a known model nor a folder (${dir}): put a sentence-transformers ONNX export there`,
    );
  }

  return { model: basename(dir), ...exportedSettings(dir) };
}

/**
 * A model folder's files: an ONNX file (`model.onnx`, `onnx/model.onnx` or the folder's only `.onnx`) and a
 * tokenizer (`tokenizer.json`, the only `*tokenizer.json`, or a BERT `vocab.txt`).
 */
export function readModelFolder(modelsDir: string, name: string): ModelFiles {
  const dir = modelDir(modelsDir, name);
  const fetch = catalogueModel(name)
    ? `npm run models -- fetch ${name}`
    : 'put a sentence-transformers ONNX export there';
  if (!existsSync(dir)) {
    throw new ModelMissingError(`embedding model ${name} is not in ${dir}: ${fetch}`);
  }
  const onnxPath = findFile(dir, 'model.onnx', '.onnx');
  if (!onnxPath) {
    throw new ModelMissingError(`${dir} has no .onnx file: ${fetch}`);
  }

  return { dir, onnxPath, tokenizer: readTokenizer(dir) };
}
