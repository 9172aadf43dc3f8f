import { Inject, Injectable, Logger } from '@nestjs/common';

import { yieldToEventLoop } from 'src/common/event-loop';
import { annotate, traced } from 'src/common/tracing';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE, TaskBudgetExceededError } from 'src/domain/memory-store.port';
import type { LinkDraft, MemoryDraft, MemoryStore } from 'src/domain/memory-store.port';
import { Direction, MemoryStatus, RelationType, SourceRole, WriteOutcome } from 'src/domain/memory.enums';
import type { AssociationView, MemoryRecord } from 'src/domain/memory.types';
import { autoLinkType, reinforcedConfidence, taskBudgetSpent } from 'src/domain/write-policy';
import { embedForStorage } from 'src/embedding/embed-safely';
import type { SimilarityThresholds } from 'src/embedding/similarity-thresholds';
import { EntityLinker } from 'src/entities/entity-linker.service';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { classifyIntent } from 'src/memory/intent/classify-intent';
import { buildDraft, scopedFingerprint } from 'src/memory/memory-draft';
import { parseRememberRequest } from 'src/memory/remember-input';
import type { RememberCommand, RememberRequest } from 'src/memory/remember-input';
import { WriteDecider } from 'src/memory/write/decide';
import type { Candidate, Neighbour } from 'src/memory/write/decide';
import { replacedSlot, separateFacts } from 'src/memory/write/facts';
import type { IntentClassifier } from 'src/memory/write/intent';
import { LONG_READ_CHARS, readWrite, readWriteYielding } from 'src/memory/write/read-write';
import type { ReadOptions, ReadResult, WriteOrigin } from 'src/memory/write/read-write';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';

export interface LinkedMemory extends AssociationView {
  memory: MemoryRecord;
}

export interface RememberOutcome {
  outcome: WriteOutcome;
  memory: MemoryRecord | null;
  reason: string | null;
  superseded: MemoryRecord[];
  associations: LinkedMemory[];
}

export type { WriteOrigin } from 'src/memory/write/read-write';

type Read = { candidate: Candidate } | { rejection: string };

function rejected(reason: string): RememberOutcome {
  return { outcome: WriteOutcome.REJECTED, memory: null, reason, superseded: [], associations: [] };
}

/**
 * The write path (src/memory/ARCHITECTURE.md): read (normalise, intent, values, screen), the task budget, decide
 * (duplicates, corrections, retractions), then the last stage here: one atomic insert with automatic edges, or a
 * reinforcement.
 */
