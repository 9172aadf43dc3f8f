export const LLM_USAGE_STORE = Symbol('LLM_USAGE_STORE');

export interface LlmUsageEntry {
  tenantId: string;
  /** The job that called the model, e.g. `rewrite-bulletin`. */
  job: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** LLM calls and tokens per tenant, job and day: the daily caps read it, operators list it. */
export interface LlmUsageStore {
  /** Adds one call's tokens to the tenant's row for that job and day. */
  addUsage(entry: LlmUsageEntry): Promise<void>;
  callsOn(tenantId: string, job: string, day: string): Promise<number>;
  /** Rows from `sinceDay` on, newest day first. */
  listUsage(sinceDay: string): Promise<LlmUsageEntry[]>;
}
