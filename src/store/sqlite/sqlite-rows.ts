import type { MemoryDraft } from 'src/domain/memory-store.port';
import { isLive } from 'src/domain/memory.enums';
import type { MemoryScope } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { scopeKey, scopeOf } from 'src/domain/visibility';
import type { BulletinRecord } from 'src/store/bulletin-store.port';
import { column } from 'src/store/sqlite/sqlite-columns';

export interface MemoryRow {
  rowid: number;
  id: string;
  tenant_id: string;
  type: string;
  content: string;
  context: string | null;
  status: string;
  scope: string;
  channel_id: string | null;
  project_id: string | null;
  slot: string | null;
  importance: number;
  base_importance: number;
  centrality: number;
  confidence: number;
  tags: string;
  fingerprint: string;
  live_fingerprint: string | null;
  source_role: string;
  source_channel_id: string | null;
  source_message_id: string | null;
  source_task_id: string | null;
  source_skill_id: string | null;
  occurred_at: number;
  decay_score: number | null;
  fading: number;
  expired_at: number | null;
  created_at: number;
  updated_at: number;
  last_accessed_at: number | null;
  last_seen_at: number;
  access_count: number;
  superseded_by: string | null;
  embedding_model: string | null;
  valid_until: number | null;
  /** Set while the memory is owed its entity links (OwedEntityLinks), with the slot value the links need. */
  entities_owed_at: number | null;
  entities_owed_slot_value: string | null;
}

/**
 * MemoryRow's columns in the order `memoryRowOf` reads them. better-sqlite3 builds a row object property by property,
 * which for these 35 columns costs twice what the read itself does: reads of many rows take the values as an array
 * (`.raw()`) and make the object here, in one literal.
 */
export const MEMORY_ROW_COLUMNS = `rowid, id, tenant_id, type, content, context, status, scope, channel_id, project_id, slot, importance, base_importance, centrality, confidence, tags, fingerprint, live_fingerprint, source_role, source_channel_id, source_message_id, source_task_id, source_skill_id, occurred_at, decay_score, fading, expired_at, created_at, updated_at, last_accessed_at, last_seen_at, access_count, superseded_by, embedding_model, valid_until, entities_owed_at, entities_owed_slot_value`;

/** MEMORY_ROW_COLUMNS of table alias `m`. */
export const MEMORY_ROW_COLUMNS_M = MEMORY_ROW_COLUMNS.split(', ')
  .map((name) => `m.${name}`)
  .join(', ');

/** A raw row of `SELECT ${MEMORY_ROW_COLUMNS}` as the row object (checked against `SELECT *` in sqlite-rows.spec). */
export function memoryRowOf(values: readonly unknown[]): MemoryRow {
  return {
    rowid: values[0] as number,
    id: values[1] as string,
    tenant_id: values[2] as string,
    type: values[3] as string,
    content: values[4] as string,
    context: values[5] as string | null,
    status: values[6] as string,
    scope: values[7] as string,
    channel_id: values[8] as string | null,
    project_id: values[9] as string | null,
    slot: values[10] as string | null,
    importance: values[11] as number,
    base_importance: values[12] as number,
    centrality: values[13] as number,
    confidence: values[14] as number,
    tags: values[15] as string,
    fingerprint: values[16] as string,
    live_fingerprint: values[17] as string | null,
    source_role: values[18] as string,
    source_channel_id: values[19] as string | null,
    source_message_id: values[20] as string | null,
    source_task_id: values[21] as string | null,
    source_skill_id: values[22] as string | null,
    occurred_at: values[23] as number,
    decay_score: values[24] as number | null,
    fading: values[25] as number,
    expired_at: values[26] as number | null,
    created_at: values[27] as number,
    updated_at: values[28] as number,
    last_accessed_at: values[29] as number | null,
    last_seen_at: values[30] as number,
    access_count: values[31] as number,
    superseded_by: values[32] as string | null,
    embedding_model: values[33] as string | null,
    valid_until: values[34] as number | null,
    entities_owed_at: values[35] as number | null,
    entities_owed_slot_value: values[36] as string | null,
  };
}

