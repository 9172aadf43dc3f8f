import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { COMPACTION_TRIGGER } from 'src/extraction/compaction.policy';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { MessageVectors } from 'src/extraction/message-vectors.service';
import { owedExtractionCutoff, recoveryJobs } from 'src/extraction/owed-work.policy';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** At most this many extractions, compactions and message vectors per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

export interface OwedWorkReport {
  extractions: number;
  compactions: number;
  /** Message vectors embedded and stored by this sweep. */
  vectors: number;
  /** Memories owed their entity links that this sweep handed the linker. */
  entityLinks: number;
}

/**
 * Work a request could not queue (Redis away, a process stopped between storing a message and queueing its job)
 * is still written in the store: this periodic sweep queues it again with the request path's job ids, embeds the
 * messages still without a vector and links the memories still owed their entity links (their write answers first;
 * a crash or an outage can leave them so).
 */
@Injectable()
export class OwedWorkSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(OwedWorkSweeper.name);

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly llmExtraction: LlmExtractionService,
    private readonly vectors: MessageVectors,
    private readonly entityLinks: OwedEntityLinks,
  ) {}

  /** Without Redis at boot the schedule is registered once it answers (the queue reschedules on reconnect). */
  onApplicationBootstrap(): void {
    this.queue
      .schedule(JobName.RecoverOwedWork, {}, this.config.jobs.owedWorkSweepMs)
      .catch((error: unknown) =>
        this.logger.warn(`could not schedule the owed-work sweep: ${(error as Error).message}`),
      );
  }

  async sweep(now = new Date()): Promise<OwedWorkReport> {
    const llmExtraction = this.llmExtraction.enabled;
    const cutoff = owedExtractionCutoff(now, this.config.jobs.owedExtractionGraceMs);
    const [owed, overBudget, owedVectors] = await Promise.all([
      llmExtraction ? this.store.listOwedExtractions(null, cutoff, SWEEP_LIMIT) : [],
      this.store.listChannelsOverBudget(null, this.config.conversations.tokenBudget, COMPACTION_TRIGGER, SWEEP_LIMIT),
      this.store.listOwedVectors(null, cutoff, SWEEP_LIMIT),
    ]);
    const jobs = recoveryJobs({ owed, overBudget, llmExtraction });
    for (const { payload, jobId } of jobs.extractions) {
      await this.queue.enqueue(JobName.ExtractMessage, payload, { jobId });
    }
    for (const { payload, jobId } of jobs.compactions) {
      await this.queue.enqueue(JobName.CompactChannel, payload, { jobId });
    }
    if (jobs.extractions.length + jobs.compactions.length > 0) {
      this.logger.debug(
        `owed work queued again: ${jobs.extractions.length} extraction(s), ${jobs.compactions.length} compaction(s)`,
      );
    }
    const vectors = await this.vectors.embedOwed(owedVectors);
    if (vectors > 0) {
      this.logger.debug(`owed message vectors stored: ${vectors}`);
    }
    const entityLinks = await this.entityLinks.linkOwed(cutoff);

    return { extractions: jobs.extractions.length, compactions: jobs.compactions.length, vectors, entityLinks };
  }
}
