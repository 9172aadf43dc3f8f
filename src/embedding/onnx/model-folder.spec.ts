import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';

import { modelDir, modelSettings, readModelFolder } from 'src/embedding/onnx/model-folder';
import { prefixed } from 'src/embedding/onnx/onnx.embedder';

const VOCAB = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'hello', 'world', 'wor', '##ld', '!'].join('\n');

describe('model folders', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'engram-model-folder-'));
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  function folder(name: string, files: Record<string, string>): string {
    const dir = join(root, name);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), content);
    }

    return dir;
  }

  it('should take a catalogue model from the catalogue, without its folder', () => {
    expect(modelSettings(root, 'bge-small-en-v1.5-q')).toEqual({
      model: 'bge-small-en-v1.5-q',
      dimensions: 384,
      pooling: 'cls',
      maxTokens: 512,
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
      passagePrefix: '',
    });
    expect(modelSettings(root, 'e5-small-v2')).toMatchObject({ pooling: 'mean', queryPrefix: 'query: ' });
  });

  it("should read any other folder's settings from its sentence-transformers files", () => {
    folder('my-model', {
      'onnx/model.onnx': 'x',
      'tokenizer.json': '{}',
      '1_Pooling/config.json': JSON.stringify({ word_embedding_dimension: 768, pooling_mode_cls_token: true }),
      'sentence_bert_config.json': JSON.stringify({ max_seq_length: 128 }),
      'config_sentence_transformers.json': JSON.stringify({ prompts: { query: 'search_query: ', document: 'doc: ' } }),
    });
    folder('plain', { 'model.onnx': 'x', 'config.json': JSON.stringify({ hidden_size: 256 }) });

    expect(modelSettings(root, 'my-model')).toEqual({
      model: 'my-model',
      dimensions: 768,
      pooling: 'cls',
      maxTokens: 128,
      queryPrefix: 'search_query: ',
      passagePrefix: 'doc: ',
    });
    expect(modelSettings(root, join(root, 'plain'))).toEqual({
      model: 'plain',
      dimensions: 256,
      pooling: 'mean',
      maxTokens: 512,
      queryPrefix: '',
      passagePrefix: '',
    });
    expect(readModelFolder(root, 'my-model').onnxPath).toBe(join(root, 'my-model', 'onnx', 'model.onnx'));
  });

  it('should say how to get a model that is missing, and refuse an ambiguous folder', () => {
    folder('two', { 'a.onnx': 'x', 'b.onnx': 'y', 'tokenizer.json': '{}' });
    folder('no-tokenizer', { 'model.onnx': 'x' });

    expect(() => readModelFolder(root, 'bge-small-en-v1.5-q')).toThrow(/npm run models -- fetch bge-small-en-v1.5-q/);
    expect(() => modelSettings(root, 'unknown')).toThrow(/neither a known model nor a folder/);
    expect(() => readModelFolder(root, 'two')).toThrow(/several \.onnx files \(a\.onnx, b\.onnx\)/);
    expect(() => readModelFolder(root, 'no-tokenizer')).toThrow(/no tokenizer\.json \(nor a BERT vocab\.txt\)/);
  });

  it("should make a BERT tokenizer of a folder's vocab.txt", () => {
    folder('bert', { 'model.onnx': 'x', 'vocab.txt': VOCAB });

    const tokenizer = new Tokenizer(readModelFolder(root, 'bert').tokenizer, {});

    expect(tokenizer.encode('Hello WORLD!').tokens).toEqual(['[CLS]', 'hello', 'world', '!', '[SEP]']);
    expect(tokenizer.encode('hello wor').ids).toEqual([2, 4, 6, 3]);
  });

  it('should resolve names under the models directory and paths as given', () => {
    expect(modelDir('/models', 'bge-small-en-v1.5')).toBe('/models/bge-small-en-v1.5');
    expect(modelDir('/models', '/opt/my-model')).toBe('/opt/my-model');
  });

  it("should put a model's prefix before queries or passages", () => {
    const e5 = { queryPrefix: 'query: ', passagePrefix: 'passage: ' };

    expect(prefixed(e5, 'where?', 'query')).toBe('query: where?');
    expect(prefixed(e5, 'here.', 'passage')).toBe('passage: here.');
  });
});
