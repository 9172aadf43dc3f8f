import { randomUUID } from 'node:crypto';

/** A fixed time for every field of the records below. */
export const EXPORT_TIME = '2026-01-02T03:04:05.000Z';

type Fields = Record<string, unknown>;

/** Records of a tenant export file (`tenant-export.format.ts`), each with every field set; `fields` override. */
export function exportHeader(fields: Fields = {}): Fields {
  return {
    kind: 'header',
    format: 'engram-export',
    version: 1,
    tenantId: 'elsewhere',
    exportedAt: EXPORT_TIME,
    embeddingModel: null,
    ...fields,
  };
}

export function memoryRecord(fields: Fields = {}): Fields {
  const id = randomUUID();

  return {
    kind: 'memory',
    id,
    type: 'FACT',
    content: 'The office coffee machine is on the third floor',
    context: null,
    status: 'ACTIVE',
    scope: 'GLOBAL',
    channelId: null,
    projectId: null,
    slot: null,
    importance: 0.5,
    baseImportance: 0.5,
    centrality: 0,
    confidence: 0.8,
    tags: [],
    fingerprint: id,
    source: { role: 'USER', channelId: null, messageId: null, taskId: null, skillId: null },
    occurredAt: EXPORT_TIME,
    decayScore: null,
    fading: false,
    expiredAt: null,
    createdAt: EXPORT_TIME,
    updatedAt: EXPORT_TIME,
    lastAccessedAt: null,
    lastSeenAt: EXPORT_TIME,
    accessCount: 0,
    supersededBy: null,
    validUntil: null,
    embeddingModel: null,
    links: [],
    extractedFrom: [],
    ...fields,
  };
}

export function channelRecord(fields: Fields = {}): Fields {
  return {
    kind: 'channel',
    id: 'chat-1',
    private: false,
    projectId: null,
    tokenBudget: null,
    messageCount: 1,
    lastMessageAt: EXPORT_TIME,
    summaryId: null,
    createdAt: EXPORT_TIME,
    updatedAt: EXPORT_TIME,
    ...fields,
  };
}

export function messageRecord(fields: Fields = {}): Fields {
  return {
    kind: 'message',
    id: randomUUID(),
    channelId: 'chat-1',
    seq: 1,
    role: 'USER',
    speaker: null,
    trust: 'GUARDIAN',
    content: 'Hello there, I moved to Aarhus last spring.',
    tokenCount: 12,
    createdAt: EXPORT_TIME,
    extractedAt: null,
    summaryId: null,
    ...fields,
  };
}

/** An NDJSON export file: the header, then the records. */
export function exportFile(...records: Fields[]): string {
  return `${[exportHeader(), ...records].map((record) => JSON.stringify(record)).join('\n')}\n`;
}
