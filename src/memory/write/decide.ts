import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore, ScoredId } from 'src/domain/memory-store.port';
import { CONSTRAINT_TAG, MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { seenTogether } from 'src/domain/visibility';
import { mayRetire } from 'src/domain/write-policy';
import { thresholdsForModel } from 'src/embedding/similarity-thresholds';
import type { SimilarityThresholds } from 'src/embedding/similarity-thresholds';
import { detectFactRetraction, namesAll } from 'src/language/retractions';
import type { Retraction } from 'src/language/retractions';
import { containsValue, normalizeSlotValue, SLOT_NAMES, slotValueIn } from 'src/language/slots';
import { swapValue } from 'src/language/value-swaps';
import type { ValueSwap } from 'src/language/value-swaps';
import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import { changesOneValue, sameStatement } from 'src/memory/paraphrase';
import type { RememberCommand } from 'src/memory/remember-input';
import { oldValueOfShape } from 'src/memory/write/shape-swap';
import type { HeldValue } from 'src/memory/write/shape-swap';

/**
 * Stage 6 of the write path: what a read write does to the memories there are. An exact or near duplicate is
 * reinforced, the same slot value reinforces its holder; a new slot value supersedes the old holder and every
 * slotless memory naming the old value; a retraction retires what it takes back; a write that restates a memory with
 * one value changed corrects it; with an LLM configured, a contradiction retires the older memory.
 */

export interface Candidate {
  command: RememberCommand;
  type: MemoryType;
  slot: { name: string; value: string } | null;
  fingerprint: string;
  status: MemoryStatus;
  reason: string | null;
  retracts: Retraction | null;
  retractsFact: readonly string[] | null;
  swap: ValueSwap | null;
}

export interface Neighbour {
  memory: MemoryRecord;
  score: number;
}

export type Decision =
  | { kind: 'reinforce'; memory: MemoryRecord; reason: string }
  | {
      kind: 'create';
      neighbours: Neighbour[];
      contradicted: MemoryRecord[];
      /** Slot holders (and mentions of their values) the write supersedes. */
      slotRetired: MemoryRecord[];
      /** Every id the write supersedes. */
      supersede: string[];
    };

const NEIGHBOUR_K = 8;
/** The types a taken-back habit or trait can end (see factsTakenBack). */
const TRAIT_TYPES: ReadonlySet<MemoryType> = new Set([
  // a plan holds until it is called off: "I cancelled the Patagonia trip"
  MemoryType.GOAL,
  MemoryType.FACT,
  MemoryType.PREFERENCE,
  MemoryType.OBSERVATION,
  MemoryType.IDENTITY,
]);
const MAX_ARBITER_PAIRS = 3;
/** Mentions of an old slot value are fetched this many at first, four times more while the page fills. */
const MENTIONS_PAGE = 200;

/** The neighbours a write may correct or take back: ACTIVE, of no slot, a goal, fact, preference, observation or identity. */
function traitNeighbours(neighbours: Neighbour[], test: (memory: MemoryRecord) => boolean): MemoryRecord[] {
  return neighbours
    .map((n) => n.memory)
    .filter((m) => m.status === MemoryStatus.ACTIVE && m.slot === null && TRAIT_TYPES.has(m.type) && test(m));
}

@Injectable()
export class WriteDecider {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly arbiter: ContradictionArbiter,
  ) {}

  /** The embedding model's cosine thresholds, with the configured ones over them. */
  get thresholds(): SimilarityThresholds {
    return thresholdsForModel(this.embedder.model, this.config.thresholds);
  }

  /** What `candidate` (not an exact duplicate; `vector` null when it could not be embedded) does. */
  async decide(tenantId: string, candidate: Candidate, vector: Float32Array | null): Promise<Decision> {
    const { command } = candidate;
    const live = candidate.status === MemoryStatus.ACTIVE;
    const neighbours = live && vector ? await this.nearestActive(tenantId, vector, command) : [];
    // "I have three kids" after "I have two kids" is close in words and vectors, yet corrects it: never a duplicate
    const corrected = live && candidate.slot === null ? this.valuesChanged(candidate, neighbours) : [];
    const nearDuplicate = neighbours.find(
      (n) =>
        !corrected.includes(n.memory) &&
        (n.score >= this.thresholds.nearDuplicate || sameStatement(n.memory.content, command.content)),
    );
    // "I left Hooli" is close to "I work at Hooli" in words, yet takes it back: never a duplicate
    if (
      nearDuplicate &&
      !candidate.retracts &&
      !candidate.retractsFact &&
      !this.slotChanges(candidate, nearDuplicate.memory)
    ) {
      const how =
        nearDuplicate.score >= this.thresholds.nearDuplicate ? 'near duplicate' : 'the same statement in other words';

      return {
        kind: 'reinforce',
        memory: nearDuplicate.memory,
        reason: `${how} (cosine ${nearDuplicate.score.toFixed(3)}) of an existing memory`,
      };
    }
    const slotEffect = live ? await this.slotEffect(tenantId, candidate) : { reinforce: null, supersede: [] };
    if (slotEffect.reinforce) {
      return { kind: 'reinforce', memory: slotEffect.reinforce, reason: `same ${candidate.slot?.name} as before` };
    }
    const contradicted = live ? await this.contradictions(candidate, neighbours) : [];
    const retired = [...contradicted, ...corrected, ...this.factsTakenBack(candidate, neighbours)].filter((m) =>
      mayRetire(command.source.role, m),
    );
    const supersede = [...new Set([...slotEffect.supersede.map((m) => m.id), ...retired.map((m) => m.id)])];

    return { kind: 'create', neighbours, contradicted, slotRetired: slotEffect.supersede, supersede };
  }

  /**
   * "I said Bristol but I meant Bath": the slot whose value is the old one gets the new, written as its holder was
   * ("I live in Bath."). Null when no slot holds the old value: the correction is then kept as said.
   */
  async resolveSwap(
    tenantId: string,
    candidate: Candidate,
    reread: (command: RememberCommand) => Candidate | null,
  ): Promise<Candidate | null> {
    const swap = candidate.swap;
    if (swap === null || candidate.slot !== null) {
      return null;
    }
    const holders = (await Promise.all(SLOT_NAMES.map((slot) => this.store.findActiveBySlot(tenantId, slot)))).flat();
    // "wait, I meant March": the one held value of the new one's shape
    const from =
      swap.from ??
      oldValueOfShape(
        holders.flatMap((m) => (m.slot === null ? [] : [this.heldValue(m, m.slot)])),
        swap.to,
        swap.lowerCase === true,
      );
    if (from === null) {
      return null;
    }
    // the holder of the old value; else one that names it in a longer value ("Jonas" in "My name is Jonas Berg")
    const holder =
      holders.find((m) => m.slot !== null && this.slotValueOf(m) === normalizeSlotValue(from, m.slot)) ??
      holders.find((m) => m.slot !== null && containsValue(this.slotValueOf(m), from));
    const content = holder ? swapValue(holder.content, { from, to: swap.to }) : null;

    return holder && content !== null ? reread({ ...candidate.command, content, slot: holder.slot }) : null;
  }

  private async nearestActive(tenantId: string, vector: Float32Array, command: RememberCommand): Promise<Neighbour[]> {
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

  /** A holder's value, and whether its content writes it in lower case ("I live in copenhagen."). */
  private heldValue(memory: MemoryRecord, slot: string): HeldValue {
    const value = this.slotValueOf(memory);

    return { slot, value, lowerCase: /\p{L}/u.test(value) && memory.content.includes(value) };
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
    // "Svar altid på dansk" after "Mit foretrukne sprog er dansk": the same value, now a standing rule as well
    if (same && addsRule(candidate.command.tags, same.tags)) {
      return { reinforce: null, supersede: [same] };
    }
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
  private valuesChanged(candidate: Candidate, neighbours: Neighbour[]): MemoryRecord[] {
    return traitNeighbours(neighbours, (m) => changesOneValue(m.content, candidate.command.content));
  }

  /**
   * What "I don't play tennis anymore" ends: the nearest ACTIVE memories of no slot that state a habit or trait and
   * name every word of it ("Plays tennis every weekend"), or a plan it calls off. Events, decisions and tasks stay.
   */
  private factsTakenBack(candidate: Candidate, neighbours: Neighbour[]): MemoryRecord[] {
    const words = candidate.retractsFact;

    return words === null
      ? []
      : traitNeighbours(neighbours, (m) => namesAll(m.content, words) && detectFactRetraction(m.content) === null);
  }

  /** With an LLM configured, same-topic neighbours are judged; a contradiction retires the older memory (see mayRetire). */
  private async contradictions(candidate: Candidate, neighbours: Neighbour[]): Promise<MemoryRecord[]> {
    if (!this.arbiter.enabled) {
      return [];
    }
    // Who the user is changes only when the user says so, whatever the LLM makes of other sources' text.
    const fromUser = candidate.command.source.role === SourceRole.USER;
    const pairs = neighbours
      .filter((n) => n.score >= this.thresholds.arbiterFloor && n.score < this.thresholds.nearDuplicate)
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
}

/** Whether a write of a slot's held value makes it a standing rule, which the holder is not. */
function addsRule(written: readonly string[], held: readonly string[]): boolean {
  return written.includes(CONSTRAINT_TAG) && !held.includes(CONSTRAINT_TAG);
}
