import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE, TaskBudgetExceededError } from 'src/domain/memory-store.port';
import type { LinkDraft, MemoryDraft, MemoryStore, ScoredId } from 'src/domain/memory-store.port';
import { Direction, MemoryStatus, MemoryType, RelationType, SourceRole, WriteOutcome } from 'src/domain/memory.enums';
import type { AssociationView, MemoryRecord } from 'src/domain/memory.types';
import { seenTogether } from 'src/domain/visibility';
import { autoLinkType, mayRetire, reinforcedConfidence, taskBudgetSpent } from 'src/domain/write-policy';
import { embedForStorage } from 'src/embedding/embed-safely';
import { detectFactRetraction, namesAll } from 'src/language/retractions';
import type { Retraction } from 'src/language/retractions';
import { containsValue, normalizeSlotValue, SLOT_NAMES, slotValueIn } from 'src/language/slots';
import { swapValue } from 'src/language/value-swaps';
import type { ValueSwap } from 'src/language/value-swaps';
import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import { buildDraft, scopedFingerprint } from 'src/memory/memory-draft';
import { changesOneValue, sameStatement } from 'src/memory/paraphrase';
import { parseRememberRequest } from 'src/memory/remember-input';
import type { RememberCommand, RememberRequest } from 'src/memory/remember-input';
import { screenWrite } from 'src/memory/write-screen';
import type { WriteOrigin } from 'src/memory/write-screen';
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

export type { WriteOrigin } from 'src/memory/write-screen';

interface Candidate {
  command: RememberCommand;
  type: MemoryType;
  slot: { name: string; value: string } | null;
  fingerprint: string;
  status: MemoryStatus;
  reason: string | null;
  retracts: Retraction | null;
  retractsFact: string[] | null;
  swap: ValueSwap | null;
}

const NEIGHBOUR_K = 8;
/** The types a taken-back habit or trait can end (see factsTakenBack). */
const TRAIT_TYPES: ReadonlySet<MemoryType> = new Set([
  MemoryType.FACT,
  MemoryType.PREFERENCE,
  MemoryType.OBSERVATION,
  MemoryType.IDENTITY,
]);
const ARBITER_FLOOR = 0.6;
const MAX_ARBITER_PAIRS = 3;
/** Mentions of an old slot value are fetched this many at first, four times more while the page fills. */
const MENTIONS_PAGE = 200;

/** The neighbours a write may correct or take back: ACTIVE, of no slot, and a fact, preference, observation or identity. */
function traitNeighbours(
  neighbours: { memory: MemoryRecord }[],
  test: (memory: MemoryRecord) => boolean,
): MemoryRecord[] {
  return neighbours
    .map((n) => n.memory)
    .filter((m) => m.status === MemoryStatus.ACTIVE && m.slot === null && TRAIT_TYPES.has(m.type) && test(m));
}

function rejected(reason: string): RememberOutcome {
  return { outcome: WriteOutcome.REJECTED, memory: null, reason, superseded: [], associations: [] };
}

/**
 * The write path of DESIGN.md: validate, firewall, injection quarantine, contamination guard, task budget,
 * exact and near duplicates, corrections (slots, arbiter), then one atomic insert with automatic edges.
 */
