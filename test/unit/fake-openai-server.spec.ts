import OpenAI from 'openai';

import type { EmbeddingRequest, FakeOpenAiServer } from 'test/support/fake-openai-server';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';

describe('fake OpenAI server', () => {
  let server: FakeOpenAiServer;
  let client: OpenAI;

  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    client = new OpenAI({ baseURL: server.url, apiKey: 'sk-test', maxRetries: 0 });
  });

  afterEach(async () => {
    await server.close();
  });

  it('should answer base64 embeddings by default, which the client decodes', async () => {
    server.setEmbeddingHandler([reply.vectors([[0.5, -0.25, 1]])]);

    const response = await client.embeddings.create({ model: 'm', input: 'hello' });

    expect((server.requests[0]?.body as EmbeddingRequest).encoding_format).toBe('base64');
    expect(Array.from(response.data[0]?.embedding ?? [])).toEqual([0.5, -0.25, 1]);
  });

  it('should answer float arrays when asked for floats', async () => {
    const response = await client.embeddings.create({
      model: 'm',
      input: ['a', 'b'],
      dimensions: 8,
      encoding_format: 'float',
    });

    expect(response.data.map((d) => d.embedding.length)).toEqual([8, 8]);
    expect(response.data.map((d) => d.index)).toEqual([0, 1]);
  });

  it('should answer chat completions from a queue, then fail when it runs dry', async () => {
    server.setChatHandler([reply.json({ ok: true })]);
    const ask = (): Promise<OpenAI.ChatCompletion> =>
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

    const first = await ask();

    expect(first.choices[0]?.message.content).toBe('{"ok":true}');
    await expect(ask()).rejects.toMatchObject({ status: 500 });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/chat/completions',
      'POST /v1/chat/completions',
    ]);
  });

  it('should close while a delayed request is still open', async () => {
    server.setChatHandler(() => reply.delay(60_000));
    const pending = client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));

    await server.close();

    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
    server = await startFakeOpenAiServer();
  });
});
