import type { JobName, JobPayloads } from 'src/domain/job.types';
import type { OverBudgetChannel, OwedExtraction } from 'src/store/conversation-store.port';

/** One extraction per message: the request path and the owed-work sweep use this same id. */
export function extractionJobId(messageId: string): string {
  return `extract.${messageId}`;
}

/** One compaction per range, named by the message it runs through. */
export function compactionJobId(throughMessageId: string): string {
  return `compact.${throughMessageId}`;
}

export interface RecoveryJobs {
  extractions: { payload: JobPayloads[JobName.ExtractMessage]; jobId: string }[];
  compactions: { payload: JobPayloads[JobName.CompactChannel]; jobId: string }[];
}

/** Messages whose time is at or before this are owed extraction long enough for the sweep to queue them again. */
export function owedExtractionCutoff(now: Date, graceMs: number): Date {
  return new Date(now.getTime() - graceMs);
}

/**
 * The jobs that recover owed work, with the ids the request path would have used, so a job still queued or done
 * makes the enqueue a no-op: an extraction per owed message (only while LLM extraction is configured), and an
 * automatic compaction through the newest live message of each channel over its budget.
 */
export function recoveryJobs(input: {
  owed: readonly OwedExtraction[];
  overBudget: readonly OverBudgetChannel[];
  llmExtraction: boolean;
}): RecoveryJobs {
  return {
    extractions: input.llmExtraction
      ? input.owed.map(({ tenantId, messageId }) => ({
          payload: { tenantId, messageId },
          jobId: extractionJobId(messageId),
        }))
      : [],
    compactions: input.overBudget.map((channel) => ({
      payload: {
        tenantId: channel.tenantId,
        channelId: channel.channelId,
        throughMessageId: channel.newestLiveMessageId,
        forced: false,
      },
      jobId: compactionJobId(channel.newestLiveMessageId),
    })),
  };
}
