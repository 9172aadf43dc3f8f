import { z } from 'zod';

import type { JsonCompletionRequest } from 'src/llm/llm.port';
import { LlmOutputError, LlmUnavailableError } from 'src/llm/llm.port';
import { OpenAiLlmClient } from 'src/llm/openai-llm.client';
import type { OpenAiLlmClientOptions } from 'src/llm/openai-llm.client';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';

const answerSchema = z.object({ answer: z.number() });

const request: JsonCompletionRequest<{ answer: number }> = {
  system: 'You add numbers.',
  user: '{"a":1,"b":2}',
  schemaName: 'sum',
  schema: z.toJSONSchema(answerSchema),
  validate: (value) => answerSchema.parse(value),
};

describe(OpenAiLlmClient.name, () => {
  let server: FakeOpenAiServer;

  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });

  afterEach(async () => {
    await server.close();
  });

  function client(options: Partial<OpenAiLlmClientOptions> = {}): OpenAiLlmClient {
    return new OpenAiLlmClient({
      model: 'gpt-test',
      baseURL: server.url,
      apiKey: 'sk-test',
      timeoutMs: 2000,
      ...options,
    });
  }

  function chatBodies(): ChatRequest[] {
    return server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as ChatRequest);
  }

  it('should report the tokens the provider billed, also for an answer it then rejects', async () => {
    server.setChatHandler([reply.json({ answer: 3 }), reply.json({ answer: 'three' })]);
    const usage: unknown[] = [];
    const counted = { ...request, onUsage: (u: unknown) => usage.push(u) };

    await client().completeJson(counted);
    await expect(client().completeJson(counted)).rejects.toBeInstanceOf(LlmOutputError);

    expect(usage).toEqual([
      { promptTokens: 10, completionTokens: 10 },
      { promptTokens: 10, completionTokens: 10 },
    ]);
  });

  it('should send system and user messages with a strict json_schema response format', async () => {
    server.setChatHandler([reply.json({ answer: 3 })]);

    await expect(client().completeJson(request)).resolves.toEqual({ answer: 3 });

    const body = chatBodies()[0];
    expect(body?.model).toBe('gpt-test');
    expect(body?.messages).toEqual([
      { role: 'system', content: 'You add numbers.' },
      { role: 'user', content: '{"a":1,"b":2}' },
    ]);
    expect(body?.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'sum',
        strict: true,
        schema: {
          type: 'object',
          properties: { answer: { type: 'number' } },
          required: ['answer'],
          additionalProperties: false,
        },
      },
    });
  });

  it('should accept JSON wrapped in a markdown code fence', async () => {
    server.setChatHandler([reply.text('```json\n{"answer": 4}\n```')]);

    await expect(client().completeJson(request)).resolves.toEqual({ answer: 4 });
  });

  it('should throw LlmOutputError for text that is not JSON', async () => {
    server.setChatHandler([reply.text('The answer is three.')]);

    const error: unknown = await client()
      .completeJson(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmOutputError);
    expect((error as Error).message).toBe('gpt-test answered non-JSON (20 chars)');
  });

  it('should throw LlmOutputError for JSON that fails validation', async () => {
    server.setChatHandler([reply.json({ answer: 'three' })]);

    await expect(client().completeJson(request)).rejects.toBeInstanceOf(LlmOutputError);
  });

  it('should throw LlmOutputError for an answer cut off at the token limit', async () => {
    server.setChatHandler([reply.text('{"answer": 3', 'length')]);

    await expect(client().completeJson(request)).rejects.toThrow(/cut off/);
  });

  it('should throw LlmOutputError for a response without choices', async () => {
    server.setChatHandler([reply.raw({ id: 'x', object: 'chat.completion', choices: [] })]);

    await expect(client().completeJson(request)).rejects.toBeInstanceOf(LlmOutputError);
  });

  it('should retry a transient 500 once and then succeed', async () => {
    server.setChatHandler([reply.status(500), reply.json({ answer: 3 })]);

    await expect(client().completeJson(request)).resolves.toEqual({ answer: 3 });
    expect(chatBodies()).toHaveLength(2);
  });

  it('should throw LlmUnavailableError when the server keeps answering 500', async () => {
    server.setChatHandler(() => reply.status(500));

    await expect(client().completeJson(request)).rejects.toBeInstanceOf(LlmUnavailableError);
    expect(chatBodies()).toHaveLength(2);
  });

  it('should throw LlmUnavailableError on a 400, e.g. a model without structured outputs', async () => {
    server.setChatHandler(() => reply.status(400));

    await expect(client().completeJson(request)).rejects.toBeInstanceOf(LlmUnavailableError);
    expect(chatBodies()).toHaveLength(1);
  });

  it('should throw LlmUnavailableError when the server is slower than the timeout', async () => {
    // the answer comes after a minute: only the 200 ms timeout can settle the call (else the test's own timeout fails it)
    server.setChatHandler(() => reply.delay(60_000, reply.json({ answer: 3 })));

    await expect(client({ timeoutMs: 200 }).completeJson(request)).rejects.toBeInstanceOf(LlmUnavailableError);
  });
});