/** A new memory row: every column, in one place; a live memory claims its fingerprint (a duplicate inserts nothing). */
export const INSERT_MEMORY_SQL = `INSERT INTO memories (id, tenant_id, type, content, context, status, scope, channel_id,
    project_id, slot, importance, base_importance, centrality, confidence, tags, fingerprint, live_fingerprint, source_role,
    source_channel_id, source_message_id, source_task_id, source_skill_id, occurred_at, decay_score, fading, expired_at,
    created_at, updated_at, last_accessed_at, last_seen_at, access_count, superseded_by, embedding_model, valid_until)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (tenant_id, live_fingerprint) WHERE live_fingerprint IS NOT NULL DO NOTHING`;

/** What a draft leaves out (use, decay, retirement) starts empty; an imported record brings its own. */
export type MemoryRowInput = MemoryDraft &
  Partial<
    Pick<MemoryRecord, 'supersededBy' | 'lastAccessedAt' | 'accessCount' | 'fading' | 'expiredAt' | 'validUntil'>
  > & {
    decayScore?: number | null;
  };

/** The values of INSERT_MEMORY_SQL, in its column order. */
export function memoryInsertValues(
  tenantId: string,
  m: MemoryRowInput,
  embeddingModel: string | null,
): (string | number | null)[] {
  return [
    m.id,
    tenantId,
    m.type,
    m.content,
    m.context,
    m.status,
    m.scope,
    m.channelId,
    m.projectId,
    m.slot,
    m.importance,
    m.baseImportance,
    m.centrality,
    m.confidence,
    JSON.stringify(m.tags),
    m.fingerprint,
    isLive(m.status) ? m.fingerprint : null,
    m.source.role,
    m.source.channelId,
    m.source.messageId,
    m.source.taskId,
    m.source.skillId,
    m.occurredAt.getTime(),
    m.decayScore ?? null,
    m.fading ? 1 : 0,
    m.expiredAt?.getTime() ?? null,
    m.createdAt.getTime(),
    m.updatedAt.getTime(),
    m.lastAccessedAt?.getTime() ?? null,
    m.lastSeenAt.getTime(),
    m.accessCount ?? 0,
    m.supersededBy ?? null,
    embeddingModel,
    m.validUntil?.getTime() ?? null,
  ];
}

export function parseTags(raw: string): string[] {
  const value: unknown = JSON.parse(raw);

  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** Enum columns are checked (sqlite-columns): a value this code never writes fails the read, naming the column. */
export function rowToMemory(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    type: column.memoryType(row.type),
    content: row.content,
    context: row.context,
    status: column.memoryStatus(row.status),
    scope: column.memoryScope(row.scope),
    channelId: row.channel_id,
    projectId: row.project_id,
    slot: row.slot,
    importance: row.importance,
    baseImportance: row.base_importance,
    centrality: row.centrality,
    confidence: row.confidence,
    tags: parseTags(row.tags),
    fingerprint: row.fingerprint,
    source: {
      role: column.sourceRole(row.source_role),
      channelId: row.source_channel_id,
      messageId: row.source_message_id,
      taskId: row.source_task_id,
      skillId: row.source_skill_id,
    },
    occurredAt: new Date(row.occurred_at),
    fading: row.fading === 1,
    expiredAt: row.expired_at === null ? null : new Date(row.expired_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    lastAccessedAt: row.last_accessed_at === null ? null : new Date(row.last_accessed_at),
    lastSeenAt: new Date(row.last_seen_at),
    accessCount: row.access_count,
    supersededBy: row.superseded_by,
    validUntil: row.valid_until === null ? null : new Date(row.valid_until),
    embeddingModel: row.embedding_model,
  };
}

/** The vector table's visibility column: the domain's scope key ('G', 'P:<projectId>', 'T:<channelId>'). */
export function visibilityKey(scope: MemoryScope, projectId: string | null, channelId: string | null): string {
  return scopeKey(scopeOf({ scope, projectId, channelId }));
}

export interface BulletinRow {
  id: string;
  tenant_id: string;
  content: string;
  generated_at: number;
  marker: string;
  digest: string;
  source: string;
}

/** A bulletins row with the memories it cites (bulletin_citations, in position order). */
export function rowToBulletin(row: BulletinRow, memoryIds: string[]): BulletinRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    content: row.content,
    generatedAt: new Date(row.generated_at),
    memoryIds,
    marker: row.marker,
    digest: row.digest,
    source: column.bulletinSource(row.source),
  };
}
