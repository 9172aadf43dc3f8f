import { int } from 'neo4j-driver';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { MessageDraft } from 'src/store/conversation-store.port';
import { MESSAGE_WORDS_VERSION, searchWords } from 'src/store/neo4j/lucene-query';
import { isZero } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Params } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toDateTime,
  toEnum,
  toMap,
  toNumber,
  toOptionalDate,
  toOptionalNumber,
  toOptionalText,
  toText,
} from 'src/store/neo4j/neo4j-values';
import { tenantSearchToken } from 'src/store/search-terms';

/** Cypher returns `c {.*} AS channel`. */
export function toChannel(value: unknown): ChannelRecord {
  const c = toMap(value, 'channel');

  return {
    tenantId: toText(c['tenantId'], 'tenantId'),
    id: toText(c['id'], 'id'),
    private: c['private'] === true,
    projectId: toOptionalText(c['projectId'], 'projectId'),
    tokenBudget: toOptionalNumber(c['tokenBudget'], 'tokenBudget'),
    messageCount: toOptionalNumber(c['messageCount'], 'messageCount') ?? 0,
    lastMessageAt: toOptionalDate(c['lastMessageAt'], 'lastMessageAt'),
    summaryId: toOptionalText(c['summaryId'], 'summaryId'),
    createdAt: toDate(c['createdAt'], 'createdAt'),
    updatedAt: toDate(c['updatedAt'], 'updatedAt'),
  };
}

/** Cypher returns `msg {.*, embedding: null, prevContent: null, nextContent: null} AS message`. */
export function toMessage(value: unknown): MessageRecord {
  const m = toMap(value, 'message');

  return {
    id: toText(m['id'], 'id'),
    tenantId: toText(m['tenantId'], 'tenantId'),
    channelId: toText(m['channelId'], 'channelId'),
    seq: toNumber(m['seq'], 'seq'),
    role: toEnum(MessageRole, m['role'], 'role'),
    speaker: toOptionalText(m['speaker'], 'speaker'),
    trust: toEnum(Trust, m['trust'], 'trust'),
    content: toText(m['content'], 'content'),
    tokenCount: toNumber(m['tokenCount'], 'tokenCount'),
    createdAt: toDate(m['createdAt'], 'createdAt'),
    extractedAt: toOptionalDate(m['extractedAt'], 'extractedAt'),
    summaryId: toOptionalText(m['summaryId'], 'summaryId'),
  };
}

/** Cypher returns `s {.*} AS summary`. */
export function toSummary(value: unknown): SummaryRecord {
  const s = toMap(value, 'summary');

  return {
    id: toText(s['id'], 'id'),
    tenantId: toText(s['tenantId'], 'tenantId'),
    channelId: toText(s['channelId'], 'channelId'),
    content: toText(s['content'], 'content'),
    tokenCount: toNumber(s['tokenCount'], 'tokenCount'),
    previousId: toOptionalText(s['previousId'], 'previousId'),
    messageCount: toNumber(s['messageCount'], 'messageCount'),
    fromAt: toDate(s['fromAt'], 'fromAt'),
    toAt: toDate(s['toAt'], 'toAt'),
    createdAt: toDate(s['createdAt'], 'createdAt'),
  };
}

/** A message node's properties; `shared` says whether it is searchable outside its channel. */
export function messageProperties(
  message: MessageDraft,
  seq: number,
  shared: boolean,
  vector: Float32Array | null,
  embeddingModel: string | null,
): Params {
  const embedded = vector !== null && !isZero(vector);

  return {
    id: message.id,
    tenantId: message.tenantId,
    tenantKey: tenantSearchToken(message.tenantId),
    channelId: message.channelId,
    seq: int(seq),
    role: message.role,
    speaker: message.speaker,
    speakerWords: searchWords(message.speaker),
    trust: message.trust,
    content: message.content,
    contentWords: searchWords(message.content),
    wordsVersion: int(MESSAGE_WORDS_VERSION),
    tokenCount: int(message.tokenCount),
    createdAt: toDateTime(message.createdAt),
    extractedAt: message.extractedAt === null ? null : toDateTime(message.extractedAt),
    shared,
    embedding: embedded ? Array.from(vector) : null,
    embeddingModel: embedded ? embeddingModel : null,
  };
}

export function summaryProperties(summary: SummaryRecord): Params {
  return {
    id: summary.id,
    tenantId: summary.tenantId,
    channelId: summary.channelId,
    content: summary.content,
    tokenCount: int(summary.tokenCount),
    previousId: summary.previousId,
    messageCount: int(summary.messageCount),
    fromAt: toDateTime(summary.fromAt),
    toAt: toDateTime(summary.toAt),
    createdAt: toDateTime(summary.createdAt),
  };
}
