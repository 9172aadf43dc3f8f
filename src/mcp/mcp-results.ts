import { roundScore, roundScores } from 'src/common/round';
import type { MessageRecord } from 'src/domain/conversation.types';
import { MemoryScope, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import type { RecallOutput } from 'src/recall/recall.types';
import { toMemoryDto, toMessageDto, toSearchResultDto } from 'src/rest/rest.mapper';

/**
 * What the MCP tools return. An agent reads every byte of a tool result, so by default a memory is the fields it acts
 * on (id to forget it, type, content, when, and what is unusual about it) with nulls, empty lists and defaults (ACTIVE,
 * GLOBAL) left out and scores rounded; `full: true` on a tool gives the REST record instead, every field and the
 * score breakdown.
 */
export type CompactMemory = Record<string, unknown>;

/** `{ a: 1, b: null, c: [] }` → `{ a: 1 }` */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

export function compactMemory(m: MemoryRecord): CompactMemory {
  return present({
    id: m.id,
    type: m.type,
    content: m.content,
    status: m.status === MemoryStatus.ACTIVE ? null : m.status,
    scope: m.scope === MemoryScope.GLOBAL ? null : m.scope,
    channelId: m.channelId,
    projectId: m.projectId,
    slot: m.slot,
    tags: m.tags,
    importance: roundScore(m.importance, 2),
    occurredAt: m.occurredAt.toISOString(),
    validUntil: m.validUntil?.toISOString() ?? null,
    supersededById: m.supersededBy,
  });
}

export function memoryResult(m: MemoryRecord, full: boolean): unknown {
  return full ? roundScores(toMemoryDto(m)) : compactMemory(m);
}

export function recallResult(output: RecallOutput, full: boolean): unknown {
  if (full) {
    return roundScores(toSearchResultDto(output));
  }

  return {
    hits: output.hits.map((hit) => ({ ...compactMemory(hit.memory), score: roundScore(hit.score, 3), tier: hit.tier })),
    ...(output.usedVectors ? {} : { note: 'the query could not be embedded: ranked by full text and links only' }),
  };
}

export function messageResult(message: MessageRecord, full: boolean): unknown {
  if (full) {
    return toMessageDto(message);
  }

  return present({
    id: message.id,
    channelId: message.channelId,
    role: message.role,
    speaker: message.speaker,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  });
}
