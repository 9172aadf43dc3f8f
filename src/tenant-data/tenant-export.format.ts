import { z } from 'zod';

import { BadInputError } from 'src/common/errors';
import { isKey, isUuid, KEY_RULE, MAX_GRAPHQL_INT } from 'src/common/validation';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import { EntityKind } from 'src/domain/entity.types';
import { MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { BulletinRecord } from 'src/store/bulletin-store.port';
import type { ExportedEntity } from 'src/store/entity-store.port';
import type { ExportedMemory } from 'src/store/tenant-data.port';

/**
 * The export file: NDJSON, one record a line. The first line is the header; then channels, summaries, messages,
 * memories (each with its outgoing edges and EXTRACTED_FROM edges), entities (each with the memories that mention it
 * and the entity it was merged into) and bulletins, each kind in id order (bulletins oldest first). Records carry no tenant id: `import --tenant` decides where they go. Vectors are not exported.
 */
export const EXPORT_FORMAT = 'engram-export';
export const EXPORT_VERSION = 1;

const date = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const optionalDate = date.nullable();
const text = z.string().max(1_000_000);
// the id rules of the live API (assertId, assertKey): an id it would refuse cannot be imported either
const id = z
  .string()
  .refine(isUuid, 'must be a UUID')
  .transform((value) => value.toLowerCase());
const optionalId = id.nullable();
const key = z.string().refine(isKey, KEY_RULE);
const optionalKey = key.nullable();
const count = z.number().int().min(0).max(MAX_GRAPHQL_INT);
const unit = z.number().min(0).max(1);

const header = z.strictObject({
  kind: z.literal('header'),
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  tenantId: z.string(),
  exportedAt: date,
  embeddingModel: z.string().nullable(),
});

const channel = z.strictObject({
  kind: z.literal('channel'),
  id: key,
  private: z.boolean(),
  projectId: optionalKey,
  tokenBudget: z.number().nullable(), // screenChannelLine applies openChannel's bounds
  messageCount: count,
  lastMessageAt: optionalDate,
  summaryId: optionalId,
  createdAt: date,
  updatedAt: date,
});

const summary = z.strictObject({
  kind: z.literal('summary'),
  id,
  channelId: key,
  content: text,
  tokenCount: count,
  previousId: optionalId,
  messageCount: count,
  fromAt: date,
  toAt: date,
  createdAt: date,
});

const message = z.strictObject({
  kind: z.literal('message'),
  id,
  channelId: key,
  seq: count,
  role: z.enum(MessageRole),
  speaker: z.string().max(1000).nullable(),
  trust: z.enum(Trust),
  content: text.min(1),
  tokenCount: count,
  createdAt: date,
  extractedAt: optionalDate,
  summaryId: optionalId,
});

const memory = z.strictObject({
  kind: z.literal('memory'),
  id,
  type: z.enum(MemoryType),
  content: text.min(1),
  context: text.nullable(),
  status: z.enum(MemoryStatus),
  scope: z.enum(MemoryScope),
  channelId: optionalKey,
  projectId: optionalKey,
  slot: z.string().max(64).nullable(),
  importance: unit,
  baseImportance: unit,
  centrality: unit,
  confidence: unit,
  tags: z.array(z.string().max(200)).max(64),
  fingerprint: z.string().min(1).max(200),
  source: z.strictObject({
    role: z.enum(SourceRole),
    channelId: optionalKey,
    messageId: optionalKey,
    taskId: optionalKey,
    skillId: optionalKey,
  }),
  occurredAt: date,
  decayScore: z.number().nullable(),
  fading: z.boolean(),
  expiredAt: optionalDate,
  createdAt: date,
  updatedAt: date,
  lastAccessedAt: optionalDate,
  lastSeenAt: date,
  accessCount: count,
  supersededBy: optionalId,
  // files written before validity in time have none: the import fills it in for a retired memory
  validUntil: optionalDate.default(null),
  embeddingModel: z.string().nullable(),
  links: z.array(z.strictObject({ toId: id, type: z.enum(RelationType), weight: unit, createdAt: date })).max(10_000),
  extractedFrom: z.array(z.strictObject({ messageId: id, createdAt: date })).max(10_000),
});

const entityName = z.string().min(1).max(200);

const entity = z.strictObject({
  kind: z.literal('entity'),
  id,
  entityKind: z.enum(EntityKind),
  name: entityName,
  key: entityName,
  aliases: z.array(entityName).max(1_000),
  keys: z.array(entityName).max(1_000),
  createdAt: date,
  updatedAt: date,
  mergedInto: optionalId,
  mergedAt: optionalDate,
  mentions: z.array(z.strictObject({ memoryId: id, createdAt: date })).max(100_000),
});

const bulletin = z.strictObject({
  kind: z.literal('bulletin'),
  id,
  content: text,
  generatedAt: date,
  memoryIds: z.array(id).max(10_000),
  marker: z.string().max(200),
  digest: z.string().max(200),
  source: z.enum(['template', 'llm']),
});

const record = z.discriminatedUnion('kind', [header, channel, summary, message, memory, entity, bulletin]);

export type ExportHeader = z.output<typeof header>;
export type ExportRecord = z.output<typeof record>;

/** One line of an export file, checked field by field; a bad line is BAD_USER_INPUT naming its number. */
export function parseExportLine(line: string, lineNumber: number): ExportRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BadInputError(`line ${lineNumber}: not valid JSON`);
  }
  const parsed = record.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    throw new BadInputError(`line ${lineNumber}: ${issue?.message ?? 'not an export record'}${where}`);
  }

  return parsed.data;
}

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