@Injectable()
export class MemoryWriteService {
  private readonly logger = new Logger(MemoryWriteService.name);

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly arbiter: ContradictionArbiter,
    private readonly metrics: MetricsService,
  ) {}

  async remember(tenantId: string, request: RememberRequest, origin: WriteOrigin = {}): Promise<RememberOutcome> {
    const result = await this.rememberUncounted(tenantId, request, origin);
    engramMetrics.writes(this.metrics).inc({ path: 'remember', outcome: result.outcome });

    return result;
  }

  private async rememberUncounted(
    tenantId: string,
    request: RememberRequest,
    origin: WriteOrigin,
  ): Promise<RememberOutcome> {
    const command = parseRememberRequest(request, this.config.limits.maxContentBytes);
    const first = this.screen(command, origin);
    if ('rejection' in first) {
      return rejected(first.rejection);
    }
    const screened = (await this.resolveSwap(tenantId, first.candidate, origin)) ?? first;
    // a spent budget refuses early (even a repeat); the insert itself counts again inside its transaction
    const budget = await this.checkTaskBudget(tenantId, command);
    if (budget) {
      return rejected(budget);
    }
    try {
      return await this.write(tenantId, screened.candidate);
    } catch (error) {
      if (error instanceof TaskBudgetExceededError) {
        return rejected(error.message);
      }
      throw error;
    }
  }

  private async write(tenantId: string, candidate: Candidate): Promise<RememberOutcome> {
    const { command } = candidate;
    const now = new Date();
    const exact = await this.store.findByFingerprint(tenantId, candidate.fingerprint);
    if (exact) {
      return this.reinforce(tenantId, exact, command, now, 'exact duplicate of an existing memory');
    }
    const vector = await embedForStorage(this.embedder, command.content, this.logger, 'memory');
    const live = candidate.status === MemoryStatus.ACTIVE;
    const neighbours = live && vector ? await this.nearestActive(tenantId, vector, command) : [];
    // "I have three kids" after "I have two kids" is close in words and vectors, yet corrects it: never a duplicate
    const corrected = live && candidate.slot === null ? this.valuesChanged(candidate, neighbours) : [];
    const nearDuplicate = neighbours.find(
      (n) =>
        !corrected.includes(n.memory) &&
        (n.score >= this.config.thresholds.nearDuplicate || sameStatement(n.memory.content, command.content)),
    );
    // "I left Hooli" is close to "I work at Hooli" in words, yet takes it back: never a duplicate
    if (
      nearDuplicate &&
      !candidate.retracts &&
      !candidate.retractsFact &&
      !this.slotChanges(candidate, nearDuplicate.memory)
    ) {
      return this.reinforce(
        tenantId,
        nearDuplicate.memory,
        command,
        now,
        `${nearDuplicate.score >= this.config.thresholds.nearDuplicate ? 'near duplicate' : 'the same statement in other words'} (cosine ${nearDuplicate.score.toFixed(3)}) of an existing memory`,
      );
    }
    const slotEffect = live ? await this.slotEffect(tenantId, candidate) : { reinforce: null, supersede: [] };
    if (slotEffect.reinforce) {
      return this.reinforce(tenantId, slotEffect.reinforce, command, now, `same ${candidate.slot?.name} as before`);
    }
    const contradicted = live ? await this.contradictions(candidate, neighbours) : [];
    const links = live ? this.autoLinks(neighbours, contradicted, slotEffect.supersede) : [];
    const retired = [...contradicted, ...corrected, ...this.factsTakenBack(candidate, neighbours)].filter((m) =>
      mayRetire(command.source.role, m),
    );
    const supersede = [...new Set([...slotEffect.supersede.map((m) => m.id), ...retired.map((m) => m.id)])];

    const draft = this.draft(tenantId, candidate, vector !== null, now);
    const taskBudget = command.source.role === SourceRole.TASK ? this.config.taskWriteBudget : null;
    const result = await this.store.insertMemory({ memory: draft, vector, links, supersede, taskBudget });
    if (!result.created) {
      // a concurrent identical write won the unique constraint: this one reinforces it instead
      return this.reinforce(tenantId, result.memory, command, now, 'exact duplicate of an existing memory');
    }
    const neighbourById = new Map(neighbours.map((n) => [n.memory.id, n.memory]));
    for (const memory of slotEffect.supersede) {
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

  /**
   * "I said Bristol but I meant Bath": the slot whose value is the old one gets the new, written as its holder was
   * ("I live in Bath."). Null when no slot holds the old value: the correction is then kept as said.
   */
  private async resolveSwap(
    tenantId: string,
    candidate: Candidate,
    origin: WriteOrigin,
  ): Promise<{ candidate: Candidate } | null> {
    const swap = candidate.swap;
    if (swap === null || candidate.slot !== null) {
      return null;
    }
    for (const slot of SLOT_NAMES) {
      const holders = await this.store.findActiveBySlot(tenantId, slot);
      const holder = holders.find((m) => this.slotValueOf(m) === normalizeSlotValue(swap.from, slot));
      const content = holder ? swapValue(holder.content, swap) : null;
      if (content !== null) {
        const screened = this.screen({ ...candidate.command, content, slot }, origin);

        return 'rejection' in screened ? null : screened;
      }
    }

    return null;
  }

  private screen(command: RememberCommand, origin: WriteOrigin): { candidate: Candidate } | { rejection: string } {
    const result = screenWrite(command, origin, { firewall: true, detectSlots: true });
    if ('rejection' in result) {
      return result;
    }

    const { tags, ...screened } = result.screened;
    const tagged = { ...command, tags };

    return { candidate: { command: tagged, fingerprint: scopedFingerprint(tagged), ...screened } };
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

  private async nearestActive(
    tenantId: string,
    vector: Float32Array,
    command: RememberCommand,
  ): Promise<{ memory: MemoryRecord; score: number }[]> {
    const hits: ScoredId[] = await this.store.searchVectors(tenantId, vector, NEIGHBOUR_K, {
      statuses: [MemoryStatus.ACTIVE],
      channelId: command.channelId ?? undefined,
      projectId: command.projectId ?? undefined,
    });
    const memories = await this.store.getMemories(
      tenantId,
      hits.map((h) => h.id),
    );
    const byId = new Map(memories.map((m) => [m.id, m]));

    return hits.flatMap((hit) => {
      const memory = byId.get(hit.id);

      return memory ? [{ memory, score: hit.score }] : [];
    });
  }

  /** A near-identical sentence with a different slot value is a correction, not a duplicate. */
  private slotChanges(candidate: Candidate, existing: MemoryRecord): boolean {
    if (!candidate.slot || existing.slot !== candidate.slot.name) {
      return false;
    }

    return this.slotValueOf(existing) !== candidate.slot.value;
  }

  private slotValueOf(memory: MemoryRecord): string {
    return memory.slot === null ? normalizeSlotValue(memory.content) : slotValueIn(memory.content, memory.slot);
  }

  /** Corrections win: a new slot value retires the old slot memory and slotless memories naming the old value. */
  private async slotEffect(
    tenantId: string,
    candidate: Candidate,
  ): Promise<{ reinforce: MemoryRecord | null; supersede: MemoryRecord[] }> {
    if (candidate.retracts) {
      return { reinforce: null, supersede: await this.retracted(tenantId, candidate.retracts, candidate.command) };
    }
    if (!candidate.slot) {
      return { reinforce: null, supersede: [] };
    }
    const current = await this.store.findActiveBySlot(tenantId, candidate.slot.name);
    const same = current.find((m) => this.slotValueOf(m) === candidate.slot?.value);
    if (same) {
      return { reinforce: same, supersede: [] };
    }
    const supersede = new Map(current.map((m) => [m.id, m]));
    for (const old of current) {
      for (const mention of await this.mentions(tenantId, this.slotValueOf(old), candidate.command)) {
        supersede.set(mention.id, mention);
      }
    }

    return { reinforce: null, supersede: [...supersede.values()] };
  }

  /**
   * What a retraction takes back: the slot's holder (any value when the retraction names none, "I don't work
   * there anymore"; else the holder of that value) and slotless memories naming the value, as a correction does.
   */
  private async retracted(tenantId: string, retraction: Retraction, command: RememberCommand): Promise<MemoryRecord[]> {
    const holders = [
      ...(await this.store.findActiveBySlot(tenantId, retraction.slot)),
      ...(retraction.orSlot && retraction.value !== null
        ? await this.store.findActiveBySlot(tenantId, retraction.orSlot)
        : []),
    ];
    const taken = holders.filter(
      (m) =>
        retraction.value === null ||
        this.slotValueOf(m) === retraction.value ||
        containsValue(m.content, retraction.value),
    );
    const values = retraction.value === null ? taken.map((m) => this.slotValueOf(m)) : [retraction.value];
    const retired = new Map(taken.map((m) => [m.id, m]));
    for (const value of values) {
      for (const mention of await this.mentions(tenantId, value, command)) {
        retired.set(mention.id, mention);
      }
    }

    return [...retired.values()];
  }

  /** Every ACTIVE slotless memory naming `value` as a word that is ever seen together with the new memory. */
  private async mentions(tenantId: string, value: string, command: RememberCommand): Promise<MemoryRecord[]> {
    let k = MENTIONS_PAGE;
    let hits = await this.store.findMentions(tenantId, value, [MemoryStatus.ACTIVE], k);
    while (hits.length >= k) {
      k *= 4;
      hits = await this.store.findMentions(tenantId, value, [MemoryStatus.ACTIVE], k);
    }
    const found = await this.store.getMemories(
      tenantId,
      hits.map((h) => h.id),
    );

    return found.filter(
      (m) =>
        m.status === MemoryStatus.ACTIVE &&
        m.slot === null &&
        seenTogether(m, command) &&
        containsValue(m.content, value),
    );
  }

  /** The nearest ACTIVE memories of no slot that the write restates with one value changed (see changesOneValue). */
  private valuesChanged(candidate: Candidate, neighbours: { memory: MemoryRecord }[]): MemoryRecord[] {
    return traitNeighbours(neighbours, (m) => changesOneValue(m.content, candidate.command.content));
  }

  /**
   * What "I don't play tennis anymore" ends: the nearest ACTIVE memories of no slot that state a habit or trait and
   * name every word of it ("Plays tennis every weekend"). Events, decisions, goals and tasks stay: they happened.
   */
  private factsTakenBack(candidate: Candidate, neighbours: { memory: MemoryRecord }[]): MemoryRecord[] {
    const words = candidate.retractsFact;

    return words === null
      ? []
      : traitNeighbours(neighbours, (m) => namesAll(m.content, words) && detectFactRetraction(m.content) === null);
  }

  /** With an LLM configured, same-topic neighbours are judged; a contradiction retires the older memory (see mayRetire). */
  private async contradictions(
    candidate: Candidate,
    neighbours: { memory: MemoryRecord; score: number }[],
  ): Promise<MemoryRecord[]> {
    if (!this.arbiter.enabled) {
      return [];
    }
    // Who the user is changes only when the user says so, whatever the LLM makes of other sources' text.
    const fromUser = candidate.command.source.role === SourceRole.USER;
    const pairs = neighbours
      .filter((n) => n.score >= ARBITER_FLOOR && n.score < this.config.thresholds.nearDuplicate)
      .filter((n) => fromUser || (n.memory.slot === null && n.memory.type !== MemoryType.IDENTITY))
      .slice(0, MAX_ARBITER_PAIRS);
    const verdicts = await Promise.all(
      pairs.map(async (pair) => ({
        pair,
        verdict: await this.arbiter.judge(candidate.command.content, pair.memory.content),
      })),
    );

    return verdicts.filter((v) => v.verdict?.verdict === 'contradicts').map((v) => v.pair.memory);
  }

  private autoLinks(
    neighbours: { memory: MemoryRecord; score: number }[],
    contradicted: MemoryRecord[],
    slotRetired: MemoryRecord[],
  ): LinkDraft[] {
    const links = new Map<string, LinkDraft>();
    for (const n of neighbours) {
      const type = autoLinkType(n.score, this.config.thresholds);
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
