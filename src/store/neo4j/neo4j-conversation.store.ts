import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import { Trust } from 'src/domain/conversation.enums';
import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { ScoredId } from 'src/domain/memory-store.port';
import type {
  AppendedMessage,
  AppendMessageCommand,
  ChannelSettings,
  ConversationBacklog,
  ConversationStore,
  InsertSummaryCommand,
  MessageListQuery,
  MessageNeighbour,
  MessageSearchScope,
  OverBudgetChannel,
  OwedCount,
  OwedExtraction,
  OwedVector,
} from 'src/store/conversation-store.port';
import { NEIGHBOUR_CHARS } from 'src/store/conversation-store.port';
import { messageLuceneQuery } from 'src/store/neo4j/lucene-query';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import {
  messageProperties,
  summaryProperties,
  toChannel,
  toMessage,
  toSummary,
} from 'src/store/neo4j/neo4j-conversation.mapping';
import { isZero } from 'src/store/neo4j/neo4j-memory.mapping';
import { MESSAGE_VECTORS, searchMessageVectorIndex, timeParams } from 'src/store/neo4j/neo4j-message-vector-search';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { bestFirst, widenedSearch } from 'src/store/neo4j/neo4j-search';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDateTime, toNumber, toOptionalDate, toText } from 'src/store/neo4j/neo4j-values';

/** Thrown inside a write transaction to roll it back: another compaction got there first. */
class SummaryConflict extends Error {}

function ids(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) {
    throw new Error(`Neo4j returned ${field} that is not a list`);
  }

  return value.map((id) => toText(id, field));
}

export class Neo4jConversationStore implements ConversationStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async getChannel(tenantId: string, channelId: string): Promise<ChannelRecord | null> {
    const [row] = await this.read('getChannel', (tx) =>
      this.run(tx, 'conversation/get-channel', { tenantId, channelId }),
    );

