import type { EngramClient } from '@engram/client';

/** Any OpenAI-compatible chat completions endpoint: `baseUrl` ends in /v1. */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** One turn of an agent with memory: record the user's message, build the prompt from Engram, answer, record the answer. */
export async function agentTurn(
  engram: EngramClient,
  llm: ModelEndpoint,
  channelId: string,
  userText: string,
): Promise<string> {
  await engram.appendMessage({ channelId, role: 'USER', content: userText });
  const { text } = await engram.context({ channelId, query: userText, tokenBudget: 2000 });
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
    body: JSON.stringify({
      model: llm.model,
      messages: [
        { role: 'system', content: `You are a helpful assistant. What you know:\n${text}` },
        { role: 'user', content: userText },
      ],
    }),
  });
  const completion = (await response.json()) as { choices: { message: { content: string } }[] };
  const reply = completion.choices[0]?.message.content ?? '';
  await engram.appendMessage({ channelId, role: 'ASSISTANT', content: reply });

  return reply;
}
