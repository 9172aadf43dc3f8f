import { createHash, randomUUID } from 'node:crypto';

import type { MemoryDraft } from 'src/domain/memory-store.port';
import type { MemoryStatus, MemoryType } from 'src/domain/memory.enums';
import { defaultImportance, initialConfidence } from 'src/domain/write-policy';
import { fingerprint } from 'src/memory/fingerprint';
import type { RememberCommand } from 'src/memory/remember-input';

/** Identical content in another thread or project is a different memory: the scope is part of the fingerprint. */
export function scopedFingerprint(command: RememberCommand): string {
  return createHash('sha256')
    .update(`${fingerprint(command.content)}|${command.scope}|${command.projectId ?? ''}|${command.channelId ?? ''}`)
    .digest('hex');
}

export interface DraftFacts {
  tenantId: string;
  type: MemoryType;
  status: MemoryStatus;
  slot: string | null;
  embeddingModel: string | null;
  now: Date;
}

/** The new memory a validated command describes, with defaults for what the caller left out. */
export function buildDraft(command: RememberCommand, facts: DraftFacts): MemoryDraft {
  const importance = command.importance ?? defaultImportance(facts.type);
  const createdAt = command.createdAt ?? facts.now;

  return {
    id: randomUUID(),
    tenantId: facts.tenantId,
    type: facts.type,
    content: command.content,
    context: command.context,
    status: facts.status,
    scope: command.scope,
    channelId: command.channelId,
    projectId: command.projectId,
    slot: facts.slot,
    importance,
    baseImportance: importance,
    centrality: 0,
    confidence: command.confidence ?? initialConfidence(command.source.role, command.explicit),
    tags: command.tags,
    fingerprint: scopedFingerprint(command),
    source: command.source,
    occurredAt: command.occurredAt ?? createdAt,
    createdAt,
    updatedAt: facts.now,
    lastSeenAt: createdAt,
    embeddingModel: facts.embeddingModel,
  };
}
