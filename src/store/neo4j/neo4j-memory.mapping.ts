import { int } from 'neo4j-driver';

import type { InsertMemoryCommand, MemoryDraft, ScoredId, Visibility } from 'src/domain/memory-store.port';
import {
  CONSTRAINT_TAG,
  isLive,
  MEMORY_TYPE_LABEL,
  MemoryScope,
  MemoryStatus,
  MemoryType,
  RelationType,
  SourceRole,
} from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { visibleScopes } from 'src/domain/visibility';
import { SEARCH_WORDS_VERSION, searchWords, weightedWords } from 'src/store/neo4j/lucene-query';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toDateTime,
  toEnum,
  toMap,
  toNumber,
  toOptionalNumber,
  toOptionalText,
  toText,
  toTextList,
} from 'src/store/neo4j/neo4j-values';
import { tenantSearchToken } from 'src/store/search-terms';

const RELATION_TYPES: readonly string[] = Object.values(RelationType);

/**
 * The one mapping of a memory node: every Cypher file returns `m {.*, embedding: null} AS memory` (all properties but
 * the vector), and this reads it. Properties the domain does not know (tenantKey, liveFingerprint) are ignored. The
 * recall read alone returns its memories as columns (neo4j-memory-columns.ts), read by the same `memoryFrom`.
 */
export function toMemory(value: unknown): MemoryRecord {
  return memoryFrom(toMap(value, 'memory'), toDate);
}

/** A memory from its properties by name, its dates read by `date` (a DateTime, or epoch milliseconds). */
export function memoryFrom(m: Row, date: (value: unknown, field: string) => Date): MemoryRecord {
  const optionalDate = (value: unknown, field: string): Date | null =>
    value === null || value === undefined ? null : date(value, field);
  const createdAt = date(m['createdAt'], 'createdAt');

  return {
    id: toText(m['id'], 'id'),
    tenantId: toText(m['tenantId'], 'tenantId'),
    type: toEnum(MemoryType, m['type'], 'type'),
    content: toText(m['content'], 'content'),
    context: toOptionalText(m['context'], 'context'),
    status: toEnum(MemoryStatus, m['status'], 'status'),
    scope: toEnum(MemoryScope, m['scope'], 'scope'),
    channelId: toOptionalText(m['channelId'], 'channelId'),
    projectId: toOptionalText(m['projectId'], 'projectId'),
    slot: toOptionalText(m['slot'], 'slot'),
    importance: toNumber(m['importance'], 'importance'),
    baseImportance: toNumber(m['baseImportance'], 'baseImportance'),
    centrality: toNumber(m['centrality'], 'centrality'),
    confidence: toNumber(m['confidence'], 'confidence'),
    tags: toTextList(m['tags']),
    fingerprint: toText(m['fingerprint'], 'fingerprint'),
    source: {
      role: toEnum(SourceRole, m['sourceRole'], 'sourceRole'),
      channelId: toOptionalText(m['sourceChannelId'], 'sourceChannelId'),
      messageId: toOptionalText(m['sourceMessageId'], 'sourceMessageId'),
      taskId: toOptionalText(m['sourceTaskId'], 'sourceTaskId'),
      skillId: toOptionalText(m['sourceSkillId'], 'sourceSkillId'),
    },
    occurredAt: optionalDate(m['occurredAt'], 'occurredAt') ?? createdAt,
    fading: m['fading'] === true,
    expiredAt: optionalDate(m['expiredAt'], 'expiredAt'),
    createdAt,
    updatedAt: date(m['updatedAt'], 'updatedAt'),
    lastAccessedAt: optionalDate(m['lastAccessedAt'], 'lastAccessedAt'),
    lastSeenAt: date(m['lastSeenAt'], 'lastSeenAt'),
    accessCount: toOptionalNumber(m['accessCount'], 'accessCount') ?? 0,
    supersededBy: toOptionalText(m['supersededBy'], 'supersededBy'),
    validUntil: optionalDate(m['validUntil'], 'validUntil'),
    embeddingModel: toOptionalText(m['embeddingModel'], 'embeddingModel'),
  };
}

