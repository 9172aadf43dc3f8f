import type { MemoryRecord } from 'src/domain/memory.types';
import { memoryFrom } from 'src/store/neo4j/neo4j-memory.mapping';
import { toDateFromMillis } from 'src/store/neo4j/neo4j-values';

/**
 * A memory as `memory/recall-candidates` returns it: one list of these properties in this order, dates as epoch
 * milliseconds. A recall reads up to 2·k records in one answer, and decoding them as maps (32 keys each) of driver
 * DateTimes was most of the client's time: a list of plain values decodes about three times faster. The statement's
 * list and this one are held to each other by neo4j-memory-columns.spec.ts.
 */
export const MEMORY_COLUMNS = [
  'id',
  'tenantId',
  'type',
  'content',
  'context',
  'status',
  'scope',
  'channelId',
  'projectId',
  'slot',
  'importance',
  'baseImportance',
  'centrality',
  'confidence',
  'tags',
  'fingerprint',
  'sourceRole',
  'sourceChannelId',
  'sourceMessageId',
  'sourceTaskId',
  'sourceSkillId',
  'occurredAt',
  'fading',
  'expiredAt',
  'createdAt',
  'updatedAt',
  'lastAccessedAt',
  'lastSeenAt',
  'accessCount',
  'supersededBy',
  'validUntil',
  'embeddingModel',
] as const;

/** The properties the statement returns as epoch milliseconds (`.epochMillis`). */
export const MEMORY_DATE_COLUMNS: ReadonlySet<string> = new Set([
  'occurredAt',
  'expiredAt',
  'createdAt',
  'updatedAt',
  'lastAccessedAt',
  'lastSeenAt',
  'validUntil',
]);

export function memoryFromColumns(value: unknown): MemoryRecord {
  if (!Array.isArray(value) || value.length !== MEMORY_COLUMNS.length) {
    throw new Error(`Neo4j returned a memory that is not a list of ${MEMORY_COLUMNS.length} columns`);
  }
  const row = Object.fromEntries(MEMORY_COLUMNS.map((column, i): [string, unknown] => [column, value[i]]));

  return memoryFrom(row, toDateFromMillis);
}
