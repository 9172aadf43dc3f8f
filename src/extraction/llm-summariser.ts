import { z } from 'zod';

import { countTokens, truncateToTokens } from 'src/common/tokens';
import type { SummaryMessage } from 'src/extraction/extractive-summary';
import { stripInjected } from 'src/extraction/injected-text';
import { LlmOutputError } from 'src/llm/llm.port';
import type { JsonSchema, LlmClient } from 'src/llm/llm.port';
import { loadPrompt } from 'src/llm/prompts';

const answerSchema = z.strictObject({ summary: z.string() });
const ANSWER_JSON_SCHEMA: JsonSchema = z.toJSONSchema(answerSchema);
const MAX_TEXT_CHARS = 4000;
/** A word is about 1.3 tokens in English; asking for fewer words leaves room for other languages. */
const WORDS_PER_TOKEN = 0.6;

/**
 * A compaction summary written by the LLM, held to the same rules as the extractive one: never longer than
 * `maxTokens`, never carrying injected text back. Throws LlmUnavailableError / LlmOutputError; the caller falls back.
 */
export class LlmSummariser {
  private readonly system = loadPrompt('compaction');

  constructor(private readonly llm: LlmClient) {}

  async summarise(input: {
    previous: string | null;
    messages: readonly SummaryMessage[];
    maxTokens: number;
  }): Promise<string> {
    const answer = await this.llm.completeJson({
      system: this.system,
      user: JSON.stringify({
        previousSummary: input.previous,
        messages: input.messages.map((m) => ({
          role: m.role.toLowerCase(),
          speaker: m.speaker,
          at: m.createdAt.toISOString(),
          text: stripInjected(m.content).slice(0, MAX_TEXT_CHARS),
        })),
        maxWords: Math.max(20, Math.floor(input.maxTokens * WORDS_PER_TOKEN)),
      }),
      schemaName: 'conversation_summary',
      schema: ANSWER_JSON_SCHEMA,
      validate: (value) => answerSchema.parse(value),
    });
    const summary = stripInjected(answer.summary).trim();
    if (summary.length === 0) {
      throw new LlmOutputError(`${this.llm.model} returned an empty summary`);
    }

    return countTokens(summary) > input.maxTokens ? truncateToTokens(summary, input.maxTokens) : summary;
  }
}
