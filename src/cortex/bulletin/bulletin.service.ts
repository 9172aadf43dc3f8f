import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { BulletinEvents } from 'src/cortex/bulletin/bulletin-events';
import { lineRef, MAX_SECTION_LINES, renderBulletin } from 'src/cortex/bulletin/bulletin.render';
import { LlmBudget } from 'src/cortex/llm-budget.service';
import { markerKey } from 'src/domain/change-marker';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { loadPrompt } from 'src/llm/prompts';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import type { BulletinRecord, BulletinSource, BulletinStore } from 'src/store/bulletin-store.port';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';

export type BulletinTrigger = 'change' | 'demand';

export interface BulletinReport {
  /** `skipped`: nothing new was stored or published (the inputs or the text did not change, or the cap was hit). */
  status: 'generated' | 'rewritten' | 'skipped';
  reason?: string;
  bulletin: BulletinRecord | null;
}

const REWRITE_STATE = 'rewrite-bulletin';
const rewriteSchema = z.object({ content: z.string() });

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Bulletin ids follow from what the bulletin says and what it replaces: two processes that produce the same
 * bulletin at the same time store it once and announce it once, while the same text coming back after another
 * version gets a new id.
 */
export function bulletinId(
  tenantId: string,
  previousId: string | null,
  source: BulletinSource,
  content: string,
): string {
  const hex = sha256(`${tenantId}\n${previousId ?? ''}\n${source}\n${content}`);

  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A rewrite is only kept if it states every memory the template states (by reference) and stays within the cap. */
export function acceptableRewrite(template: string, rewrite: string, maxWords: number): boolean {
  const words = rewrite.split(/\s+/).filter((w) => w.length > 0).length;
  const refs = template.split('\n').flatMap((line) => lineRef(line) ?? []);

  return words > 0 && words <= maxWords && refs.every((ref) => rewrite.includes(`[${ref}]`));
}

@Injectable()
export class BulletinService {
  private readonly logger = new Logger(BulletinService.name);

  constructor(
    @Inject(BULLETIN_STORE) private readonly store: BulletinStore,
    @Inject(MEMORY_GRAPH) private readonly graph: MemoryGraphStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: BulletinEvents,
    private readonly llm: LlmBudget,
  ) {}

  latest(tenantId: string): Promise<BulletinRecord | null> {
    return this.store.latestBulletin(tenantId);
  }

  /**
   * Renders the bulletin from the tenant's memories. On a change trigger an unchanged marker skips even the
   * rendering; either way a text equal to the latest one's is not stored again, nor announced.
   */
  async refresh(tenantId: string, trigger: BulletinTrigger, now = new Date()): Promise<BulletinReport> {
    const marker = markerKey(await this.graph.changeMarker(tenantId));
    const latest = await this.store.latestBulletin(tenantId);
    if (trigger === 'change' && latest?.marker === marker) {
      return { status: 'skipped', reason: 'no change since the latest bulletin', bulletin: latest };
    }
    const rendered = renderBulletin(
      await this.store.bulletinCandidates(tenantId, MAX_SECTION_LINES),
      this.config.cortex.bulletin.maxWords,
    );
    const digest = sha256(rendered.content);
    if (latest?.digest === digest) {
      if (latest.marker !== marker) {
        await this.store.confirmBulletin(tenantId, latest.id, marker);
      }

      return { status: 'skipped', reason: 'same text as the latest bulletin', bulletin: { ...latest, marker } };
    }
    const { bulletin, created } = await this.store.saveBulletin({
      id: bulletinId(tenantId, latest?.id ?? null, 'template', rendered.content),
      tenantId,
      content: rendered.content,
      generatedAt: now,
      memoryIds: rendered.memoryIds,
      marker,
      digest,
      source: 'template',
    });
    if (!created) {
      return { status: 'skipped', reason: 'produced concurrently elsewhere', bulletin };
    }
    this.logger.log(`bulletin ${bulletin.id} for ${tenantId}: ${bulletin.memoryIds.length} memories (${trigger})`);
    await this.events.publish(bulletin);
    if (rendered.content.length > 0 && this.llm.configured && this.config.cortex.bulletin.llmRewritesPerDay > 0) {
      // not awaited: a refresh answers even while Redis is away (the sweep offers the rewrite again later)
      this.queue
        .enqueue(JobName.RewriteBulletin, { tenantId, bulletinId: bulletin.id }, { jobId: `rewrite-${bulletin.id}` })
        .catch((error: unknown) =>
          this.logger.warn(`could not queue the bulletin rewrite: ${(error as Error).message}`),
        );
    }

    return { status: 'generated', bulletin };
  }

  /**
   * The optional LLM version of the latest bulletin: debounced (at most one per BULLETIN_LLM_MIN_INTERVAL_MS),
   * capped per tenant and day, and discarded unless it keeps every memory reference of the deterministic text.
   */
  async rewrite(tenantId: string, id: string, now = new Date()): Promise<BulletinReport> {
    const settings = this.config.cortex.bulletin;
    const latest = await this.store.latestBulletin(tenantId);
    if (!latest || latest.id !== id || latest.source !== 'template' || latest.content.length === 0) {
      return { status: 'skipped', reason: 'not the latest deterministic bulletin', bulletin: latest };
    }
    const last = await this.graph.readJobState(tenantId, REWRITE_STATE);
    if (last !== null && now.getTime() - new Date(last).getTime() < settings.llmMinIntervalMs) {
      return { status: 'skipped', reason: 'debounced', bulletin: latest };
    }
    if ((await this.llm.remaining(tenantId, JobName.RewriteBulletin, settings.llmRewritesPerDay, now)) === 0) {
      return { status: 'skipped', reason: 'daily LLM cap reached', bulletin: latest };
    }
    await this.graph.writeJobState(tenantId, REWRITE_STATE, now.toISOString());
    let content: string;
    try {
      ({ content } = await this.llm.complete(
        tenantId,
        JobName.RewriteBulletin,
        {
          system: loadPrompt('bulletin-rewrite'),
          user: JSON.stringify({ bulletin: latest.content, maxWords: settings.maxWords }),
          schemaName: 'bulletin_rewrite',
          schema: z.toJSONSchema(rewriteSchema),
          validate: (value) => rewriteSchema.parse(value),
        },
        now,
      ));
    } catch (error) {
      this.logger.warn(
        `bulletin rewrite for ${tenantId} failed, keeping the deterministic text: ${(error as Error).message}`,
      );

      return { status: 'skipped', reason: 'LLM unavailable', bulletin: latest };
    }
    content = content.trim();
    if (!acceptableRewrite(latest.content, content, settings.maxWords)) {
      this.logger.warn(
        `bulletin rewrite for ${tenantId} dropped a memory or broke the word cap: keeping the deterministic text`,
      );

      return { status: 'skipped', reason: 'rewrite rejected', bulletin: latest };
    }
    const { bulletin, created } = await this.store.saveBulletin({
      ...latest,
      id: bulletinId(tenantId, latest.id, 'llm', content),
      content,
      generatedAt: now,
      source: 'llm',
    });
    if (created) {
      await this.events.publish(bulletin);
    }

    return { status: created ? 'rewritten' : 'skipped', bulletin };
  }
}