export function toScoredIds(value: unknown): ScoredId[] {
  if (!Array.isArray(value)) {
    throw new Error('Neo4j returned hits that are not a list');
  }

  return value.map((hit: unknown) => {
    const row = toMap(hit, 'hit');

    return { id: toText(row['id'], 'hit.id'), score: toNumber(row['score'], 'hit.score') };
  });
}

export function isZero(vector: Float32Array): boolean {
  return vector.every((x) => x === 0);
}

export function relationType(value: string): RelationType {
  if (!RELATION_TYPES.includes(value)) {
    throw new Error(`Unknown relation type ${JSON.stringify(value)}`);
  }

  return value as RelationType;
}

export const ALL_RELATION_TYPES: readonly RelationType[] = Object.values(RelationType);

export function memoryLabel(type: MemoryType): string {
  const label = MEMORY_TYPE_LABEL[type] as string | undefined;
  if (label === undefined) {
    throw new Error(`Unknown memory type ${JSON.stringify(type)}`);
  }

  return label;
}

/** The node's properties; `liveFingerprint` carries the uniqueness constraint and only exists on live memories. */
export function nodeProperties(memory: MemoryDraft, vector: Float32Array | null): Params {
  const embedded = vector !== null && !isZero(vector);

  return {
    id: memory.id,
    tenantId: memory.tenantId,
    tenantKey: tenantSearchToken(memory.tenantId),
    type: memory.type,
    content: memory.content,
    context: memory.context,
    contentWords: searchWords(memory.content),
    weightedWords: weightedWords(memory.content, memory.context),
    wordsVersion: int(SEARCH_WORDS_VERSION),
    status: memory.status,
    scope: memory.scope,
    channelId: memory.channelId,
    projectId: memory.projectId,
    slot: memory.slot,
    importance: memory.importance,
    baseImportance: memory.baseImportance,
    centrality: memory.centrality,
    confidence: memory.confidence,
    tags: [...memory.tags],
    // an indexed marker (memory_tenant_constraint): the rules `context` reads every turn are found without a scan
    constraintTag: memory.tags.includes(CONSTRAINT_TAG) ? true : null,
    fingerprint: memory.fingerprint,
    liveFingerprint: isLive(memory.status) ? memory.fingerprint : null,
    sourceRole: memory.source.role,
    sourceChannelId: memory.source.channelId,
    sourceMessageId: memory.source.messageId,
    sourceTaskId: memory.source.taskId,
    sourceSkillId: memory.source.skillId,
    occurredAt: toDateTime(memory.occurredAt),
    createdAt: toDateTime(memory.createdAt),
    updatedAt: toDateTime(memory.updatedAt),
    lastSeenAt: toDateTime(memory.lastSeenAt),
    lastAccessedAt: null,
    accessCount: int(0),
    supersededBy: null,
    validUntil: null,
    embedding: embedded ? Array.from(vector) : null,
    embeddingModel: vector !== null ? memory.embeddingModel : null,
  };
}

/** A new memory's node properties, with its owed entity links when the insert owes them (removed by link-mentions). */
export function insertedProperties(command: InsertMemoryCommand): Params {
  const owed = command.entityLinksOwed;
  const props = nodeProperties(command.memory, command.vector);

  return owed ? { ...props, entitiesOwedAt: toDateTime(owed.since), entitiesOwedSlotValue: owed.slotValue } : props;
}

export function visibilityParams(visibility: Visibility): Params {
  return {
    statuses: [...visibility.statuses],
    types: [...(visibility.types ?? [])],
    // the domain's visible scopes; the statements match a node's scope and its project or channel id against them
    scopes: visibleScopes(visibility).map((ref) => ({ scope: ref.scope, id: ref.id })),
    taskFilter: visibility.task !== undefined,
    taskId: visibility.task?.taskId ?? null,
    asOf: visibility.asOf === undefined ? null : toDateTime(visibility.asOf),
  };
}
