import { ConfigError } from 'src/config/config';
import { createLlmClient } from 'src/llm/llm.factory';
import { OpenAiLlmClient } from 'src/llm/openai-llm.client';

describe(createLlmClient.name, () => {
  it('should answer null when no LLM is configured', () => {
    expect(createLlmClient({ kind: 'none', model: 'gpt-4o-mini', timeoutMs: 1000 })).toBeNull();
  });

  it('should build the openai client with a key or a base URL', () => {
    const client = createLlmClient({
      kind: 'openai',
      model: 'llama3.1',
      timeoutMs: 1000,
      baseURL: 'http://127.0.0.1:11434/v1',
    });

    expect(client).toBeInstanceOf(OpenAiLlmClient);
    expect(client?.model).toBe('llama3.1');
  });

  it('should refuse openai without a key or a base URL', () => {
    expect(() => createLlmClient({ kind: 'openai', model: 'gpt-4o-mini', timeoutMs: 1000 })).toThrow(ConfigError);
  });
});
