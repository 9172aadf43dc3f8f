import type { MemoryRecord } from 'src/domain/memory.types';
import { validFrom } from 'src/domain/validity';
import { Association, Memory, RememberResult } from 'src/memory/dto/memory.model';
import type { LinkedMemory, RememberOutcome } from 'src/memory/memory-write.service';

export function toMemory(record: MemoryRecord): Memory {
  return Object.assign(new Memory(), {
    id: record.id,
    type: record.type,
    content: record.content,
    context: record.context,
    status: record.status,
    scope: record.scope,
    channelId: record.channelId,
    projectId: record.projectId,
    slot: record.slot,
    importance: record.importance,
    confidence: record.confidence,
    tags: record.tags,
    source: { ...record.source },
    occurredAt: record.occurredAt,
    validFrom: validFrom(record),
    validUntil: record.validUntil,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastAccessedAt: record.lastAccessedAt,
    accessCount: record.accessCount,
    fading: record.fading,
    expiredAt: record.expiredAt,
    supersededById: record.supersededBy,
  });
}

export function toAssociation(linked: LinkedMemory): Association {
  return Object.assign(new Association(), {
    type: linked.type,
    direction: linked.direction,
    weight: linked.weight,
    memory: toMemory(linked.memory),
    createdAt: linked.createdAt,
  });
}

export function toRememberResult(outcome: RememberOutcome): RememberResult {
  return Object.assign(new RememberResult(), {
    outcome: outcome.outcome,
    memory: outcome.memory ? toMemory(outcome.memory) : null,
    reason: outcome.reason,
    superseded: outcome.superseded.map(toMemory),
    associations: outcome.associations.map(toAssociation),
  });
}
