/** Compaction starts when a channel's live (unsummarised) history passes this share of its token budget. */
export const COMPACTION_TRIGGER = 0.8;
/** After an automatic compaction this share of the budget stays live history (the most recent messages). */
export const KEEP_AFTER_COMPACTION = 0.4;
/** A summary may take this share of the budget (at least SUMMARY_MIN_TOKENS). */
export const SUMMARY_SHARE = 0.2;
export const SUMMARY_MIN_TOKENS = 64;

/** A channel's history budget: its own, or the configured default. */
export function channelBudget(channel: { tokenBudget: number | null }, fallback: number): number {
  return channel.tokenBudget ?? fallback;
}

export function needsCompaction(liveTokens: number, budget: number): boolean {
  return liveTokens > COMPACTION_TRIGGER * budget;
}

export function summaryTokenBudget(budget: number): number {
  return Math.max(SUMMARY_MIN_TOKENS, Math.floor(SUMMARY_SHARE * budget));
}

export interface LiveMessage {
  id: string;
  tokenCount: number;
}

/**
 * Which messages a compaction summarises: the oldest prefix of `candidates` (live messages, oldest first, up to the
 * message the job was queued for) whose removal brings the live history (`liveTokens`, all live messages) down to
 * 40% of the budget; forced (`compactChannel`), every candidate. The newest live message is never compacted.
 * Empty: nothing to do, which makes re-running a finished compaction a no-op.
 */
export function planCompaction(input: {
  candidates: readonly LiveMessage[];
  liveTokens: number;
  liveCount: number;
  budget: number;
  forced: boolean;
}): string[] {
  if (!input.forced && !needsCompaction(input.liveTokens, input.budget)) {
    return [];
  }
  const keep = input.forced ? 0 : KEEP_AFTER_COMPACTION * input.budget;
  const maxTaken = Math.min(input.candidates.length, input.liveCount - 1);
  const taken: string[] = [];
  let remaining = input.liveTokens;
  for (const message of input.candidates.slice(0, Math.max(0, maxTaken))) {
    if (remaining <= keep) {
      break;
    }
    taken.push(message.id);
    remaining -= message.tokenCount;
  }

  return taken;
}