    return row === undefined ? null : toChannel(row['channel']);
  }

  async listChannels(tenantId: string, limit: number, afterId: string | null): Promise<ChannelRecord[]> {
    const rows = await this.read('listChannels', (tx) =>
      this.run(tx, 'conversation/list-channels', { tenantId, afterId, limit: int(limit) }),
    );

    return rows.map((row) => toChannel(row['channel']));
  }

  async configureChannel(
    tenantId: string,
    channelId: string,
    settings: ChannelSettings,
    at: Date,
  ): Promise<ChannelRecord> {
    const [row] = await this.write('configureChannel', (tx) =>
      this.run(tx, 'conversation/configure-channel', {
        tenantId,
        channelId,
        private: settings.private,
        projectId: settings.projectId,
        tokenBudget: settings.tokenBudget === null ? null : int(settings.tokenBudget),
        at: toDateTime(at),
      }),
    );
    if (row === undefined) {
      throw new Error('configureChannel: the statement returned no row');
    }

    return toChannel(row['channel']);
  }

  async deleteChannel(tenantId: string, channelId: string): Promise<boolean> {
    const [row] = await this.write('deleteChannel', (tx) =>
      this.run(tx, 'conversation/delete-channel', { tenantId, channelId }),
    );

    return row !== undefined && toNumber(row['deleted'], 'deleted') > 0;
  }

  async appendMessage(command: AppendMessageCommand): Promise<AppendedMessage> {
    const m = command.message;
    const space = this.connection.space;
    if (command.vector !== null && space !== null && command.vector.length !== space.dimensions) {
      throw new Error(`vector has ${command.vector.length} dimensions, the store expects ${space.dimensions}`);
    }
    const base = { tenantId: m.tenantId, channelId: m.channelId };

    return this.write('appendMessage', async (tx) => {
      const [channelRow] = await this.run(tx, 'conversation/merge-channel-for-message', {
        ...base,
        projectId: command.projectId,
        createdAt: toDateTime(m.createdAt),
        now: toDateTime(new Date()),
      });
      if (channelRow === undefined) {
        throw new Error('appendMessage: the channel merge returned no row');
      }
      const channel = toChannel(channelRow['channel']);
      const shared = !channel.private && m.trust === Trust.GUARDIAN;
      const vector = space !== null ? command.vector : null;
      const [messageRow] = await this.run(tx, 'conversation/create-message', {
        ...base,
        props: messageProperties(m, channel.messageCount, shared, vector, space?.model ?? null),
        neighbourChars: int(NEIGHBOUR_CHARS),
      });
      if (messageRow === undefined) {
        throw new Error('appendMessage: the message insert returned no row');
      }
      const [stats] = await this.run(tx, 'conversation/live-stats', base);

      return {
        message: toMessage(messageRow['message']),
        channel,
        liveTokens: stats === undefined ? 0 : toNumber(stats['tokens'], 'tokens'),
        liveCount: stats === undefined ? 0 : toNumber(stats['count'], 'count'),
      };
    });
  }

  async getMessages(tenantId: string, messageIds: string[]): Promise<MessageRecord[]> {
    if (messageIds.length === 0) {
      return [];
    }
    const rows = await this.connection.queryOnce('conversation.store#getMessages', 'conversation/get-messages', {
      tenantId,
      ids: messageIds,
    });
    const byId = new Map(rows.map((row) => toMessage(row['message'])).map((message) => [message.id, message]));

    return messageIds.flatMap((id) => byId.get(id) ?? []);
  }

  async listMessages(tenantId: string, channelId: string, query: MessageListQuery): Promise<MessageRecord[]> {
    if (query.limit <= 0) {
      return [];
    }
    const name: Neo4jQueryName =
      query.end === 'newest' ? 'conversation/list-newest-messages' : 'conversation/list-oldest-messages';
    const rows = await this.read('listMessages', (tx) =>
      this.run(tx, name, {
        tenantId,
        channelId,
        live: query.live ?? false,
        beforeAt: query.before ? toDateTime(query.before.createdAt) : null,
        beforeSeq: query.before ? int(query.before.seq) : null,
        throughAt: query.through ? toDateTime(query.through.createdAt) : null,
        throughSeq: query.through ? int(query.through.seq) : null,
        limit: int(query.limit),
      }),
    );
    const messages = rows.map((row) => toMessage(row['message']));

    return query.end === 'newest' ? messages.reverse() : messages;
  }

  async liveStats(tenantId: string, channelId: string): Promise<{ tokens: number; count: number }> {
    const [row] = await this.read('liveStats', (tx) =>
      this.run(tx, 'conversation/live-stats', { tenantId, channelId }),
    );

    return {
      tokens: row === undefined ? 0 : toNumber(row['tokens'], 'tokens'),
      count: row === undefined ? 0 : toNumber(row['count'], 'count'),
    };
  }

  async searchMessageText(tenantId: string, query: string, k: number, scope: MessageSearchScope): Promise<ScoredId[]> {
    const lucene = messageLuceneQuery(tenantId, query);
    if (lucene === null || k <= 0) {
      return [];
    }
    const inProject = scope.channelId !== undefined && scope.projectId !== undefined;
    const params = inProject
      ? { tenantId, query: lucene, channelId: scope.channelId, projectId: scope.projectId, ...timeParams(scope) }
      : {
          tenantId,
          query: lucene,
          channelId: scope.channelId ?? null,
          excludeChannelId: scope.excludeChannelId ?? null,
          ...timeParams(scope),
        };
    const name: Neo4jQueryName = inProject
      ? 'conversation/search-project-message-text'
      : 'conversation/search-message-text';
    const hits = await widenedSearch(k, (limit) =>
      this.read('searchMessageText', (tx) => this.run(tx, name, { ...params, limit: int(limit) })),
    );

    return bestFirst(hits, k);
  }

  async searchMessageVectors(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[]> {
    const space = this.connection.space;
    if (k <= 0 || space === null || isZero(vector)) {
      return [];
    }
    if (vector.length !== space.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
    }

    return searchMessageVectorIndex(
      MESSAGE_VECTORS,
      (name, params) => this.read('searchMessageVectors', (tx) => this.run(tx, name, params)),
      tenantId,
      vector,
      k,
      scope,
    );
  }

  async messageNeighbours(tenantId: string, seedIds: string[], span: number): Promise<MessageNeighbour[]> {
    if (seedIds.length === 0 || span <= 0) {
      return [];
    }
    const rows = await this.read('messageNeighbours', (tx) =>
      this.run(tx, 'conversation/list-message-neighbours', {
        tenantId,
        seedIds: [...new Set(seedIds)],
        span: int(span),
      }),
    );

    return rows.flatMap((row) => {
      const seedId = toText(row['seedId'], 'seedId');

      return [
        ...ids(row['before'], 'before').map((id, i) => ({ seedId, id, offset: -(i + 1) })),
        ...ids(row['after'], 'after').map((id, i) => ({ seedId, id, offset: i + 1 })),
      ];
    });
  }

  async listOwedExtractions(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedExtraction[]> {
    if (limit <= 0) {
      return [];
    }
    const rows = await this.read('listOwedExtractions', (tx) =>
      tenantId === null
        ? this.run(tx, 'conversation/list-owed-extractions-all', {
            olderThan: toDateTime(olderThan),
            limit: int(limit),
          })
        : this.run(tx, 'conversation/list-owed-extractions', {
            tenantId,
            olderThan: toDateTime(olderThan),
            limit: int(limit),
          }),
    );

    return rows.map((row) => ({
      tenantId: toText(row['tenantId'], 'tenantId'),
      messageId: toText(row['messageId'], 'messageId'),
    }));
  }

  async listOwedVectors(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedVector[]> {
    if (limit <= 0 || this.connection.space === null) {
      return [];
    }
    const rows = await this.read('listOwedVectors', (tx) =>
      tenantId === null
        ? this.run(tx, 'conversation/list-owed-vectors-all', { olderThan: toDateTime(olderThan), limit: int(limit) })
        : this.run(tx, 'conversation/list-owed-vectors', {
            tenantId,
            olderThan: toDateTime(olderThan),
            limit: int(limit),
          }),
    );

    return rows.map((row) => ({
      tenantId: toText(row['tenantId'], 'tenantId'),
      messageId: toText(row['messageId'], 'messageId'),
      speaker: row['speaker'] === null ? null : toText(row['speaker'], 'speaker'),
      content: toText(row['content'], 'content'),
    }));
  }

  async saveMessageVectors(tenantId: string, vectors: { messageId: string; vector: Float32Array }[]): Promise<number> {
    const space = this.connection.space;
    // a zero vector is stored as none (as appendMessage does): the vector index cannot rank it
    const rows = vectors
      .filter(({ vector }) => !isZero(vector))
      .map(({ messageId, vector }) => ({ id: messageId, vector: Array.from(vector) }));
    if (space === null || rows.length === 0) {
      return 0;
    }
    for (const { vector } of rows) {
      if (vector.length !== space.dimensions) {
        throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
      }
    }
    const [row] = await this.write('saveMessageVectors', (tx) =>
      this.run(tx, 'conversation/save-message-vectors', { tenantId, rows, model: space.model }),
    );

    return row === undefined ? 0 : toNumber(row['written'], 'written');
  }

  async listChannelsOverBudget(
    tenantId: string | null,
    defaultBudget: number,
    share: number,
    limit: number,
  ): Promise<OverBudgetChannel[]> {
    if (limit <= 0) {
      return [];
    }
    const rows = await this.read('listChannelsOverBudget', (tx) =>
      tenantId === null
        ? this.run(tx, 'conversation/list-channels-over-budget-all', {
            defaultBudget: int(defaultBudget),
            share,
            limit: int(limit),
          })
        : this.run(tx, 'conversation/list-channels-over-budget', {
            tenantId,
            defaultBudget: int(defaultBudget),
            share,
            limit: int(limit),
          }),
    );

    return rows.map((row) => ({
      tenantId: toText(row['tenantId'], 'tenantId'),
      channelId: toText(row['channelId'], 'channelId'),
      liveTokens: toNumber(row['liveTokens'], 'liveTokens'),
      budget: toNumber(row['budget'], 'budget'),
      newestLiveMessageId: toText(row['newestLiveMessageId'], 'newestLiveMessageId'),
    }));
  }

  async backlog(
    tenantId: string | null,
    compaction: { defaultBudget: number; share: number },
  ): Promise<ConversationBacklog> {
    const owed = (rows: Row[]): OwedCount => ({
      items: rows[0] ? toNumber(rows[0]['items'], 'items') : 0,
      oldest: rows[0] ? toOptionalDate(rows[0]['oldest'], 'oldest') : null,
    });

    return this.read('backlog', async (tx) => ({
      vectors: owed(await this.run(tx, 'conversation/backlog-vectors', { tenantId })),
      extractions: owed(await this.run(tx, 'conversation/backlog-extractions', { tenantId })),
      compactions: owed(
        await this.run(tx, 'conversation/backlog-compactions', {
          tenantId,
          defaultBudget: int(compaction.defaultBudget),
          share: compaction.share,
        }),
      ),
    }));
  }

  async markExtracted(tenantId: string, messageIds: string[], at: Date): Promise<void> {
    if (messageIds.length > 0) {
      await this.write('markExtracted', (tx) =>
        this.run(tx, 'conversation/mark-messages-extracted', {
          tenantId,
          ids: [...new Set(messageIds)],
          at: toDateTime(at),
        }),
      );
    }
  }

  async linkExtracted(tenantId: string, memoryId: string, messageId: string, at: Date): Promise<boolean> {
    const [row] = await this.write('linkExtracted', (tx) =>
      this.run(tx, 'conversation/link-extracted-memory', { tenantId, memoryId, messageId, at: toDateTime(at) }),
    );

    return row !== undefined && toNumber(row['linked'], 'linked') > 0;
  }

  async extractedFrom(tenantId: string, messageId: string): Promise<string[]> {
    const rows = await this.read('extractedFrom', (tx) =>
      this.run(tx, 'conversation/list-extracted-memories', { tenantId, messageId }),
    );

    return rows.map((row) => toText(row['id'], 'id'));
  }

  async insertSummary(command: InsertSummaryCommand): Promise<SummaryRecord | null> {
    const s = command.summary;
    const base = { tenantId: s.tenantId, channelId: s.channelId, ids: command.messageIds };
    try {
      return await this.write('insertSummary', async (tx) => {
        const [claim] = await this.run(tx, 'conversation/claim-messages-for-summary', {
          ...base,
          previousId: s.previousId,
          at: toDateTime(s.createdAt),
        });
        if (claim === undefined || toNumber(claim['live'], 'live') !== new Set(command.messageIds).size) {
          throw new SummaryConflict();
        }
        await this.run(tx, 'conversation/create-summary', { ...base, props: summaryProperties(s) });

        return s;
      });
    } catch (error) {
      if (error instanceof SummaryConflict) {
        return null;
      }
      throw error;
    }
  }

  async getSummary(tenantId: string, summaryId: string): Promise<SummaryRecord | null> {
    const [row] = await this.read('getSummary', (tx) =>
      this.run(tx, 'conversation/get-summary', { tenantId, summaryId }),
    );

    return row === undefined ? null : toSummary(row['summary']);
  }

  async summarizedBy(tenantId: string, summaryId: string): Promise<string[]> {
    const rows = await this.read('summarizedBy', (tx) =>
      this.run(tx, 'conversation/list-summarized-messages', { tenantId, summaryId }),
    );

    return rows.map((row) => toText(row['id'], 'id'));
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }

  private read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.read(`conversation.store#${source}`, work);
  }

  private write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.write(`conversation.store#${source}`, work);
  }
}
