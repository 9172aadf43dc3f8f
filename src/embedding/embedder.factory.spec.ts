import type { AppConfig } from 'src/config/config';
import { ConfigError } from 'src/config/config';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { OpenAiEmbedder } from 'src/embedding/openai.embedder';

function config(overrides: Partial<AppConfig['embeddings']>): AppConfig['embeddings'] {
  return {
    kind: 'hash',
    timeoutMs: 1000,
    local: { model: 'e5-small-v2', modelsDir: '/nonexistent/models' },
    openai: { model: 'text-embedding-3-small' },
    ...overrides,
  };
}

describe(createEmbedder.name, () => {
  it('should build a 256-dimension hash embedder by default and honour configured dimensions', () => {
    expect(createEmbedder(config({ kind: 'hash' }))).toEqual(new HashEmbedder(256));
    expect(createEmbedder(config({ kind: 'hash', dimensions: 32 })).dimensions).toBe(32);
  });

  it('should build the local embedders without loading (or even having) their model', () => {
    const onnx = createEmbedder(config({ kind: 'local' }));
    const use = createEmbedder(config({ kind: 'local', local: { model: 'use-lite', modelsDir: '/nonexistent' } }));

    expect(onnx).toBeInstanceOf(OnnxEmbedder);
    expect([onnx.model, onnx.dimensions]).toEqual(['e5-small-v2', 384]);
    expect(use).toBeInstanceOf(LocalEmbedder);
    expect([use.model, use.dimensions]).toEqual(['use-lite-v1-512', 512]);
  });

  it('should refuse a dimension the local model cannot produce, and a model that is neither known nor a folder', () => {
    expect(() => createEmbedder(config({ kind: 'local', dimensions: 512 }))).toThrow(ConfigError);
    expect(() =>
      createEmbedder(config({ kind: 'local', local: { model: 'no-such-model', modelsDir: '/nonexistent' } })),
    ).toThrow(/LOCAL_EMBEDDING_MODEL: embedding model no-such-model is neither a known model nor a folder/);
  });

  it('should build the openai embedder with known or configured dimensions', () => {
    const ollama = { model: 'nomic-embed-text', baseURL: 'http://127.0.0.1:11434/v1' };
    const openai = { model: 'text-embedding-3-small', apiKey: 'sk-x' };
    const known = createEmbedder(config({ kind: 'openai', openai }));
    const custom = createEmbedder(config({ kind: 'openai', dimensions: 768, openai: ollama }));

    expect(known).toBeInstanceOf(OpenAiEmbedder);
    expect(known.dimensions).toBe(1536);
    expect(custom.dimensions).toBe(768);
    expect(custom.model).toBe('nomic-embed-text');
  });

  it('should require EMBEDDING_DIMENSIONS for an unknown openai-compatible model', () => {
    const ollama = { model: 'nomic-embed-text', baseURL: 'http://127.0.0.1:11434/v1' };

    expect(() => createEmbedder(config({ kind: 'openai', openai: ollama }))).toThrow(/EMBEDDING_DIMENSIONS/);
  });
});
