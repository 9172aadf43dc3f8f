import type { AgentContextData } from 'src/conversation/context.service';
import type { AppendOutcome, ChannelView } from 'src/conversation/conversation.service';
import {
  AgentContext,
  AppendMessageResult,
  Channel,
  Message,
  MessageHit,
} from 'src/conversation/dto/conversation.model';
import type { MessageHitData } from 'src/conversation/message-search.service';
import type { MessageRecord } from 'src/domain/conversation.types';
import { toMemory, toRememberResult } from 'src/memory/dto/memory.mapper';

export function toMessage(record: MessageRecord): Message {
  return Object.assign(new Message(), {
    id: record.id,
    channelId: record.channelId,
    role: record.role,
    speaker: record.speaker,
    trust: record.trust,
    content: record.content,
    createdAt: record.createdAt,
    tokenCount: record.tokenCount,
  });
}

export function toMessageHit(hit: MessageHitData): MessageHit {
  const { vector, text, graph, rrf, relevance } = hit.explanation;

  return Object.assign(new MessageHit(), {
    message: toMessage(hit.message),
    score: hit.score,
    explanation: { vector, text, neighbour: graph, rrf, relevance },
  });
}

export function toAppendResult(outcome: AppendOutcome): AppendMessageResult {
  return Object.assign(new AppendMessageResult(), {
    message: toMessage(outcome.message),
    extracted: outcome.extracted.map(toRememberResult),
    forgotten: outcome.forgotten.map(toMemory),
    compactionQueued: outcome.compactionQueued,
  });
}

export function toChannel(view: ChannelView): Channel {
  return Object.assign(new Channel(), {
    id: view.id,
    private: view.private,
    projectId: view.projectId,
    tokenBudget: view.effectiveTokenBudget,
    messageCount: view.messageCount,
    summary: view.summary,
    lastMessageAt: view.lastMessageAt,
  });
}

export function toAgentContext(context: AgentContextData): AgentContext {
  return Object.assign(new AgentContext(), {
    bulletin: context.bulletin,
    memories: context.memories.map((hit) => ({ ...hit, memory: toMemory(hit.memory) })),
    constraints: context.constraints.map(toMemory),
    earlierMessages: context.earlierMessages.map(toMessageHit),
    summary: context.summary,
    messages: context.messages.map(toMessage),
    tokenCount: context.tokenCount,
    text: context.text,
  });
}
