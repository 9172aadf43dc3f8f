import { roundScore, roundScores } from 'src/common/round';
import type { ChannelView } from 'src/conversation/conversation.service';
import type { MessageRecord } from 'src/domain/conversation.types';
import type { MemoryRecord } from 'src/domain/memory.types';
import { validFrom } from 'src/domain/validity';
import type { MemoryInspection, Neighbourhood } from 'src/memory/memory-inspection.service';
import type { LinkedMemory } from 'src/memory/memory-write.service';
import type { RecallOutput } from 'src/recall/recall.types';
import type { BulletinDto, ChannelDto } from 'src/rest/dto/conversation.dto';
import type {
  AssociationDto,
  MemoryDetailsDto,
  MemoryDto,
  MessageDto,
  NeighbourhoodDto,
  SearchResultDto,
} from 'src/rest/dto/memory.dto';
import type { BulletinRecord } from 'src/store/bulletin-store.port';

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toMemoryDto(record: MemoryRecord): MemoryDto {
  return {
    id: record.id,
    type: record.type,
    content: record.content,
    context: record.context,
    status: record.status,
    scope: record.scope,
    channelId: record.channelId,
    projectId: record.projectId,
    slot: record.slot,
    importance: roundScore(record.importance),
    confidence: roundScore(record.confidence),
    tags: record.tags,
    source: { ...record.source },
    fading: record.fading,
    expiredAt: iso(record.expiredAt),
    occurredAt: record.occurredAt.toISOString(),
    validFrom: validFrom(record).toISOString(),
    validUntil: iso(record.validUntil),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    lastAccessedAt: iso(record.lastAccessedAt),
    accessCount: record.accessCount,
    supersededById: record.supersededBy,
  };
}

export function toAssociationDto(linked: LinkedMemory): AssociationDto {
  return {
    type: linked.type,
    direction: linked.direction,
    weight: roundScore(linked.weight),
    createdAt: linked.createdAt.toISOString(),
    memory: toMemoryDto(linked.memory),
  };
}

export function toMessageDto(message: MessageRecord): MessageDto {
  return {
    id: message.id,
    channelId: message.channelId,
    role: message.role,
    speaker: message.speaker,
    trust: message.trust,
    content: message.content,
    tokenCount: message.tokenCount,
    createdAt: message.createdAt.toISOString(),
  };
}

export function toMemoryDetailsDto(inspection: MemoryInspection): MemoryDetailsDto {
  const { message, ...source } = inspection.provenance;

  return {
    memory: toMemoryDto(inspection.memory),
    supersededBy: inspection.supersededBy ? toMemoryDto(inspection.supersededBy) : null,
    supersedes: inspection.supersedes.map(toMemoryDto),
    associations: inspection.associations.map(toAssociationDto),
    provenance: { ...source, message: message ? toMessageDto(message) : null },
  };
}

export function toNeighbourhoodDto(graph: Neighbourhood): NeighbourhoodDto {
  return {
    centreId: graph.centreId,
    nodes: graph.nodes.map(toMemoryDto),
    edges: roundScores(graph.edges),
    truncated: graph.truncated,
  };
}

export function toSearchResultDto(output: RecallOutput): SearchResultDto {
  return {
    hits: output.hits.map((hit) => ({
      memory: toMemoryDto(hit.memory),
      score: roundScore(hit.score),
      tier: hit.tier,
      explanation: roundScores(hit.explanation),
    })),
    tookMs: roundScore(output.tookMs, 1),
    usedVectors: output.usedVectors,
  };
}

export function toChannelDto(view: ChannelView): ChannelDto {
  return {
    id: view.id,
    private: view.private,
    projectId: view.projectId,
    tokenBudget: view.effectiveTokenBudget,
    messageCount: view.messageCount,
    summary: view.summary,
    lastMessageAt: iso(view.lastMessageAt),
  };
}

export function toBulletinDto(record: BulletinRecord): BulletinDto {
  return {
    id: record.id,
    content: record.content,
    generatedAt: record.generatedAt.toISOString(),
    memoryIds: record.memoryIds,
  };
}
