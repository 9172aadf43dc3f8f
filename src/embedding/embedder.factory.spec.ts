import type { AppConfig } from 'src/config/config';
import { ConfigError } from 'src/config/config';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OpenAiEmbedder } from 'src/embedding/openai.embedder';

function config(overrides: Partial<AppConfig['embeddings']>): AppConfig['embeddings'] {
  return { kind: 'hash', timeoutMs: 1000, openai: { model: 'text-embedding-3-small' }, ...overrides };
}

describe(createEmbedder.name, () => {
  it('should build a 256-dimension hash embedder by default and honour configured dimensions', () => {
    expect(createEmbedder(config({ kind: 'hash' }))).toEqual(new HashEmbedder(256));
    expect(createEmbedder(config({ kind: 'hash', dimensions: 32 })).dimensions).toBe(32);
  });

  it('should build the local embedder without loading the model', () => {
    const embedder = createEmbedder(config({ kind: 'local' }));

    expect(embedder).toBeInstanceOf(LocalEmbedder);
    expect(embedder.dimensions).toBe(512);
  });

  it('should refuse a dimension the local model cannot produce', () => {
    expect(() => createEmbedder(config({ kind: 'local', dimensions: 384 }))).toThrow(ConfigError);
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
