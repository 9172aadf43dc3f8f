import { Logger } from '@nestjs/common';

import type { LlmClient } from 'src/llm/llm.port';
import { OpenAiLlmClient } from 'src/llm/openai-llm.client';
import { loadPrompt } from 'src/llm/prompts';
import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import type { ChatRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';

describe(ContradictionArbiter.name, () => {
  let server: FakeOpenAiServer;
  let llm: LlmClient;
  let sut: ContradictionArbiter;
  let warn: jest.SpyInstance;

  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    llm = new OpenAiLlmClient({
      model: 'gpt-test',
      baseURL: server.url,
      apiKey: 'sk-test',
      // the first request of the file loads the SDK: on 2 busy cores that alone took more than 1 s
      timeoutMs: 10_000,
      maxRetries: 0,
    });
    sut = new ContradictionArbiter(llm);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    warn.mockRestore();
    await server.close();
  });

  it('should return the verdict and reason of a valid answer', async () => {
    server.setChatHandler([reply.json({ verdict: 'contradicts', reason: 'The user moved from Berlin to Lisbon.' })]);

    await expect(sut.judge('I moved to Lisbon', 'I live in Berlin')).resolves.toEqual({
      verdict: 'contradicts',
      reason: 'The user moved from Berlin to Lisbon.',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('should send the prompt file as system message and both memories as JSON data', async () => {
    server.setChatHandler([reply.json({ verdict: 'compatible', reason: 'Different hobbies.' })]);

    await sut.judge('Likes "swimming"', 'Likes hiking');

    const body = server.requests[0]?.body as ChatRequest;
    expect(body.messages[0]).toEqual({ role: 'system', content: loadPrompt('contradiction') });
    expect(JSON.parse(body.messages[1]?.content ?? '')).toEqual({ newer: 'Likes "swimming"', older: 'Likes hiking' });
    expect(body.response_format?.json_schema).toMatchObject({ name: 'contradiction_verdict', strict: true });
    expect(body.response_format?.json_schema?.schema).not.toHaveProperty('$schema');
  });

  it('should return null and warn when the answer is garbage', async () => {
    server.setChatHandler([reply.text('Sure! They contradict each other.')]);

    await expect(sut.judge('a', 'b')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('non-JSON'));
  });

  it('should return null when the verdict is outside the schema', async () => {
    server.setChatHandler([reply.json({ verdict: 'maybe', reason: 'unsure' })]);

    await expect(sut.judge('a', 'b')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('should return null when the LLM times out', async () => {
    server.setChatHandler([reply.delay(3000, reply.json({ verdict: 'same', reason: 'late' }))]);
    const impatient = new ContradictionArbiter(
      new OpenAiLlmClient({ model: 'gpt-test', baseURL: server.url, apiKey: 'sk-test', timeoutMs: 500, maxRetries: 0 }),
    );

    await expect(impatient.judge('a', 'b')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('timed out'));
  });

  it('should return null when the LLM answers an HTTP error', async () => {
    server.setChatHandler([reply.status(500)]);

    await expect(sut.judge('a', 'b')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('500'));
  });

  it('should return null when the LLM cannot be reached', async () => {
    const unreachable = new ContradictionArbiter(
      new OpenAiLlmClient({ model: 'gpt-test', baseURL: 'http://127.0.0.1:9/v1', timeoutMs: 300, maxRetries: 0 }),
    );

    await expect(unreachable.judge('a', 'b')).resolves.toBeNull();
  });

  it('should be disabled and answer null without an LLM', async () => {
    const none = new ContradictionArbiter(null);

    expect(none.enabled).toBe(false);
    expect(sut.enabled).toBe(true);
    await expect(none.judge('a', 'b')).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('should cut very long memories and long reasons', async () => {
    server.setChatHandler([reply.json({ verdict: 'same', reason: 'x'.repeat(1000) })]);

    const judgement = await sut.judge('a'.repeat(10_000), 'b');

    const body = server.requests[0]?.body as ChatRequest;
    expect((JSON.parse(body.messages[1]?.content ?? '') as { newer: string }).newer).toHaveLength(2000);
    expect(judgement?.reason).toHaveLength(300);
  });
});
