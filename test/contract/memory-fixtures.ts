import { randomUUID } from 'node:crypto';

import type { InsertMemoryCommand, LinkDraft, MemoryDraft, MemoryStore } from 'src/domain/memory-store.port';
import { MemoryScope, MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { fingerprint } from 'src/memory/fingerprint';

export const SPACE = { model: 'hash-v1-64', dimensions: 64 } as const;
export const embedder = new HashEmbedder(SPACE.dimensions);

export async function embed(text: string): Promise<Float32Array> {
  const [vector] = await embedder.embed([text]);
  if (!vector) {
    throw new Error('embedder returned nothing');
  }

  return vector;
}

export function draft(tenantId: string, content: string, overrides: Partial<MemoryDraft> = {}): MemoryDraft {
  const at = overrides.createdAt ?? new Date();

  return {
    id: randomUUID(),
    tenantId,
    type: MemoryType.FACT,
    content,
    context: null,
    status: MemoryStatus.ACTIVE,
    scope: MemoryScope.GLOBAL,
    channelId: null,
    projectId: null,
    slot: null,
    importance: 0.5,
    baseImportance: 0.5,
    centrality: 0,
    confidence: 0.7,
    tags: [],
    fingerprint: fingerprint(content),
    source: { role: SourceRole.USER, channelId: null, messageId: null, taskId: null, skillId: null },
    occurredAt: at,
    createdAt: at,
    updatedAt: at,
    lastSeenAt: at,
    embeddingModel: SPACE.model,
    ...overrides,
  };
}

export interface InsertOptions {
  overrides?: Partial<MemoryDraft>;
  links?: LinkDraft[];
  supersede?: string[];
  /** Embed this text instead of the content; null stores no vector. */
  vectorText?: string | null;
}

export async function command(
  tenantId: string,
  content: string,
  options: InsertOptions = {},
): Promise<InsertMemoryCommand> {
  const vectorText = options.vectorText === undefined ? content : options.vectorText;

  return {
    memory: draft(tenantId, content, options.overrides),
    vector: vectorText === null ? null : await embed(vectorText),
    links: options.links ?? [],
    supersede: options.supersede ?? [],
  };
}

/** Inserts and insists on a new memory. */
export async function remember(
  store: MemoryStore,
  tenantId: string,
  content: string,
  options: InsertOptions = {},
): Promise<MemoryRecord> {
  const result = await store.insertMemory(await command(tenantId, content, options));
  if (!result.created) {
    throw new Error(`expected "${content}" to be created, it matched ${result.memory.id}`);
  }

  return result.memory;
}

/** Distinct, strictly ordered timestamps: base + i seconds. */
export function at(i: number, base = Date.UTC(2024, 0, 1)): Date {
  return new Date(base + i * 1000);
}
