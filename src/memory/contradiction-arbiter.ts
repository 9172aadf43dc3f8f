import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { LLM } from 'src/llm/llm.port';
import type { JsonSchema, LlmClient } from 'src/llm/llm.port';
import { loadPrompt } from 'src/llm/prompts';

export type ContradictionVerdict = 'contradicts' | 'compatible' | 'same';

export interface ArbiterJudgement {
  verdict: ContradictionVerdict;
  reason: string;
}

const judgementSchema = z.object({
  verdict: z.enum(['contradicts', 'compatible', 'same']),
  reason: z.string(),
});

const JUDGEMENT_JSON_SCHEMA: JsonSchema = z.toJSONSchema(judgementSchema);

/** Keeps prompts bounded; the start of a memory is enough to tell whether it conflicts. */
const MAX_TEXT_CHARS = 2000;
const MAX_REASON_CHARS = 300;

/**
 * Asks the LLM whether a newer memory contradicts an older same-topic one. Never throws: without an LLM, or when
 * it is down, slow or answers garbage, `judge` returns null and the write path keeps its deterministic rules.
 */
@Injectable()
export class ContradictionArbiter {
  private readonly logger = new Logger(ContradictionArbiter.name);
  private readonly system: string | null;

  constructor(@Inject(LLM) private readonly llm: LlmClient | null) {
    this.system = llm ? loadPrompt('contradiction') : null;
  }

  get enabled(): boolean {
    return this.llm !== null;
  }

  async judge(newer: string, older: string): Promise<ArbiterJudgement | null> {
    if (!this.llm || this.system === null) {
      return null;
    }
    try {
      const judgement = await this.llm.completeJson({
        system: this.system,
        user: JSON.stringify({ newer: newer.slice(0, MAX_TEXT_CHARS), older: older.slice(0, MAX_TEXT_CHARS) }),
        schemaName: 'contradiction_verdict',
        schema: JUDGEMENT_JSON_SCHEMA,
        validate: (value) => judgementSchema.parse(value),
      });

      return { verdict: judgement.verdict, reason: judgement.reason.trim().slice(0, MAX_REASON_CHARS) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`contradiction check skipped, deterministic rules apply: ${message}`);

      return null;
    }
  }
}
