import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { clusterNearDuplicates, promotionGroups } from 'src/cortex/consolidation/clusters';
import type { ClusterMember, SimilarPair } from 'src/cortex/consolidation/clusters';
import { LlmBudget } from 'src/cortex/llm-budget.service';
import { JobName } from 'src/domain/job.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore, Visibility } from 'src/domain/memory-store.port';
import { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { loadPrompt } from 'src/llm/prompts';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { ConsolidationRow, MemoryGraphStore } from 'src/store/memory-graph.port';

const STATE = 'consolidation';
/** Memories looked at per run (the ones changed since the last run, oldest change first). */
const BATCH = 1000;
/** Nearest neighbours asked for per memory. */
const NEIGHBOURS = 8;
/** How much a merge raises the survivor's confidence per memory it absorbs. */
const REINFORCEMENT = 0.05;
const EPISODIC: readonly MemoryType[] = [MemoryType.OBSERVATION, MemoryType.EVENT];
const PROMOTABLE = [MemoryType.IDENTITY, MemoryType.PREFERENCE, MemoryType.FACT] as const;

const promotionSchema = z.object({
  promote: z.boolean(),
  type: z.enum(PROMOTABLE),
  content: z.string(),
});

export interface ConsolidationReport {
  looked: number;
  merged: number;
  promoted: number;
}

function scopeKey(m: { scope: MemoryScope; channelId: string | null; projectId: string | null }): string {
  return m.scope === MemoryScope.THREAD
    ? `T:${m.channelId ?? ''}`
    : m.scope === MemoryScope.PROJECT
      ? `P:${m.projectId ?? ''}`
      : 'G';
}

function member(m: ConsolidationRow | MemoryRecord): ClusterMember {
  const sourceChannel = 'sourceChannelId' in m ? m.sourceChannelId : m.source.channelId;

  return {
    id: m.id,
    type: m.type,
    scopeKey: scopeKey(m),
    slot: m.slot,
    confidence: m.confidence,
    importance: m.importance,
    accessCount: m.accessCount,
    createdAt: m.createdAt,
    channelId: sourceChannel ?? m.channelId,
  };
}

/** What a memory may be compared with: its own visibility only, so a private memory is never matched outside its channel. */
function sameVisibility(row: ConsolidationRow, types: readonly MemoryType[]): Visibility {
  return {
    statuses: [MemoryStatus.ACTIVE],
    types: [...types],
    ...(row.scope === MemoryScope.THREAD && row.channelId ? { channelId: row.channelId } : {}),
    ...(row.scope === MemoryScope.PROJECT && row.projectId ? { projectId: row.projectId } : {}),
  };
}

/**
 * The cortex noticing patterns: near-duplicates (cosine above CONSOLIDATION_THRESHOLD, same type and visibility)
 * are merged into the strongest, which is reinforced; with an LLM, a GLOBAL observation repeated in several
 * channels is promoted to one semantic memory through the write path, with PART_OF edges from the episodes.
 * Idempotent: retired memories are no longer candidates, promoted episodes already point at their memory.
 */
@Injectable()
export class ConsolidationService {
  private readonly logger = new Logger(ConsolidationService.name);

  constructor(
    @Inject(MEMORY_GRAPH) private readonly graph: MemoryGraphStore,
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly writer: MemoryWriteService,
    private readonly llm: LlmBudget,
  ) {}

  async consolidate(tenantId: string, now = new Date()): Promise<ConsolidationReport> {
    const state = await this.graph.readJobState(tenantId, STATE);
    const candidates = await this.graph.readConsolidationCandidates(tenantId, state ? new Date(state) : null, BATCH);
    const merged = await this.mergeNearDuplicates(tenantId, candidates, now);
    const promoted = await this.promoteRepeatedObservations(tenantId, candidates, now);
    const next = candidates.length === BATCH ? (candidates[candidates.length - 1]?.updatedAt ?? now) : now;
    await this.graph.writeJobState(tenantId, STATE, next.toISOString());

    return { looked: candidates.length, merged, promoted };
  }

  private async neighbourhood(
    tenantId: string,
    candidates: readonly ConsolidationRow[],
    types: (row: ConsolidationRow) => readonly MemoryType[],
  ): Promise<{ members: Map<string, ClusterMember>; pairs: SimilarPair[] }> {
    const members = new Map(candidates.map((c) => [c.id, member(c)]));
    const pairs: SimilarPair[] = [];
    for (const row of candidates) {
      const hits = await this.store.searchVectors(tenantId, row.vector, NEIGHBOURS, sameVisibility(row, types(row)));
      pairs.push(...hits.filter((h) => h.id !== row.id).map((h) => ({ a: row.id, b: h.id, similarity: h.score })));
    }
    const missing = [...new Set(pairs.map((p) => p.b))].filter((id) => !members.has(id));
    for (const record of await this.store.getMemories(tenantId, missing)) {
      if (record.status === MemoryStatus.ACTIVE) {
        members.set(record.id, member(record));
      }
    }

    return { members, pairs };
  }

  private async mergeNearDuplicates(
    tenantId: string,
    candidates: readonly ConsolidationRow[],
    now: Date,
  ): Promise<number> {
    const { members, pairs } = await this.neighbourhood(tenantId, candidates, (row) => [row.type]);
    const clusters = clusterNearDuplicates(
      [...members.values()],
      pairs,
      this.config.cortex.maintenance.consolidationThreshold ?? this.writer.thresholds.consolidation,
    );
    let merged = 0;
    for (const cluster of clusters) {
      const confidences = [cluster.survivorId, ...cluster.mergedIds].map((id) => members.get(id)?.confidence ?? 0);
      const retired = await this.store.supersedeInto(tenantId, cluster.survivorId, cluster.mergedIds, now);
      if (retired.length > 0) {
        const confidence = Math.min(1, Math.max(...confidences) + REINFORCEMENT * retired.length);
        await this.store.reinforceMemory(tenantId, cluster.survivorId, { confidence, seenAt: now });
      }
      merged += retired.length;
    }

    return merged;
  }

  private async promoteRepeatedObservations(
    tenantId: string,
    candidates: readonly ConsolidationRow[],
    now: Date,
  ): Promise<number> {
    const perDay = this.config.cortex.maintenance.llmPromotionsPerDay;
    let budget = await this.llm.remaining(tenantId, JobName.ConsolidateMemories, perDay, now);
    // GLOBAL user observations only: what was said in a private channel stays there
    const episodes = candidates.filter(
      (c) => EPISODIC.includes(c.type) && c.scope === MemoryScope.GLOBAL && c.sourceRole === SourceRole.USER,
    );
    if (budget === 0 || episodes.length === 0) {
      return 0;
    }
    const { members, pairs } = await this.neighbourhood(tenantId, episodes, () => EPISODIC);
    const episodic = [...members.values()].filter((m) => m.scopeKey === 'G');
    let promoted = 0;
    for (const group of promotionGroups(episodic, pairs, this.writer.thresholds.promotion)) {
      if (budget === 0) {
        break;
      }
      if (await this.alreadyPromoted(tenantId, group)) {
        continue;
      }
      budget -= 1;
      promoted += (await this.promote(tenantId, group, now)) ? 1 : 0;
    }

    return promoted;
  }

  private async alreadyPromoted(tenantId: string, group: readonly ClusterMember[]): Promise<boolean> {
    for (const episode of group) {
      const parts = await this.store.listAssociations(tenantId, episode.id, {
        types: [RelationType.PART_OF],
        direction: Direction.OUT,
        limit: 1,
      });
      if (parts.length === 0) {
        return false;
      }
    }

    return true;
  }

  private async promote(tenantId: string, group: readonly ClusterMember[], now: Date): Promise<boolean> {
    const episodes = await this.store.getMemories(
      tenantId,
      group.map((m) => m.id),
    );
    let answer: z.infer<typeof promotionSchema>;
    try {
      answer = await this.llm.complete(
        tenantId,
        JobName.ConsolidateMemories,
        {
          system: loadPrompt('promote-observations'),
          user: JSON.stringify({ observations: episodes.map((e) => e.content) }),
          schemaName: 'promotion',
          schema: z.toJSONSchema(promotionSchema),
          validate: (value) => promotionSchema.parse(value),
        },
        now,
      );
    } catch (error) {
      this.logger.warn(`promotion for ${tenantId} skipped: ${(error as Error).message}`);

      return false;
    }
    if (!answer.promote || answer.content.trim().length === 0) {
      return false;
    }
    // through the write path: firewall, injection and contamination guards, dedup and slots all apply
    const result = await this.writer.remember(tenantId, {
      content: answer.content,
      type: answer.type,
      scope: MemoryScope.GLOBAL,
      source: { role: SourceRole.USER },
      tags: ['promoted'],
    });
    const semantic = result.memory;
    if (!semantic || semantic.status !== MemoryStatus.ACTIVE) {
      this.logger.warn(`promotion for ${tenantId} refused by the write path: ${result.reason ?? result.outcome}`);

      return false;
    }
    for (const episode of episodes) {
      await this.store.upsertAssociation({
        tenantId,
        fromId: episode.id,
        toId: semantic.id,
        type: RelationType.PART_OF,
        weight: 1,
        createdAt: now,
      });
    }

    return true;
  }
}