export function headerLine(tenantId: string, exportedAt: Date, embeddingModel: string | null): string {
  return JSON.stringify({
    kind: 'header',
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    tenantId,
    exportedAt: exportedAt.toISOString(),
    embeddingModel,
  });
}

export function channelLine(c: ChannelRecord): string {
  return JSON.stringify({
    kind: 'channel',
    id: c.id,
    private: c.private,
    projectId: c.projectId,
    tokenBudget: c.tokenBudget,
    messageCount: c.messageCount,
    lastMessageAt: iso(c.lastMessageAt),
    summaryId: c.summaryId,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  });
}

export function summaryLine(s: SummaryRecord): string {
  return JSON.stringify({
    kind: 'summary',
    id: s.id,
    channelId: s.channelId,
    content: s.content,
    tokenCount: s.tokenCount,
    previousId: s.previousId,
    messageCount: s.messageCount,
    fromAt: iso(s.fromAt),
    toAt: iso(s.toAt),
    createdAt: iso(s.createdAt),
  });
}

export function messageLine(m: MessageRecord): string {
  return JSON.stringify({
    kind: 'message',
    id: m.id,
    channelId: m.channelId,
    seq: m.seq,
    role: m.role,
    speaker: m.speaker,
    trust: m.trust,
    content: m.content,
    tokenCount: m.tokenCount,
    createdAt: iso(m.createdAt),
    extractedAt: iso(m.extractedAt),
    summaryId: m.summaryId,
  });
}

export function memoryLine(m: ExportedMemory): string {
  return JSON.stringify({
    kind: 'memory',
    id: m.id,
    type: m.type,
    content: m.content,
    context: m.context,
    status: m.status,
    scope: m.scope,
    channelId: m.channelId,
    projectId: m.projectId,
    slot: m.slot,
    importance: m.importance,
    baseImportance: m.baseImportance,
    centrality: m.centrality,
    confidence: m.confidence,
    tags: m.tags,
    fingerprint: m.fingerprint,
    source: m.source,
    occurredAt: iso(m.occurredAt),
    decayScore: m.decayScore,
    fading: m.fading,
    expiredAt: iso(m.expiredAt),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
    lastAccessedAt: iso(m.lastAccessedAt),
    lastSeenAt: iso(m.lastSeenAt),
    accessCount: m.accessCount,
    supersededBy: m.supersededBy,
    validUntil: iso(m.validUntil),
    embeddingModel: m.embeddingModel,
    links: m.links.map((l) => ({ toId: l.toId, type: l.type, weight: l.weight, createdAt: iso(l.createdAt) })),
    extractedFrom: m.extractedFrom.map((e) => ({ messageId: e.messageId, createdAt: iso(e.createdAt) })),
  });
}

export function entityLine(e: ExportedEntity): string {
  return JSON.stringify({
    kind: 'entity',
    id: e.id,
    entityKind: e.kind,
    name: e.name,
    key: e.key,
    aliases: e.aliases,
    keys: e.keys,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    mergedInto: e.mergedInto,
    mergedAt: iso(e.mergedAt),
    mentions: e.mentions.map((m) => ({ memoryId: m.memoryId, createdAt: iso(m.createdAt) })),
  });
}

export function bulletinLine(b: BulletinRecord): string {
  return JSON.stringify({
    kind: 'bulletin',
    id: b.id,
    content: b.content,
    generatedAt: iso(b.generatedAt),
    memoryIds: b.memoryIds,
    marker: b.marker,
    digest: b.digest,
    source: b.source,
  });
}
