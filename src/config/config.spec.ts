import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ConfigError, isLoopback, loadConfig } from 'src/config/config';

describe(loadConfig.name, () => {
  const base = { ENGRAM_DATA_DIR: join(tmpdir(), 'engram-config-spec'), EMBEDDINGS: 'hash' };

  it('should bind to loopback when no API keys are configured', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, ENGRAM_API_KEYS: 'acme:secret-key-1' }).host).toBe('0.0.0.0');
  });

  it('should refuse to serve the open default tenant beyond loopback', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'engram.example']) {
      expect(() => loadConfig({ ...base, HOST })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, HOST })).toThrow(
        /without ENGRAM_API_KEYS would serve the open "default" tenant/,
      );
      expect(loadConfig({ ...base, HOST, ENGRAM_API_KEYS: 'acme:secret-key-1' }).host).toBe(HOST);
    }
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(loadConfig({ ...base, HOST }).host).toBe(HOST);
    }
  });

  it('should list no operator tenants unless ENGRAM_OPERATOR_TENANTS names them', () => {
    expect(loadConfig(base).operatorTenants).toEqual([]);
    expect(loadConfig({ ...base, ENGRAM_OPERATOR_TENANTS: ' ops , default,,' }).operatorTenants).toEqual([
      'ops',
      'default',
    ]);
  });

  it('should give the embeddings and the LLM each their own endpoint, OPENAI_* serving both when unset', () => {
    const shared = { ...base, OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1', OPENAI_API_KEY: 'shared' };
    expect(loadConfig({ ...shared, EMBEDDINGS: 'openai', LLM: 'openai' })).toMatchObject({
      embeddings: { openai: { baseURL: 'http://127.0.0.1:9000/v1', apiKey: 'shared' } },
      llm: { baseURL: 'http://127.0.0.1:9000/v1', apiKey: 'shared' },
    });
    const split = loadConfig({
      ...shared,
      EMBEDDINGS: 'openai',
      EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDINGS_API_KEY: 'ollama',
      LLM: 'openai',
      LLM_API_KEY: 'hosted',
    });
    expect(split.embeddings.openai).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'ollama' });
    expect(split.llm).toMatchObject({ baseURL: 'http://127.0.0.1:9000/v1', apiKey: 'hosted' });
    expect(() => loadConfig({ ...base, EMBEDDINGS: 'openai' })).toThrow(/EMBEDDINGS_API_KEY/);
  });

  it('should keep the sandbox and introspection off in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).sandbox).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', GRAPHQL_SANDBOX: 'false' }).sandbox).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).sandbox).toBe(false);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true' })).toThrow(/GRAPHQL_SANDBOX/);
  });
});

describe(isLoopback.name, () => {
  it('should know loopback addresses from the rest', () => {
    expect(['127.0.0.1', '127.255.0.9', '::1', 'LOCALHOST'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '::', '10.0.0.1', '127.example.com', ''].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