@Injectable()
export class MemoryWriteService {
  private readonly logger = new Logger(MemoryWriteService.name);

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly decider: WriteDecider,
    private readonly metrics: MetricsService,
    private readonly entities: EntityLinker,
    private readonly owedLinks: OwedEntityLinks,
  ) {
    // registered at boot, so dashboards find the series before the first write
    engramMetrics.writes(metrics);
  }

  /** The embedding model's cosine thresholds (src/embedding/similarity-thresholds.ts), overrides applied. */
  get thresholds(): SimilarityThresholds {
    return this.decider.thresholds;
  }

  async remember(tenantId: string, request: RememberRequest, origin: WriteOrigin = {}): Promise<RememberOutcome> {
    return traced('remember', async () => {
      const result = await this.rememberUncounted(tenantId, request, origin);
      engramMetrics.writes(this.metrics).inc({ path: 'remember', outcome: result.outcome });
      annotate({ 'engram.remember.outcome': result.outcome });

      return result;
    });
  }

  private async rememberUncounted(
    tenantId: string,
    request: RememberRequest,
    origin: WriteOrigin,
  ): Promise<RememberOutcome> {
    const command = parseRememberRequest(request, this.config.limits.maxContentBytes);
    const first = await this.read(command, origin);
    if ('rejection' in first) {
      return rejected(first.rejection);
    }
    await this.breathe(command.content);
    const facts = this.separate(command, origin);
    if (facts !== null) {
      // one memory per fact, each through the whole write path; the answer is the first fact's
      const outcomes: RememberOutcome[] = [];
      for (const content of facts) {
        outcomes.push(await this.rememberOne(tenantId, { ...command, content }, origin));
      }

      return outcomes.find((o) => o.outcome !== WriteOutcome.REJECTED) ?? outcomes[0] ?? rejected('nothing to keep');
    }

    return this.rememberOne(tenantId, command, origin, first);
  }

  /** The facts of a user's own `remember` that names two or more slots of the user (write/facts.ts); else null. */
  private separate(command: RememberCommand, origin: WriteOrigin): string[] | null {
    const own = command.source.role === SourceRole.USER && command.slot === null && origin.claimsSlots !== false;

    if (!own) {
      return null;
    }
    // "I quit Acme, I'm at Globex now": the new value, which supersedes the old
    const replaced = replacedSlot(command.content, this.classifier());

    return replaced === null ? separateFacts(command.content, this.classifier()) : [replaced.content];
  }

  /**
   * Lets other requests run between the stages of a long write: each stage costs time in proportion to the text, and
   * the stages of a 100 KB write in one turn held the event loop 100-200 ms (awaiting the store does not yield).
   */
  private async breathe(content: string): Promise<void> {
    if (content.length >= LONG_READ_CHARS) {
      await yieldToEventLoop();
    }
  }

  private classifier(): IntentClassifier | undefined {
    return this.config.writeIntentModel ? classifyIntent : undefined;
  }

  private async rememberOne(
    tenantId: string,
    command: RememberCommand,
    origin: WriteOrigin,
    known?: Read,
  ): Promise<RememberOutcome> {
    const read = known ?? (await this.read(command, origin));
    if ('rejection' in read) {
      return rejected(read.rejection);
    }
    const first = read.candidate;
    await this.breathe(command.content);
    // "I said Bristol but I meant Bath": the slot holding the old value, written anew with the new one
    const reread = (swapped: RememberCommand): Candidate | null => {
      const again = this.readNow(swapped, origin);

      return 'rejection' in again ? null : again.candidate;
    };
    const candidate = (await this.decider.resolveSwap(tenantId, first, reread)) ?? first;
    // a spent budget refuses early (even a repeat); the insert itself counts again inside its transaction
    const budget = await this.checkTaskBudget(tenantId, command);
    if (budget) {
      return rejected(budget);
    }
    try {
      return await this.write(tenantId, candidate);
    } catch (error) {
      if (error instanceof TaskBudgetExceededError) {
        return rejected(error.message);
      }
      throw error;
    }
  }

  /** The write path's reading of a write (readWrite), over several event-loop turns when the text is long. */
  private async read(command: RememberCommand, origin: WriteOrigin): Promise<Read> {
    return this.candidateOf(command, await readWriteYielding(command, origin, this.readOptions()));
  }

  /** The same in one turn: a correction's second reading of its own short text. */
  private readNow(command: RememberCommand, origin: WriteOrigin): Read {
    return this.candidateOf(command, readWrite(command, origin, this.readOptions()));
  }

  private readOptions(): ReadOptions {
    return { firewall: true, detectSlots: true, ...(this.classifier() ? { classifier: classifyIntent } : {}) };
  }

  private candidateOf(command: RememberCommand, result: ReadResult): Read {
    if ('rejection' in result) {
      return result;
    }
    const { tags, content, intent: _intent, ...screened } = result.screened;
    const read = { ...command, content, tags };

    return { candidate: { command: read, fingerprint: scopedFingerprint(read), ...screened } };
  }

  private async write(tenantId: string, candidate: Candidate): Promise<RememberOutcome> {
    const { command } = candidate;
    const now = new Date();
    const exact = await this.store.findByFingerprint(tenantId, candidate.fingerprint);
    if (exact) {
      return this.reinforce(tenantId, exact, command, now, 'exact duplicate of an existing memory');
    }
    const vector = await traced('remember.embed', () =>
      embedForStorage(this.embedder, command.content, this.logger, 'memory'),
    );
    await this.breathe(command.content);
    const decision = await this.decider.decide(tenantId, candidate, vector);
    await this.breathe(command.content);
    if (decision.kind === 'reinforce') {
      return this.reinforce(tenantId, decision.memory, command, now, decision.reason);
    }
    const live = candidate.status === MemoryStatus.ACTIVE;
    const links = live ? this.autoLinks(decision.neighbours, decision.contradicted, decision.slotRetired) : [];
    const draft = this.draft(tenantId, candidate, vector !== null, now);
    const taskBudget = command.source.role === SourceRole.TASK ? this.config.taskWriteBudget : null;
    const result = await this.store.insertMemory({
      memory: draft,
      vector,
      links,
      supersede: decision.supersede,
      taskBudget,
      // kept in the store until the links are made, so a process that ends first leaves them owed, not lost (with
      // ENTITY_LINKING=false too: they are made once linking is turned on)
      entityLinksOwed: live ? { since: now, slotValue: candidate.slot?.value ?? null } : null,
    });
    if (!result.created) {
      // a concurrent identical write won the unique constraint: this one reinforces it instead
      return this.reinforce(tenantId, result.memory, command, now, 'exact duplicate of an existing memory');
    }
    if (live) {
      // after the write stage: what it names, linked to the tenant's entities (never changes what was written);
      // by default after this answer (OwedEntityLinks), so `Memory.entities` follows the write; the store keeps
      // them owed until they are made
      const linked = { id: result.memory.id, content: result.memory.content, slot: candidate.slot };
      if (this.config.entityLinkingDeferred) {
        this.owedLinks.owe(tenantId, linked);
      } else {
        await traced('remember.entities', () => this.entities.link(tenantId, linked));
      }
    }
    const neighbourById = new Map(decision.neighbours.map((n) => [n.memory.id, n.memory]));
    for (const memory of decision.slotRetired) {
      neighbourById.set(memory.id, memory);
    }

    return {
      outcome: candidate.status === MemoryStatus.QUARANTINED ? WriteOutcome.QUARANTINED : WriteOutcome.CREATED,
      memory: result.memory,
      reason: candidate.reason,
      superseded: result.superseded,
      associations: links.flatMap((link) => {
        const memory = result.superseded.find((m) => m.id === link.toId) ?? neighbourById.get(link.toId);

        return memory
          ? [
              {
                type: link.type,
                direction: Direction.OUT,
                weight: link.weight,
                memoryId: link.toId,
                createdAt: now,
                memory,
              },
            ]
          : [];
      }),
    };
  }

  private async checkTaskBudget(tenantId: string, command: RememberCommand): Promise<string | null> {
    if (command.source.role !== SourceRole.TASK || command.source.taskId === null) {
      return null;
    }
    const used = await this.store.countByTask(tenantId, command.source.taskId);

    return used >= this.config.taskWriteBudget
      ? taskBudgetSpent(command.source.taskId, this.config.taskWriteBudget)
      : null;
  }

  private autoLinks(neighbours: Neighbour[], contradicted: MemoryRecord[], slotRetired: MemoryRecord[]): LinkDraft[] {
    const links = new Map<string, LinkDraft>();
    for (const n of neighbours) {
      const type = autoLinkType(n.score, this.decider.thresholds);
      if (type) {
        links.set(n.memory.id, { toId: n.memory.id, type: RelationType[type], weight: n.score });
      }
    }
    for (const memory of slotRetired) {
      links.set(memory.id, { toId: memory.id, type: RelationType.UPDATES, weight: 1 });
    }
    const edges = [...links.values()];
    for (const memory of contradicted) {
      edges.push({ toId: memory.id, type: RelationType.CONTRADICTS, weight: 1 });
    }

    return edges;
  }

  private draft(tenantId: string, candidate: Candidate, embedded: boolean, now: Date): MemoryDraft {
    return buildDraft(candidate.command, {
      tenantId,
      type: candidate.type,
      status: candidate.status,
      slot: candidate.slot?.name ?? null,
      embeddingModel: embedded ? this.embedder.model : null,
      now,
    });
  }

  private async reinforce(
    tenantId: string,
    existing: MemoryRecord,
    command: RememberCommand,
    now: Date,
    reason: string,
  ): Promise<RememberOutcome> {
    const memory =
      (await this.store.reinforceMemory(tenantId, existing.id, {
        confidence: reinforcedConfidence(existing.confidence, command.explicit),
        seenAt: now,
      })) ?? existing;

    // repeating quarantined content must not launder it: the answer stays QUARANTINED
    const outcome = memory.status === MemoryStatus.QUARANTINED ? WriteOutcome.QUARANTINED : WriteOutcome.REINFORCED;

    return { outcome, memory, reason, superseded: [], associations: [] };
  }
}
