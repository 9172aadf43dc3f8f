import { roundScore, roundScores } from 'src/common/round';
import type { AgentContextData } from 'src/conversation/context.service';
import type { AppendOutcome } from 'src/conversation/conversation.service';
import type { MessageHitData } from 'src/conversation/message-search.service';
import type { RememberOutcome } from 'src/memory/memory-write.service';
import type { AgentContextDto, AppendMessageResultDto, MessageHitDto, RememberResultDto } from 'src/rest/dto/agent.dto';
import { toAssociationDto, toMemoryDto, toMessageDto, toSearchResultDto } from 'src/rest/rest.mapper';

export function toRememberResultDto(outcome: RememberOutcome): RememberResultDto {
  return {
    outcome: outcome.outcome,
    memory: outcome.memory ? toMemoryDto(outcome.memory) : null,
    reason: outcome.reason,
    superseded: outcome.superseded.map(toMemoryDto),
    associations: outcome.associations.map(toAssociationDto),
  };
}

export function toMessageHitDto(hit: MessageHitData): MessageHitDto {
  const { vector, text, graph, rrf, relevance } = hit.explanation;

  return {
    message: toMessageDto(hit.message),
    score: roundScore(hit.score),
    explanation: roundScores({ vector, text, neighbour: graph, rrf, relevance }),
  };
}

export function toAppendResultDto(outcome: AppendOutcome): AppendMessageResultDto {
  return {
    message: toMessageDto(outcome.message),
    extracted: outcome.extracted.map(toRememberResultDto),
    forgotten: outcome.forgotten.map(toMemoryDto),
    compactionQueued: outcome.compactionQueued,
  };
}

export function toAgentContextDto(context: AgentContextData): AgentContextDto {
  return {
    text: context.text,
    tokenCount: context.tokenCount,
    bulletin: context.bulletin,
    summary: context.summary,
    constraints: context.constraints.map(toMemoryDto),
    memories: toSearchResultDto({ hits: context.memories, tookMs: 0, usedVectors: true }).hits,
    messages: context.messages.map(toMessageDto),
    earlierMessages: context.earlierMessages.map(toMessageHitDto),
  };
}
