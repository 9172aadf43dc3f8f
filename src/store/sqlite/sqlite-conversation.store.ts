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
  MessagePosition,
  MessageSearchScope,
  OverBudgetChannel,
  OwedExtraction,
  OwedVector,
} from 'src/store/conversation-store.port';
import { NEIGHBOUR_CHARS } from 'src/store/conversation-store.port';
import { queryWords, tenantSearchToken } from 'src/store/search-terms';
import { ftsAnyWordExpression, tenantTokenPays, wordRowLimit } from 'src/store/sqlite/fts-query';
import { FtsWordCounts } from 'src/store/sqlite/fts-word-counts';
import { column } from 'src/store/sqlite/sqlite-columns';
import { readConversationBacklog } from 'src/store/sqlite/sqlite-conversation-backlog';
import { placeholders, vectorBlob } from 'src/store/sqlite/sqlite-database';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
import { PREVIOUS_MESSAGE_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import { MESSAGE_VECTOR_SOURCE, SqliteVectorIndexes } from 'src/store/sqlite/sqlite-vector-indexes';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';

/** BM25 weights of message_fts columns: content, speaker, previous message, next message, tenant token. */
export const MESSAGE_FTS_WEIGHTS = '1.0, 1.0, 0.5, 0.3, 0.0';

export interface ChannelRow {
  tenant_id: string;
  id: string;
  private: number;
  project_id: string | null;
  token_budget: number | null;
  message_count: number;
  last_message_at: number | null;
  summary_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface MessageRow {
  rowid: number;
  id: string;
  tenant_id: string;
  channel_id: string;
  seq: number;
  role: string;
  speaker: string | null;
  trust: string;
  content: string;
  token_count: number;
  created_at: number;
  extracted_at: number | null;
  summary_id: string | null;
}

export interface SummaryRow {
  id: string;
  tenant_id: string;
  channel_id: string;
  content: string;
  token_count: number;
  previous_id: string | null;
  message_count: number;
  from_at: number;
  to_at: number;
  created_at: number;
}

/** The message vectors, or the previous model's copy of them while an embedding migration runs. */
type MessageVectorTable = 'message_vectors' | typeof PREVIOUS_MESSAGE_VECTOR_TABLE;

interface Clause {
  sql: string;
  params: SqlValue[];
}

export function toChannel(row: ChannelRow): ChannelRecord {
  return {
    tenantId: row.tenant_id,
    id: row.id,
    private: row.private === 1,
    projectId: row.project_id,
    tokenBudget: row.token_budget,
    messageCount: row.message_count,
    lastMessageAt: row.last_message_at === null ? null : new Date(row.last_message_at),
    summaryId: row.summary_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Enum columns are checked (sqlite-columns): a value this code never writes fails the read, naming the column. */
export function toMessage(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    channelId: row.channel_id,
    seq: row.seq,
    role: column.messageRole(row.role),
    speaker: row.speaker,
    trust: column.trust(row.trust),
    content: row.content,
    tokenCount: row.token_count,
    createdAt: new Date(row.created_at),
    extractedAt: row.extracted_at === null ? null : new Date(row.extracted_at),
    summaryId: row.summary_id,
  };
}

export function toSummary(row: SummaryRow): SummaryRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    channelId: row.channel_id,
    content: row.content,
    tokenCount: row.token_count,
    previousId: row.previous_id,
    messageCount: row.message_count,
    fromAt: new Date(row.from_at),
    toAt: new Date(row.to_at),
    createdAt: new Date(row.created_at),
  };
}

/** Searchable outside its own channel: a GUARDIAN's message in a channel that is not private. */
export function sharedFlag(channelPrivate: boolean, trust: string): bigint {
  // vec0 INTEGER metadata columns refuse JavaScript numbers, which better-sqlite3 binds as REAL
  return !channelPrivate && trust === 'GUARDIAN' ? 1n : 0n;
}

/** The `limit` messages nearest a position on one side, in its channel, nearest first. */
function aroundSql(columns: '*' | 'id', side: 'before' | 'after'): string {
  return side === 'before'
    ? `SELECT ${columns} FROM messages WHERE tenant_id = ? AND channel_id = ? AND (created_at, seq) < (?, ?)
       ORDER BY created_at DESC, seq DESC LIMIT ?`
    : `SELECT ${columns} FROM messages WHERE tenant_id = ? AND channel_id = ? AND (created_at, seq) > (?, ?)
       ORDER BY created_at, seq LIMIT ?`;
}

/** Row-value order of messages in a channel: (created_at, seq). */
function positionParams(position: MessagePosition): SqlValue[] {
  return [position.createdAt.getTime(), position.seq];
}

class SummaryConflict extends Error {}

export interface SqliteConversationStoreOptions {
  /** Tenants with at least this many message vectors are searched through the in-memory binary index. */
  vectorIndexMinRows?: number;
}

/** Below this many message vectors a tenant keeps the exact vec0 scan (see ARCHITECTURE.md for the measure). */
export const DEFAULT_MESSAGE_VECTOR_INDEX_MIN_ROWS = 5000;

/** How long a tenant's message text scope (MessageTextScope) stands before the channels are counted again. */
const TEXT_SCOPE_TTL_MS = 60_000;

/** How a tenant's message full-text queries run, from the message counts read at `at`. */
interface MessageTextScope {
  /** The MATCH prefix restricting full text to the tenant's rows, or '' (see tenantTokenPays). */
  prefix: string;
  /** The most rows a query word may match (wordRowLimit); null when no word can match more, so none is counted. */
  wordLimit: number | null;
  at: number;
}

export class SqliteConversationStore implements ConversationStore {
  private indexes: SqliteVectorIndexes | null = null;
  private readonly vectorIndexMinRows: number;
  private readonly textScopes = new Map<string, MessageTextScope>();
  private readonly wordCounts: FtsWordCounts;

  constructor(
    private readonly database: SqliteDatabase,
    options: SqliteConversationStoreOptions = {},
  ) {
    this.vectorIndexMinRows = options.vectorIndexMinRows ?? DEFAULT_MESSAGE_VECTOR_INDEX_MIN_ROWS;
    this.wordCounts = new FtsWordCounts(database, {
      table: 'message_fts',
      columns: '{content speaker prev next}',
      writes: () => database.messageTextWrites,
    });
  }

  /** The in-memory message vector indexes exist once the connection knows its embedding space. */
  private get vectorIndexes(): SqliteVectorIndexes | null {
    const space = this.database.space;
    if (this.indexes === null && space !== null) {
      this.indexes = new SqliteVectorIndexes(this.database.db, {
        dimensions: space.dimensions,
        minRows: this.vectorIndexMinRows,
        source: MESSAGE_VECTOR_SOURCE,
      });
      const indexes = this.indexes;
      this.database.onClose(() => indexes.stop());
    }

    return this.indexes;
  }

  /** Builds the tenant's message vector index in the background if due and resolves when none is under way. */
  warmVectorIndex(tenantId: string): Promise<boolean> {
    return this.vectorIndexes?.ready(tenantId) ?? Promise.resolve(false);
  }

  /** Another adapter changed many of the tenant's message vectors (import, purge, re-embedding) on this connection. */
  vectorsChanged(tenantId: string): void {
    this.vectorIndexes?.forget(tenantId);
  }

  getChannel(tenantId: string, channelId: string): Promise<ChannelRecord | null> {
    return Promise.resolve(this.channelSync(tenantId, channelId));
  }

  private channelSync(tenantId: string, channelId: string): ChannelRecord | null {
    const row = this.stmt<ChannelRow>('SELECT * FROM channels WHERE tenant_id = ? AND id = ?').get(tenantId, channelId);

    return row ? toChannel(row) : null;
  }

  listChannels(tenantId: string, limit: number, afterId: string | null): Promise<ChannelRecord[]> {
    const rows = this.stmt<ChannelRow>('SELECT * FROM channels WHERE tenant_id = ? AND id > ? ORDER BY id LIMIT ?').all(
      tenantId,
      afterId ?? '',
      limit,
    );

    return Promise.resolve(rows.map(toChannel));
  }

  configureChannel(tenantId: string, channelId: string, settings: ChannelSettings, at: Date): Promise<ChannelRecord> {
    return Promise.resolve(
      this.database.transaction(() => {
        const before = this.channelSync(tenantId, channelId);
        const row = this.stmt<ChannelRow>(
          `INSERT INTO channels (tenant_id, id, private, project_id, token_budget, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, id) DO UPDATE SET private = excluded.private, project_id = excluded.project_id,
             token_budget = excluded.token_budget, updated_at = excluded.updated_at
           RETURNING *`,
        ).get(
          tenantId,
          channelId,
          settings.private ? 1 : 0,
          settings.projectId,
          settings.tokenBudget,
          at.getTime(),
          at.getTime(),
        );
        if (!row) {
          throw new Error('configureChannel: the upsert returned no row');
        }
        if (before && before.private !== settings.private && this.database.space) {
          const rows = this.stmt<{ rowid: number; trust: string }>(
            'SELECT rowid, trust FROM messages WHERE tenant_id = ? AND channel_id = ? AND embedding_model IS NOT NULL',
          ).all(tenantId, channelId);
          const update = this.stmt('UPDATE message_vectors SET shared = ? WHERE rowid = ?');
          for (const message of rows) {
            update.run(sharedFlag(settings.private, message.trust), BigInt(message.rowid));
          }
          this.previousVectorsShared(tenantId, channelId, settings.private);
          this.vectorIndexes?.forget(tenantId);
        }

        return toChannel(row);
      }),
    );
  }

  /** While an embedding migration keeps the previous model's message vectors: a channel's privacy changed. */
  private previousVectorsShared(tenantId: string, channelId: string, isPrivate: boolean): void {
    if (!this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE)) {
      return;
    }
    const update = this.stmt(`UPDATE ${PREVIOUS_MESSAGE_VECTOR_TABLE} SET shared = ? WHERE rowid = ?`);
    const rows = this.stmt<{ rowid: number; trust: string }>(
      'SELECT rowid, trust FROM messages WHERE tenant_id = ? AND channel_id = ?',
    ).all(tenantId, channelId);
    for (const message of rows) {
      update.run(sharedFlag(isPrivate, message.trust), BigInt(message.rowid));
    }
  }

  deleteChannel(tenantId: string, channelId: string): Promise<boolean> {
    return Promise.resolve(
      this.database.transaction(() => {
        const rowids = this.stmt<{ rowid: number }>('SELECT rowid FROM messages WHERE tenant_id = ? AND channel_id = ?')
          .all(tenantId, channelId)
          .map((row) => BigInt(row.rowid));
        const previous = this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE);
        for (const rowid of rowids) {
          this.database.messageTextChanged(this.stmt('DELETE FROM message_fts WHERE rowid = ?').run(rowid).changes);
          if (this.database.space) {
            this.stmt('DELETE FROM message_vectors WHERE rowid = ?').run(rowid);
          }
          if (previous) {
            this.stmt(`DELETE FROM ${PREVIOUS_MESSAGE_VECTOR_TABLE} WHERE rowid = ?`).run(rowid);
          }
        }
        if (rowids.length > 0) {
          this.vectorIndexes?.forget(tenantId);
        }
        // EXTRACTED_FROM rows go with their messages through ON DELETE CASCADE
        this.stmt('DELETE FROM messages WHERE tenant_id = ? AND channel_id = ?').run(tenantId, channelId);
        this.stmt('DELETE FROM summaries WHERE tenant_id = ? AND channel_id = ?').run(tenantId, channelId);

        return this.stmt('DELETE FROM channels WHERE tenant_id = ? AND id = ?').run(tenantId, channelId).changes > 0;
      }),
    );
  }

  appendMessage(command: AppendMessageCommand): Promise<AppendedMessage> {
    return Promise.resolve(this.database.transaction(() => this.appendSync(command)));
  }

  private appendSync(command: AppendMessageCommand): AppendedMessage {
    const m = command.message;
    const at = m.createdAt.getTime();
    const channelRow = this.stmt<ChannelRow>(
      `INSERT INTO channels (tenant_id, id, private, project_id, message_count, last_message_at, created_at, updated_at)
       VALUES (?, ?, 0, ?, 1, ?, ?, ?)
       ON CONFLICT (tenant_id, id) DO UPDATE SET message_count = message_count + 1,
         last_message_at = MAX(COALESCE(last_message_at, excluded.last_message_at), excluded.last_message_at),
         project_id = COALESCE(project_id, excluded.project_id), updated_at = excluded.updated_at
       RETURNING *`,
    ).get(m.tenantId, m.channelId, command.projectId, at, Date.now(), Date.now());
    if (!channelRow) {
      throw new Error('appendMessage: the channel upsert returned no row');
    }
    const seq = channelRow.message_count;
    const inserted = this.stmt(
      `INSERT INTO messages (id, tenant_id, channel_id, seq, role, speaker, trust, content, token_count, created_at,
         extracted_at, embedding_model, stored_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, unixepoch('subsec') * 1000)`,
    ).run(
      m.id,
      m.tenantId,
      m.channelId,
      seq,
      m.role,
      m.speaker,
      m.trust,
      m.content,
      m.tokenCount,
      at,
      m.extractedAt?.getTime() ?? null,
      command.vector && this.database.space ? this.database.space.model : null,
    );
    const rowid = BigInt(inserted.lastInsertRowid);
    const position = { createdAt: m.createdAt, seq };
    const [previous] = this.around(m.tenantId, m.channelId, position, 'before', 1);
    const [next] = this.around(m.tenantId, m.channelId, position, 'after', 1);
    this.stmt('INSERT INTO message_fts (rowid, content, speaker, prev, next, tenant) VALUES (?, ?, ?, ?, ?, ?)').run(
      rowid,
      m.content,
      m.speaker ?? '',
      previous?.content.slice(0, NEIGHBOUR_CHARS) ?? '',
      next?.content.slice(0, NEIGHBOUR_CHARS) ?? '',
      tenantSearchToken(m.tenantId),
    );
    const neighbourText = m.content.slice(0, NEIGHBOUR_CHARS);
    if (previous) {
      this.stmt('UPDATE message_fts SET next = ? WHERE rowid = ?').run(neighbourText, BigInt(previous.rowid));
    }
    if (next) {
      this.stmt('UPDATE message_fts SET prev = ? WHERE rowid = ?').run(neighbourText, BigInt(next.rowid));
    }
    // a neighbour's new prev or next moves a word's row count as the insert does
    this.database.messageTextChanged(1 + (previous ? 1 : 0) + (next ? 1 : 0));
    if (command.vector && this.database.space) {
      if (command.vector.length !== this.database.space.dimensions) {
        throw new Error(
          `vector has ${command.vector.length} dimensions, the store expects ${this.database.space.dimensions}`,
        );
      }
      this.stmt(
        'INSERT INTO message_vectors (rowid, tenant, channel, shared, created_at, embedding) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        rowid,
        m.tenantId,
        m.channelId,
        sharedFlag(channelRow.private === 1, m.trust),
        BigInt(at),
        vectorBlob(command.vector),
      );
      this.vectorIndexes?.noteInsert(m.tenantId, rowid, m.id, command.vector);
    }
    const stats = this.liveStatsSync(m.tenantId, m.channelId);
    const message = this.stmt<MessageRow>('SELECT * FROM messages WHERE rowid = ?').get(rowid);
    if (!message) {
      throw new Error('appended message vanished inside its transaction');
    }

    return {
      message: toMessage(message),
      channel: toChannel(channelRow),
      liveTokens: stats.tokens,
      liveCount: stats.count,
    };
  }

  /** The `limit` messages just before or after a position in its channel, nearest first. */
  private around(
    tenantId: string,
    channelId: string,
    position: MessagePosition,
    side: 'before' | 'after',
    limit: number,
  ): MessageRow[] {
    return this.stmt<MessageRow>(aroundSql('*', side)).all(tenantId, channelId, ...positionParams(position), limit);
  }

  /** The ids `around` would return (a search's neighbours: no row is built). */
  private aroundIds(
    tenantId: string,
    channelId: string,
    position: MessagePosition,
    side: 'before' | 'after',
    limit: number,
  ): string[] {
    return this.values<string>(aroundSql('id', side)).all(tenantId, channelId, ...positionParams(position), limit);
  }

  getMessages(tenantId: string, ids: string[]): Promise<MessageRecord[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    // one cached statement for any number of ids (a statement per list length cost more to prepare than to run)
    const rows = this.stmt<MessageRow>(
      'SELECT * FROM messages WHERE +tenant_id = ? AND id IN (SELECT value FROM json_each(?))',
    ).all(tenantId, JSON.stringify(ids));
    const byId = new Map(rows.map((row) => [row.id, toMessage(row)]));

    return Promise.resolve(ids.flatMap((id) => byId.get(id) ?? []));
  }

  listMessages(tenantId: string, channelId: string, query: MessageListQuery): Promise<MessageRecord[]> {
    const where: Clause[] = [{ sql: 'tenant_id = ? AND channel_id = ?', params: [tenantId, channelId] }];
    if (query.live) {
      where.push({ sql: 'summary_id IS NULL', params: [] });
    }
    if (query.before) {
      where.push({ sql: '(created_at, seq) < (?, ?)', params: positionParams(query.before) });
    }
    if (query.through) {
      where.push({ sql: '(created_at, seq) <= (?, ?)', params: positionParams(query.through) });
    }
    const direction = query.end === 'newest' ? 'DESC' : 'ASC';
    // one of a few texts (which clauses, which direction): cached, as context reads the newest messages every turn
    const rows = this.stmt<MessageRow>(
      `SELECT * FROM messages WHERE ${where.map((c) => c.sql).join(' AND ')}
         ORDER BY created_at ${direction}, seq ${direction} LIMIT ?`,
    ).all(...where.flatMap((c) => c.params), Math.max(0, query.limit));
    if (query.end === 'newest') {
      rows.reverse();
    }

    return Promise.resolve(rows.map(toMessage));
  }

  liveStats(tenantId: string, channelId: string): Promise<{ tokens: number; count: number }> {
    return Promise.resolve(this.liveStatsSync(tenantId, channelId));
  }

  private liveStatsSync(tenantId: string, channelId: string): { tokens: number; count: number } {
    const row = this.stmt<{ tokens: number; count: number }>(
      `SELECT COALESCE(SUM(token_count), 0) AS tokens, COUNT(*) AS count FROM messages
       WHERE tenant_id = ? AND channel_id = ? AND summary_id IS NULL`,
    ).get(tenantId, channelId);

    return { tokens: row?.tokens ?? 0, count: row?.count ?? 0 };
  }

  searchMessageText(tenantId: string, query: string, k: number, scope: MessageSearchScope): Promise<ScoredId[]> {
    if (k <= 0 || !this.mayHold(tenantId, scope)) {
      return Promise.resolve([]);
    }
    // a word in a third of the turns searched (the user's name as speaker) costs most of the query and separates
    // nothing: left out when a rarer word is there, as memory search does (below 2,000 messages none is)
    const text = this.textScope(tenantId);
    const words = queryWords(query);
    const match = ftsAnyWordExpression(
      text.wordLimit === null ? words : this.wordCounts.selective(text.prefix, words, text.wordLimit),
    );
    if (match === null) {
      return Promise.resolve([]);
    }
    const where: Clause[] = [{ sql: 'm.tenant_id = ?', params: [tenantId] }];
    let join = '';
    if (scope.channelId !== undefined && scope.projectId !== undefined) {
      join = 'JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id';
      where.push({
        sql: "(m.channel_id = ? OR (c.project_id = ? AND c.private = 0 AND m.trust = 'GUARDIAN'))",
        params: [scope.channelId, scope.projectId],
      });
    } else if (scope.channelId !== undefined) {
      where.push({ sql: 'm.channel_id = ?', params: [scope.channelId] });
    } else {
      join = 'JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id';
      where.push({ sql: "c.private = 0 AND m.trust = 'GUARDIAN'", params: [] });
      if (scope.excludeChannelId !== undefined) {
        where.push({ sql: 'm.channel_id <> ?', params: [scope.excludeChannelId] });
      }
    }
    if (scope.after) {
      where.push({ sql: 'm.created_at > ?', params: [scope.after.getTime()] });
    }
    if (scope.before) {
      where.push({ sql: 'm.created_at < ?', params: [scope.before.getTime()] });
    }
    // ORDER BY the rank column lets FTS5 sort inside the virtual table (as memory search does), so the join stops
    // after k rows in scope: ordering by bm25() in the outer query joined and sorted every matching row (13 ms of a
    // context at 10k messages)
    const rows = this.stmt<ScoredId>(
      `SELECT m.id AS id, -f.rank AS score
         FROM message_fts f JOIN messages m ON m.rowid = f.rowid ${join}
         WHERE message_fts MATCH ? AND f.rank MATCH 'bm25(${MESSAGE_FTS_WEIGHTS})'
           AND ${where.map((c) => c.sql).join(' AND ')}
         ORDER BY f.rank LIMIT ?`,
    ).all(`${text.prefix}{content speaker prev next} : (${match})`, ...where.flatMap((c) => c.params), k);

    return Promise.resolve(rows);
  }

  /**
   * False when a search across channels has no channel to search: no non-private channel but the excluded one (an
   * agent with one conversation asks this every turn, and the full-text query would match and drop all its rows).
   */
  private mayHold(tenantId: string, scope: MessageSearchScope): boolean {
    return (
      scope.channelId !== undefined ||
      this.stmt('SELECT 1 FROM channels WHERE tenant_id = ? AND private = 0 AND id <> ? LIMIT 1').get(
        tenantId,
        scope.excludeChannelId ?? '',
      ) !== undefined
    );
  }

  /**
   * How the tenant's full-text queries run: its token in the MATCH only while it pays (tenantTokenPays: the tenant
   * holds under half the messages; scores are the same either way, the token's column weighs 0, and the join keeps
   * the tenant's rows; a tenant holding most of the index saved 30% of the query's time without it), and word counts
   * only when the rows searched can exceed a word's row limit (wordRowLimit). Counted from the channels' message counts.
   */
  private textScope(tenantId: string): MessageTextScope {
    const now = Date.now();
    const cached = this.textScopes.get(tenantId);
    if (cached !== undefined && now - cached.at <= TEXT_SCOPE_TTL_MS) {
      return cached;
    }
    const counts = this.stmt<{ tenant: number | null; total: number | null }>(
      'SELECT sum(message_count) FILTER (WHERE tenant_id = ?) AS tenant, sum(message_count) AS total FROM channels',
    ).get(tenantId);
    const pays = tenantTokenPays(counts?.tenant ?? 0, counts?.total ?? 0);
    const searched = (pays ? counts?.tenant : counts?.total) ?? 0;
    const limit = wordRowLimit(searched);
    const scope = {
      prefix: pays ? `tenant : ${tenantSearchToken(tenantId)} AND ` : '',
      wordLimit: searched > limit ? limit : null,
      at: now,
    };
    if (this.textScopes.size > 10_000) {
      this.textScopes.clear();
    }
    this.textScopes.set(tenantId, scope);

    return scope;
  }

  searchMessageVectors(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[]> {
    const space = this.database.space;
    if (!space || k <= 0) {
      return Promise.resolve([]);
    }
    if (vector.length !== space.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
    }
    if (!this.mayHold(tenantId, scope)) {
      return Promise.resolve([]);
    }
    if (scope.channelId !== undefined && scope.projectId !== undefined) {
      return Promise.resolve(
        this.searchProjectVectors('message_vectors', tenantId, vector, k, scope, scope.channelId, scope.projectId),
      );
    }
    if (scope.after === undefined && scope.before === undefined) {
      const indexed = this.vectorIndexes?.search(
        tenantId,
        vector,
        k,
        scope.channelId !== undefined
          ? { statuses: ['0', '1'], visibilityKeys: [scope.channelId] }
          : {
              statuses: ['1'],
              excludeVisibilityKeys: scope.excludeChannelId !== undefined ? [scope.excludeChannelId] : [],
            },
      );
      if (indexed) {
        return Promise.resolve(indexed);
      }
    }

    return Promise.resolve(this.searchChannelsExactly('message_vectors', tenantId, vector, k, scope));
  }

  /**
   * The exact search of `searchMessageVectors` (vec0's k nearest in the scope) in `table`: message_vectors, or while
   * an embedding migration runs the previous model's copy of it (`SqliteEmbeddingMigrationStore`).
   */
  searchVectorTable(
    table: MessageVectorTable,
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): ScoredId[] {
    if (k <= 0 || !this.mayHold(tenantId, scope)) {
      return [];
    }
    if (scope.channelId !== undefined && scope.projectId !== undefined) {
      return this.searchProjectVectors(table, tenantId, vector, k, scope, scope.channelId, scope.projectId);
    }

    return this.searchChannelsExactly(table, tenantId, vector, k, scope);
  }

  /** A scope without a project: the channel's messages, or the shared ones of every channel but the excluded one. */
  private searchChannelsExactly(
    table: MessageVectorTable,
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): ScoredId[] {
    const where: Clause[] = [];
    if (scope.channelId !== undefined) {
      where.push({ sql: 'v.channel = ?', params: [scope.channelId] });
    } else {
      where.push({ sql: 'v.shared = 1', params: [] });
      if (scope.excludeChannelId !== undefined) {
        where.push({ sql: 'v.channel != ?', params: [scope.excludeChannelId] });
      }
    }

    return this.exactVectorSearch(table, tenantId, vector, k, where, scope);
  }

  /**
   * The channel's messages and the shared messages of the project's other channels: two searches merged by score.
   * Both give exact cosine scores of disjoint sets, so the best k of the merge are the best k of the scope (vec0
   * filters metadata with AND and IN only, and an OR would filter after its k nearest).
   */
  private searchProjectVectors(
    table: MessageVectorTable,
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
    channelId: string,
    projectId: string,
  ): ScoredId[] {
    const siblings = this.stmt<{ id: string }>(
      'SELECT id FROM channels WHERE tenant_id = ? AND project_id = ? AND private = 0 AND id <> ? ORDER BY id',
    )
      .all(tenantId, projectId, channelId)
      .map((row) => row.id);
    const merge = (own: ScoredId[], shared: ScoredId[]): ScoredId[] =>
      [...own, ...shared].sort((a, b) => b.score - a.score).slice(0, k);
    if (table === 'message_vectors' && scope.after === undefined && scope.before === undefined) {
      const own = this.vectorIndexes?.search(tenantId, vector, k, {
        statuses: ['0', '1'],
        visibilityKeys: [channelId],
      });
      const shared =
        siblings.length === 0
          ? []
          : this.vectorIndexes?.search(tenantId, vector, k, { statuses: ['1'], visibilityKeys: siblings });
      if (own && shared) {
        return merge(own, shared);
      }
    }
    const own = this.exactVectorSearch(
      table,
      tenantId,
      vector,
      k,
      [{ sql: 'v.channel = ?', params: [channelId] }],
      scope,
    );
    const shared =
      siblings.length === 0
        ? []
        : this.exactVectorSearch(
            table,
            tenantId,
            vector,
            k,
            [{ sql: `v.shared = 1 AND v.channel IN (${placeholders(siblings.length)})`, params: siblings }],
            scope,
          );

    return merge(own, shared);
  }

  /** vec0's k nearest of the tenant's message vectors in `table` passing `where` and the scope's time bounds. */
  private exactVectorSearch(
    table: MessageVectorTable,
    tenantId: string,
    vector: Float32Array,
    k: number,
    filters: Clause[],
    scope: MessageSearchScope,
  ): ScoredId[] {
    const where = [...filters];
    if (scope.after) {
      where.push({ sql: 'v.created_at > ?', params: [BigInt(scope.after.getTime())] });
    }
    if (scope.before) {
      where.push({ sql: 'v.created_at < ?', params: [BigInt(scope.before.getTime())] });
    }
    const rows = this.database.db
      .prepare<SqlValue[], { id: string; distance: number }>(
        `SELECT m.id AS id, v.distance AS distance FROM ${table} v JOIN messages m ON m.rowid = v.rowid
         WHERE v.embedding MATCH ? AND v.k = ? AND v.tenant = ? AND ${where.map((c) => c.sql).join(' AND ')}
         ORDER BY v.distance`,
      )
      .all(vectorBlob(vector), k, tenantId, ...where.flatMap((c) => c.params));

    return rows.map((row) => ({ id: row.id, score: 1 - row.distance }));
  }

  messageNeighbours(tenantId: string, seedIds: string[], span: number): Promise<MessageNeighbour[]> {
    if (seedIds.length === 0 || span <= 0) {
      return Promise.resolve([]);
    }
    const seeds = this.stmt<Pick<MessageRow, 'id' | 'channel_id' | 'created_at' | 'seq'>>(
      'SELECT id, channel_id, created_at, seq FROM messages WHERE +tenant_id = ? AND id IN (SELECT value FROM json_each(?))',
    ).all(tenantId, JSON.stringify(seedIds));
    const found: MessageNeighbour[] = [];
    for (const seed of seeds) {
      const position = { createdAt: new Date(seed.created_at), seq: seed.seq };
      this.aroundIds(tenantId, seed.channel_id, position, 'before', span).forEach((id, i) =>
        found.push({ seedId: seed.id, id, offset: -(i + 1) }),
      );
      this.aroundIds(tenantId, seed.channel_id, position, 'after', span).forEach((id, i) =>
        found.push({ seedId: seed.id, id, offset: i + 1 }),
      );
    }

    return Promise.resolve(found);
  }

  listOwedExtractions(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedExtraction[]> {
    const rows = this.stmt<{ tenant_id: string; id: string }>(
      `SELECT tenant_id, id FROM messages INDEXED BY messages_owed_extraction
       WHERE extracted_at IS NULL AND created_at <= ? AND (? IS NULL OR tenant_id = ?) ORDER BY created_at DESC LIMIT ?`,
    ).all(olderThan.getTime(), tenantId, tenantId, Math.max(0, limit));

    return Promise.resolve(rows.map((row) => ({ tenantId: row.tenant_id, messageId: row.id })));
  }

  listOwedVectors(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedVector[]> {
    if (!this.database.space) {
      return Promise.resolve([]);
    }
    const rows = this.stmt<{ tenant_id: string; id: string; speaker: string | null; content: string }>(
      `SELECT tenant_id, id, speaker, content FROM messages INDEXED BY messages_owed_vector
       WHERE embedding_model IS NULL AND created_at <= ? AND (? IS NULL OR tenant_id = ?) ORDER BY created_at DESC LIMIT ?`,
    ).all(olderThan.getTime(), tenantId, tenantId, Math.max(0, limit));

    return Promise.resolve(
      rows.map((row) => ({ tenantId: row.tenant_id, messageId: row.id, speaker: row.speaker, content: row.content })),
    );
  }

  saveMessageVectors(tenantId: string, vectors: { messageId: string; vector: Float32Array }[]): Promise<number> {
    const space = this.database.space;
    if (!space || vectors.length === 0) {
      return Promise.resolve(0);
    }
    for (const { vector } of vectors) {
      if (vector.length !== space.dimensions) {
        throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
      }
    }

    return Promise.resolve(
      this.database.transaction(() => {
        let written = 0;
        for (const { messageId, vector } of vectors) {
          const row = this.stmt<{
            rowid: number;
            channel_id: string;
            trust: string;
            created_at: number;
            private: number;
          }>(
            `SELECT m.rowid, m.channel_id, m.trust, m.created_at, c.private FROM messages m
             JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id
             WHERE +m.tenant_id = ? AND m.id = ? AND m.embedding_model IS NULL`,
          ).get(tenantId, messageId);
          if (!row) {
            continue;
          }
          this.stmt('UPDATE messages SET embedding_model = ? WHERE rowid = ?').run(space.model, row.rowid);
          this.stmt(
            'INSERT INTO message_vectors (rowid, tenant, channel, shared, created_at, embedding) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(
            BigInt(row.rowid),
            tenantId,
            row.channel_id,
            sharedFlag(row.private === 1, row.trust),
            BigInt(row.created_at),
            vectorBlob(vector),
          );
          this.vectorIndexes?.noteInsert(tenantId, row.rowid, messageId, vector);
          written++;
        }

        return written;
      }),
    );
  }

  listChannelsOverBudget(
    tenantId: string | null,
    defaultBudget: number,
    share: number,
    limit: number,
  ): Promise<OverBudgetChannel[]> {
    const rows = this.stmt<{ tenant_id: string; id: string; tokens: number; budget: number; newest: string }>(
      `SELECT c.tenant_id, c.id, live.tokens, COALESCE(c.token_budget, ?) AS budget,
         (SELECT m.id FROM messages m WHERE m.tenant_id = c.tenant_id AND m.channel_id = c.id AND m.summary_id IS NULL
          ORDER BY m.created_at DESC, m.seq DESC LIMIT 1) AS newest
       FROM (SELECT tenant_id, channel_id, SUM(token_count) AS tokens FROM messages INDEXED BY messages_channel_live
             WHERE summary_id IS NULL AND (? IS NULL OR tenant_id = ?) GROUP BY tenant_id, channel_id) live
       JOIN channels c ON c.tenant_id = live.tenant_id AND c.id = live.channel_id
       WHERE live.tokens > ? * COALESCE(c.token_budget, ?)
       ORDER BY live.tokens DESC, c.tenant_id, c.id LIMIT ?`,
    ).all(defaultBudget, tenantId, tenantId, share, defaultBudget, Math.max(0, limit));

    return Promise.resolve(
      rows.map((row) => ({
        tenantId: row.tenant_id,
        channelId: row.id,
        liveTokens: row.tokens,
        budget: row.budget,
        newestLiveMessageId: row.newest,
      })),
    );
  }

  backlog(tenantId: string | null, compaction: { defaultBudget: number; share: number }): Promise<ConversationBacklog> {
    return Promise.resolve(readConversationBacklog(this.database, tenantId, compaction));
  }

  markExtracted(tenantId: string, messageIds: string[], at: Date): Promise<void> {
    if (messageIds.length > 0) {
      this.database.db
        .prepare<SqlValue[]>(
          `UPDATE messages SET extracted_at = ? WHERE +tenant_id = ? AND extracted_at IS NULL AND id IN (${placeholders(messageIds.length)})`,
        )
        .run(at.getTime(), tenantId, ...messageIds);
    }

    return Promise.resolve();
  }

  linkExtracted(tenantId: string, memoryId: string, messageId: string, at: Date): Promise<boolean> {
    this.stmt(
      `INSERT INTO extracted_from (tenant_id, memory_id, message_id, created_at)
       SELECT ?, mem.id, msg.id, ? FROM memories mem, messages msg
       WHERE mem.tenant_id = ? AND mem.id = ? AND msg.tenant_id = ? AND msg.id = ?
       ON CONFLICT (memory_id, message_id) DO NOTHING`,
    ).run(tenantId, at.getTime(), tenantId, memoryId, tenantId, messageId);
    const linked = this.stmt(
      'SELECT 1 FROM extracted_from WHERE tenant_id = ? AND memory_id = ? AND message_id = ?',
    ).get(tenantId, memoryId, messageId);

    return Promise.resolve(linked !== undefined);
  }

  extractedFrom(tenantId: string, messageId: string): Promise<string[]> {
    const rows = this.stmt<{ memory_id: string }>(
      'SELECT memory_id FROM extracted_from WHERE tenant_id = ? AND message_id = ? ORDER BY created_at, memory_id',
    ).all(tenantId, messageId);

    return Promise.resolve(rows.map((row) => row.memory_id));
  }

  insertSummary(command: InsertSummaryCommand): Promise<SummaryRecord | null> {
    const s = command.summary;
    try {
      return Promise.resolve(
        this.database.transaction(() => {
          const claimed = this.database.db
            .prepare<SqlValue[]>(
              `UPDATE messages SET summary_id = ? WHERE +tenant_id = ? AND channel_id = ? AND summary_id IS NULL
               AND id IN (${placeholders(command.messageIds.length)})`,
            )
            .run(s.id, s.tenantId, s.channelId, ...command.messageIds);
          const moved = this.stmt(
            'UPDATE channels SET summary_id = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND summary_id IS ?',
          ).run(s.id, s.createdAt.getTime(), s.tenantId, s.channelId, s.previousId);
          if (claimed.changes !== command.messageIds.length || moved.changes !== 1) {
            throw new SummaryConflict();
          }
          this.stmt(
            `INSERT INTO summaries (id, tenant_id, channel_id, content, token_count, previous_id, message_count, from_at, to_at, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            s.id,
            s.tenantId,
            s.channelId,
            s.content,
            s.tokenCount,
            s.previousId,
            s.messageCount,
            s.fromAt.getTime(),
            s.toAt.getTime(),
            s.createdAt.getTime(),
          );

          return s;
        }),
      );
    } catch (error) {
      if (error instanceof SummaryConflict) {
        return Promise.resolve(null);
      }
      throw error;
    }
  }

  getSummary(tenantId: string, summaryId: string): Promise<SummaryRecord | null> {
    const row = this.stmt<SummaryRow>('SELECT * FROM summaries WHERE tenant_id = ? AND id = ?').get(
      tenantId,
      summaryId,
    );

    return Promise.resolve(row ? toSummary(row) : null);
  }

  summarizedBy(tenantId: string, summaryId: string): Promise<string[]> {
    const rows = this.stmt<{ id: string }>(
      'SELECT id FROM messages WHERE summary_id = ? AND tenant_id = ? ORDER BY created_at, seq',
    ).all(summaryId, tenantId);

    return Promise.resolve(rows.map((row) => row.id));
  }

  private stmt<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.stmt<R>(sql);
  }

  private values<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.values<R>(sql);
  }
}
