import { Inject, Injectable, Logger } from '@nestjs/common';

import { LLM } from 'src/llm/llm.port';
import type { JsonCompletionRequest, LlmClient, LlmUsage } from 'src/llm/llm.port';
import { LLM_USAGE_STORE } from 'src/store/llm-usage-store.port';
import type { LlmUsageStore } from 'src/store/llm-usage-store.port';

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The background jobs' only way to the LLM: a call per tenant and job counts against a daily cap, and every call's
 * tokens are recorded per tenant, job and day (operators list them with `node dist/main.js llm-usage`).
 */
@Injectable()
export class LlmBudget {
  private readonly logger = new Logger(LlmBudget.name);

  constructor(
    @Inject(LLM) private readonly llm: LlmClient | null,
    @Inject(LLM_USAGE_STORE) private readonly usage: LlmUsageStore,
  ) {}

  get configured(): boolean {
    return this.llm !== null;
  }

  /** Calls left today for this tenant and job; 0 without an LLM. */
  async remaining(tenantId: string, job: string, perDay: number, now: Date): Promise<number> {
    if (!this.llm || perDay <= 0) {
      return 0;
    }

    return Math.max(0, perDay - (await this.usage.callsOn(tenantId, job, utcDay(now))));
  }

  /** One call, counted whether it succeeds or not. Throws what the LLM client throws. */
  async complete<T>(tenantId: string, job: string, request: JsonCompletionRequest<T>, now = new Date()): Promise<T> {
    if (!this.llm) {
      throw new Error('no LLM configured');
    }
    let billed: LlmUsage = { promptTokens: 0, completionTokens: 0 };
    try {
      return await this.llm.completeJson({ ...request, onUsage: (usage) => (billed = usage) });
    } finally {
      this.logger.log(
        `llm ${job} for ${tenantId}: ${billed.promptTokens} prompt + ${billed.completionTokens} completion tokens`,
      );
      await this.usage.addUsage({ tenantId, job, day: utcDay(now), calls: 1, ...billed });
    }
  }
}
