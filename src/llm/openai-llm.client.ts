import OpenAI from 'openai';

import { withDeadline } from 'src/common/with-deadline';
import type { JsonCompletionRequest, LlmClient } from 'src/llm/llm.port';
import { LlmOutputError, LlmUnavailableError } from 'src/llm/llm.port';

export interface OpenAiLlmClientOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  /** Deadline per completion, retries included. */
  timeoutMs: number;
  maxRetries?: number;
}

/** Any OpenAI-compatible chat completions endpoint that supports `response_format: json_schema`. */
export class OpenAiLlmClient implements LlmClient {
  readonly model: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(options: OpenAiLlmClientOptions) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs;
    this.client = new OpenAI({
      baseURL: options.baseURL,
      // Local servers need no key, but the client refuses to start without one.
      apiKey: options.apiKey ?? 'unused',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 1,
    });
  }

  async completeJson<T>(request: JsonCompletionRequest<T>): Promise<T> {
    const content = await this.complete(request);
    let value: unknown;
    try {
      value = JSON.parse(stripCodeFence(content));
    } catch (error) {
      throw new LlmOutputError(`${this.model} answered non-JSON (${content.length} chars)`, { cause: error });
    }
    try {
      return request.validate(value);
    } catch (error) {
      throw new LlmOutputError(`${this.model} answered JSON that fails ${request.schemaName}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  private async complete<T>(request: JsonCompletionRequest<T>): Promise<string> {
    // `$schema` is not part of the subset structured outputs accept.
    const { $schema: _ignored, ...schema } = request.schema;
    let completion: OpenAI.ChatCompletion;
    try {
      completion = await withDeadline(this.timeoutMs, (signal) =>
        this.client.chat.completions.create(
          {
            model: this.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema, strict: true } },
          },
          { signal },
        ),
      );
    } catch (error) {
      throw new LlmUnavailableError(`completion from ${this.model} failed: ${describe(error)}`, { cause: error });
    }
    if (completion.usage) {
      request.onUsage?.({
        promptTokens: completion.usage.prompt_tokens,
        completionTokens: completion.usage.completion_tokens,
      });
    }
    const choice = completion.choices?.[0];
    if (!choice) {
      throw new LlmOutputError(`${this.model} returned no choices`);
    }
    if (choice.message.refusal) {
      throw new LlmOutputError(`${this.model} refused to answer`);
    }
    if (choice.finish_reason === 'length') {
      throw new LlmOutputError(`${this.model} answer was cut off at the token limit`);
    }
    const content = choice.message.content;
    if (typeof content !== 'string' || content.trim().length === 0) {
      throw new LlmOutputError(`${this.model} returned an empty answer`);
    }

    return content;
  }
}

/** Some compatible servers wrap JSON in a markdown fence despite `response_format`. */
function stripCodeFence(content: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);

  return match?.[1] ?? content;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
