import { z } from 'zod';

import { extractionAnswerSchema, extractionEnvelopeSchema } from 'src/extraction/steel-gate';
import type { JsonSchema, LlmClient } from 'src/llm/llm.port';
import { loadPrompt } from 'src/llm/prompts';

export interface ExtractionTurn {
  turn: number;
  speaker: string | null;
  at: Date;
  text: string;
}

export interface ContextLine {
  role: string;
  speaker: string | null;
  at: Date;
  text: string;
}

export interface ExtractionRequest {
  turns: readonly ExtractionTurn[];
  context: readonly ContextLine[];
  today: Date;
}

const ANSWER_JSON_SCHEMA: JsonSchema = z.toJSONSchema(extractionAnswerSchema);
/** Bounds a prompt whatever the messages: the start of a long message carries what is worth remembering. */
const MAX_TEXT_CHARS = 4000;

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Asks the LLM for memory candidates in the new user turns. Returns the raw candidates (each still unchecked: the
 * steel gate judges them one by one). Throws LlmUnavailableError / LlmOutputError: the caller's job retries.
 */
export class LlmExtractor {
  private readonly system = loadPrompt('extraction');

  constructor(private readonly llm: LlmClient) {}

  async candidates(request: ExtractionRequest): Promise<unknown[]> {
    const user = JSON.stringify({
      today: day(request.today),
      context: request.context.map((line) => ({
        role: line.role.toLowerCase(),
        speaker: line.speaker,
        at: line.at.toISOString(),
        text: line.text.slice(0, MAX_TEXT_CHARS),
      })),
      turns: request.turns.map((t) => ({
        turn: t.turn,
        speaker: t.speaker,
        at: t.at.toISOString(),
        text: t.text.slice(0, MAX_TEXT_CHARS),
      })),
    });
    const answer = await this.llm.completeJson({
      system: this.system,
      user,
      schemaName: 'memory_candidates',
      schema: ANSWER_JSON_SCHEMA,
      validate: (value) => extractionEnvelopeSchema.parse(value),
    });

    return answer.candidates;
  }
}
