import { yieldToEventLoop } from 'src/common/event-loop';
import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import { MemoryStatus } from 'src/domain/memory.enums';
import type { BulletinRecord } from 'src/store/bulletin-store.port';
import { NEIGHBOUR_CHARS } from 'src/store/conversation-store.port';
import { tenantSearchToken } from 'src/store/search-terms';
import { column } from 'src/store/sqlite/sqlite-columns';
import type {
  ChannelRow,
  MessageRow,
  SqliteConversationStore,
  SummaryRow,
} from 'src/store/sqlite/sqlite-conversation.store';
import { sharedFlag, toChannel, toMessage, toSummary } from 'src/store/sqlite/sqlite-conversation.store';
import { chunks, placeholders, vectorBlob } from 'src/store/sqlite/sqlite-database';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
import type { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import type { BulletinRow, MemoryRow } from 'src/store/sqlite/sqlite-rows';
import {
  INSERT_MEMORY_SQL,
  memoryInsertValues,
  rowToBulletin,
  rowToMemory,
  visibilityKey,
} from 'src/store/sqlite/sqlite-rows';
import { PREVIOUS_MESSAGE_VECTOR_TABLE, PREVIOUS_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import { MEMORY_VECTOR_SOURCE, MESSAGE_VECTOR_SOURCE } from 'src/store/sqlite/sqlite-vector-indexes';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';
import type {
  ChannelPurge,
  ExportedMemory,
  IdOwners,
  ImportCounts,
  ImportedEdges,
  ImportedMemory,
  ImportedMessage,
  ImportIdKind,
  TenantDataStore,
  TenantPurge,
} from 'src/store/tenant-data.port';

/** Memories (or messages) a purge removes per transaction. */
const PURGE_BATCH = 25;
/** Messages whose neighbour columns one import transaction rewrites. */
const NEIGHBOUR_SLICE = 200;

interface NeighbourRow {
  rowid: number;
  prev: string | null;
  next: string | null;
}

/** The table of each kind an import names by id (fixed names, never input). */
const ID_TABLES: Readonly<Record<Exclude<ImportIdKind, 'channel'>, string>> = {
  memory: 'memories',
  message: 'messages',
  summary: 'summaries',
  bulletin: 'bulletins',
  entity: 'entities',
};

function noCounts(): ImportCounts {
  return { created: 0, existing: 0, conflicts: 0 };
}

function time(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

export class SqliteTenantDataStore implements TenantDataStore {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly memories: SqliteMemoryStore,
    private readonly conversations: SqliteConversationStore,
  ) {}

  exportChannels(tenantId: string, afterId: string | null, limit: number): Promise<ChannelRecord[]> {
    const rows = this.stmt<ChannelRow>('SELECT * FROM channels WHERE tenant_id = ? AND id > ? ORDER BY id LIMIT ?').all(
      tenantId,
      afterId ?? '',
      limit,
    );

    return Promise.resolve(rows.map(toChannel));
  }

  exportSummaries(tenantId: string, afterId: string | null, limit: number): Promise<SummaryRecord[]> {
    const rows = this.stmt<SummaryRow>(
      'SELECT * FROM summaries WHERE tenant_id = ? AND id > ? ORDER BY id LIMIT ?',
    ).all(tenantId, afterId ?? '', limit);

    return Promise.resolve(rows.map(toSummary));
  }

  exportMessages(tenantId: string, afterId: string | null, limit: number): Promise<MessageRecord[]> {
    const rows = this.stmt<MessageRow>(
      'SELECT * FROM messages WHERE +tenant_id = ? AND id > ? ORDER BY id LIMIT ?',
    ).all(tenantId, afterId ?? '', limit);

    return Promise.resolve(rows.map(toMessage));
  }

  exportMemories(tenantId: string, afterId: string | null, limit: number): Promise<ExportedMemory[]> {
    const rows = this.stmt<MemoryRow>('SELECT * FROM memories WHERE +tenant_id = ? AND id > ? ORDER BY id LIMIT ?').all(
      tenantId,
      afterId ?? '',
      limit,
    );
    const links = this.stmt<{ to_id: string; type: string; weight: number; created_at: number }>(
      'SELECT to_id, type, weight, created_at FROM associations WHERE from_id = ? ORDER BY to_id, type',
    );
    const extractions = this.stmt<{ message_id: string; created_at: number }>(
      'SELECT message_id, created_at FROM extracted_from WHERE memory_id = ? ORDER BY message_id',
    );

    return Promise.resolve(
      rows.map((row): ExportedMemory => ({
        ...rowToMemory(row),
        decayScore: row.decay_score,
        links: links.all(row.id).map((l) => ({
          toId: l.to_id,
          type: column.relationType(l.type),
          weight: l.weight,
          createdAt: new Date(l.created_at),
        })),
        extractedFrom: extractions
          .all(row.id)
          .map((e) => ({ messageId: e.message_id, createdAt: new Date(e.created_at) })),
      })),
    );
  }

  exportBulletins(tenantId: string): Promise<BulletinRecord[]> {
    const rows = this.stmt<BulletinRow>('SELECT * FROM bulletins WHERE tenant_id = ? ORDER BY rowid').all(tenantId);
    const cited = this.values<string>(
      'SELECT memory_id FROM bulletin_citations WHERE bulletin_id = ? ORDER BY position',
    );

    return Promise.resolve(rows.map((row) => rowToBulletin(row, cited.all(row.id))));
  }

  existingIds(_tenantId: string, kind: 'memory' | 'message', ids: string[]): Promise<Set<string>> {
    const table = kind === 'memory' ? 'memories' : 'messages';
    const found = new Set<string>();
    for (const chunk of chunks(ids)) {
      for (const id of this.database.db
        .prepare<SqlValue[], string>(`SELECT id FROM ${table} WHERE id IN (${placeholders(chunk.length)})`)
        .pluck()
        .all(...chunk)) {
        found.add(id);
      }
    }

    return Promise.resolve(found);
  }

  idOwners(tenantId: string, kind: ImportIdKind, ids: string[]): Promise<IdOwners> {
    const owners: IdOwners = { ours: new Set(), theirs: new Set(), channelOf: new Map() };
    for (const chunk of chunks(ids)) {
      const rows =
        kind === 'channel'
          ? this.database.db
              .prepare<SqlValue[], { id: string; tenant_id: string; channel_id: null }>(
                `SELECT id, tenant_id, NULL AS channel_id FROM channels WHERE tenant_id = ? AND id IN (${placeholders(chunk.length)})`,
              )
              .all(tenantId, ...chunk)
          : this.database.db
              .prepare<SqlValue[], { id: string; tenant_id: string; channel_id: string | null }>(
                `SELECT id, tenant_id, ${kind === 'summary' ? 'channel_id' : 'NULL'} AS channel_id
                 FROM ${ID_TABLES[kind]} WHERE id IN (${placeholders(chunk.length)})`,
              )
              .all(...chunk);
      for (const row of rows) {
        const ours = row.tenant_id === tenantId;
        owners[ours ? 'ours' : 'theirs'].add(row.id);
        if (ours && row.channel_id !== null) {
          owners.channelOf.set(row.id, row.channel_id);
        }
      }
    }

    return Promise.resolve(owners);
  }

  importChannels(tenantId: string, channels: ChannelRecord[]): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      for (const c of channels) {
        const inserted = this.stmt(
          `INSERT INTO channels (tenant_id, id, private, project_id, token_budget, message_count, last_message_at, summary_id,
             created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, (SELECT id FROM summaries WHERE id = ? AND tenant_id = ?), ?, ?)
           ON CONFLICT (tenant_id, id) DO NOTHING`,
        ).run(
          tenantId,
          c.id,
          c.private ? 1 : 0,
          c.projectId,
          c.tokenBudget,
          time(c.lastMessageAt),
          c.summaryId,
          tenantId,
          c.createdAt.getTime(),
          c.updatedAt.getTime(),
        );
        counts[inserted.changes > 0 ? 'created' : 'existing']++;
      }

      return counts;
    });
  }

  importSummaries(tenantId: string, summaries: SummaryRecord[]): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      for (const s of summaries) {
        const owner = this.ownerOf('summaries', s.id);
        if (owner !== null) {
          counts[owner === tenantId ? 'existing' : 'conflicts']++;
          continue;
        }
        this.stmt(
          `INSERT INTO summaries (id, tenant_id, channel_id, content, token_count, previous_id, message_count, from_at, to_at,
             created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          s.id,
          tenantId,
          s.channelId,
          s.content,
          s.tokenCount,
          s.previousId,
          s.messageCount,
          s.fromAt.getTime(),
          s.toAt.getTime(),
          s.createdAt.getTime(),
        );
        counts.created++;
      }

      return counts;
    });
  }

  importMessages(tenantId: string, messages: ImportedMessage[]): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      const space = this.database.space;
      for (const { message: m, vector } of messages) {
        const owner = this.ownerOf('messages', m.id);
        const channel = this.stmt<{ private: number }>(
          'SELECT private FROM channels WHERE tenant_id = ? AND id = ?',
        ).get(tenantId, m.channelId);
        if (owner !== null || !channel) {
          counts[owner === tenantId ? 'existing' : 'conflicts']++;
          continue;
        }
        const embedded = vector !== null && space !== null;
        const inserted = this.stmt(
          `INSERT INTO messages (id, tenant_id, channel_id, seq, role, speaker, trust, content, token_count, created_at,
             extracted_at, summary_id, embedding_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          m.id,
          tenantId,
          m.channelId,
          m.seq,
          m.role,
          m.speaker,
          m.trust,
          m.content,
          m.tokenCount,
          m.createdAt.getTime(),
          time(m.extractedAt),
          m.summaryId,
          embedded ? space.model : null,
        );
        const rowid = BigInt(inserted.lastInsertRowid);
        // neighbour text (prev, next) is filled in by refreshChannels, once every message is in
        this.stmt(
          "INSERT INTO message_fts (rowid, content, speaker, prev, next, tenant) VALUES (?, ?, ?, '', '', ?)",
        ).run(rowid, m.content, m.speaker ?? '', tenantSearchToken(tenantId));
        this.database.messageTextChanged(1);
        if (embedded) {
          this.stmt(
            'INSERT INTO message_vectors (rowid, tenant, channel, shared, created_at, embedding) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(
            rowid,
            tenantId,
            m.channelId,
            sharedFlag(channel.private === 1, m.trust),
            BigInt(m.createdAt.getTime()),
            vectorBlob(vector),
          );
        }
        counts.created++;
      }
      if (counts.created > 0) {
        this.conversations.vectorsChanged(tenantId);
      }

      return counts;
    });
  }

  /** Counters and the full-text neighbour columns of channels whose messages arrived out of order. */
  async refreshChannels(tenantId: string, channelIds: string[]): Promise<void> {
    for (const channelId of channelIds) {
      const rows = await this.write(() => this.countAndNeighbours(tenantId, channelId));
      // a channel of thousands of messages is rewritten a slice per transaction, other requests running in between
      for (let i = 0; i < rows.length; i += NEIGHBOUR_SLICE) {
        await this.write(() => this.saveNeighbours(rows.slice(i, i + NEIGHBOUR_SLICE)));
        await yieldToEventLoop();
      }
    }
  }

  private countAndNeighbours(tenantId: string, channelId: string): NeighbourRow[] {
    this.stmt(
      `UPDATE channels SET message_count = (SELECT COUNT(*) FROM messages WHERE tenant_id = ? AND channel_id = ?),
         last_message_at = (SELECT MAX(created_at) FROM messages WHERE tenant_id = ? AND channel_id = ?)
       WHERE tenant_id = ? AND id = ?`,
    ).run(tenantId, channelId, tenantId, channelId, tenantId, channelId);

    return this.stmt<NeighbourRow>(
      `SELECT rowid, substr(LAG(content) OVER w, 1, ?) AS prev, substr(LEAD(content) OVER w, 1, ?) AS next
       FROM messages WHERE tenant_id = ? AND channel_id = ? WINDOW w AS (ORDER BY created_at, seq)`,
    ).all(NEIGHBOUR_CHARS, NEIGHBOUR_CHARS, tenantId, channelId);
  }

  private saveNeighbours(rows: NeighbourRow[]): void {
    const update = this.stmt('UPDATE message_fts SET prev = ?, next = ? WHERE rowid = ?');
    for (const row of rows) {
      update.run(row.prev ?? '', row.next ?? '', BigInt(row.rowid));
    }
    this.database.messageTextChanged(rows.length);
  }

  importMemories(tenantId: string, memories: ImportedMemory[]): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      const space = this.database.space;
      for (const { memory: m, vector, entityLinksOwed } of memories) {
        const owner = this.ownerOf('memories', m.id);
        if (owner !== null) {
          counts[owner === tenantId ? 'existing' : 'conflicts']++;
          continue;
        }
        const slotTaken =
          m.status === MemoryStatus.ACTIVE &&
          m.slot !== null &&
          this.stmt("SELECT 1 FROM memories WHERE tenant_id = ? AND slot = ? AND status = 'ACTIVE'").get(
            tenantId,
            m.slot,
          ) !== undefined;
        if (slotTaken) {
          counts.conflicts++;
          continue;
        }
        const embedded = vector !== null && space !== null;
        const inserted = this.stmt(INSERT_MEMORY_SQL).run(
          ...memoryInsertValues(tenantId, m, embedded ? space.model : null),
        );
        if (inserted.changes === 0) {
          counts.conflicts++;
          continue;
        }
        const rowid = BigInt(inserted.lastInsertRowid);
        if (entityLinksOwed) {
          this.stmt('UPDATE memories SET entities_owed_at = ?, entities_owed_slot_value = ? WHERE rowid = ?').run(
            entityLinksOwed.since.getTime(),
            entityLinksOwed.slotValue,
            rowid,
          );
        }
        this.database.memoryTextChanged(1);
        this.stmt('INSERT INTO memory_fts (rowid, content, context, tenant) VALUES (?, ?, ?, ?)').run(
          rowid,
          m.content,
          m.context ?? '',
          tenantSearchToken(tenantId),
        );
        if (embedded) {
          this.stmt(
            'INSERT INTO memory_vectors (rowid, tenant, status, visibility, type, embedding) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(
            rowid,
            tenantId,
            m.status,
            visibilityKey(m.scope, m.projectId, m.channelId),
            m.type,
            vectorBlob(vector),
          );
        }
        counts.created++;
      }
      if (counts.created > 0) {
        this.memories.vectorsChanged(tenantId);
      }

      return counts;
    });
  }

  importEdges(tenantId: string, edges: ImportedEdges): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      const link = this.stmt(
        `INSERT INTO associations (tenant_id, from_id, to_id, type, weight, created_at)
         SELECT f.tenant_id, f.id, t.id, ?, ?, ? FROM memories f, memories t
         WHERE f.id = ? AND f.tenant_id = ? AND t.id = ? AND t.tenant_id = f.tenant_id
         ON CONFLICT (from_id, to_id, type) DO NOTHING`,
      );
      for (const l of edges.links) {
        const changes = link.run(l.type, l.weight, l.createdAt.getTime(), l.fromId, tenantId, l.toId).changes;
        counts[changes > 0 ? 'created' : 'existing']++;
      }
      const extraction = this.stmt(
        `INSERT INTO extracted_from (tenant_id, memory_id, message_id, created_at)
         SELECT m.tenant_id, m.id, msg.id, ? FROM memories m, messages msg
         WHERE m.id = ? AND m.tenant_id = ? AND msg.id = ? AND msg.tenant_id = m.tenant_id
         ON CONFLICT (memory_id, message_id) DO NOTHING`,
      );
      for (const e of edges.extractions) {
        const changes = extraction.run(e.createdAt.getTime(), e.memoryId, tenantId, e.messageId).changes;
        counts[changes > 0 ? 'created' : 'existing']++;
      }

      return counts;
    });
  }

  beginImport(tenantId: string, fileDigest: string, startedAt: Date): Promise<void> {
    this.stmt('INSERT OR REPLACE INTO import_runs (tenant_id, file_digest, started_at) VALUES (?, ?, ?)').run(
      tenantId,
      fileDigest,
      startedAt.getTime(),
    );

    return Promise.resolve();
  }

  finishImport(tenantId: string, fileDigest: string): Promise<void> {
    this.stmt('DELETE FROM import_runs WHERE tenant_id = ? AND file_digest = ?').run(tenantId, fileDigest);

    return Promise.resolve();
  }

  importBulletins(tenantId: string, bulletins: BulletinRecord[]): Promise<ImportCounts> {
    return this.write(() => {
      const counts = noCounts();
      const cite = this.stmt(
        `INSERT INTO bulletin_citations (bulletin_id, position, memory_id)
         SELECT ?, ?, id FROM memories WHERE tenant_id = ? AND id = ?`,
      );
      for (const b of bulletins) {
        const owner = this.ownerOf('bulletins', b.id);
        if (owner !== null) {
          counts[owner === tenantId ? 'existing' : 'conflicts']++;
          continue;
        }
        this.stmt(
          'INSERT INTO bulletins (id, tenant_id, content, generated_at, marker, digest, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(b.id, tenantId, b.content, b.generatedAt.getTime(), b.marker, b.digest, b.source);
        b.memoryIds.forEach((memoryId, position) => cite.run(b.id, position, tenantId, memoryId));
        counts.created++;
      }

      return counts;
    });
  }

  purgeChannel(tenantId: string, channelId: string, withMemories: boolean): Promise<ChannelPurge> {
    return this.write(() => {
      const memoryIds = withMemories
        ? this.values<string>(
            `SELECT DISTINCT e.memory_id FROM extracted_from e JOIN messages msg ON msg.id = e.message_id
             WHERE msg.tenant_id = ? AND msg.channel_id = ?
               AND NOT EXISTS (SELECT 1 FROM extracted_from o JOIN messages om ON om.id = o.message_id
                               WHERE o.memory_id = e.memory_id AND om.channel_id <> ?)`,
          ).all(tenantId, channelId, channelId)
        : [];
      const removed = this.deleteMemories(tenantId, memoryIds);
      const messages = this.deleteMessages(tenantId, 'tenant_id = ? AND channel_id = ?', [tenantId, channelId]);
      const summaries = this.stmt('DELETE FROM summaries WHERE tenant_id = ? AND channel_id = ?').run(
        tenantId,
        channelId,
      ).changes;
      const channels = this.stmt('DELETE FROM channels WHERE tenant_id = ? AND id = ?').run(
        tenantId,
        channelId,
      ).changes;

      return { channels, messages: messages.messages, summaries, memories: removed.memories };
    });
  }

  purgeSkill(tenantId: string, skillId: string): Promise<{ memories: number; bulletins: number }> {
    return this.write(() => {
      const ids = this.values<string>('SELECT id FROM memories WHERE tenant_id = ? AND source_skill_id = ?').all(
        tenantId,
        skillId,
      );
      const removed = this.deleteMemories(tenantId, ids);

      return { memories: removed.memories, bulletins: removed.bulletins };
    });
  }

  /**
   * In batches of PURGE_BATCH memories, then messages, each batch one transaction that takes a row with everything
   * hanging on it (vectors, full text, edges, citing bulletins), with the event loop free between batches: a purge of
   * 10k memories in one transaction held every other request for seconds. A purge stopped half-way leaves whole
   * rows only; purging again finishes it.
   */
  async purgeTenant(tenantId: string): Promise<TenantPurge> {
    const count = (sql: string): number => this.values<number>(sql).get(tenantId) ?? 0;
    const associations = count('SELECT COUNT(*) FROM associations WHERE tenant_id = ?');
    const extractions = count('SELECT COUNT(*) FROM extracted_from WHERE tenant_id = ?');
    const citations = count(
      'SELECT COUNT(*) FROM bulletin_citations c JOIN bulletins b ON b.id = c.bulletin_id WHERE b.tenant_id = ?',
    );
    const bulletins = await this.write(
      () => this.stmt('DELETE FROM bulletins WHERE tenant_id = ?').run(tenantId).changes,
    );
    const memories = { memories: 0, vectors: 0, textRows: 0, bulletins: 0 };
    for (;;) {
      const removed = await this.write(() =>
        // every memory of the tenant goes, so none is left to point at a deleted one: no supersededBy to clear (that
        // update scans the tenant's memories, once per batch)
        this.deleteMemories(
          tenantId,
          this.values<string>('SELECT id FROM memories WHERE tenant_id = ? LIMIT ?').all(tenantId, PURGE_BATCH),
          false,
        ),
      );
      memories.memories += removed.memories;
      memories.vectors += removed.vectors;
      memories.textRows += removed.textRows;
      memories.bulletins += removed.bulletins;
      await yieldToEventLoop();
      if (removed.memories === 0) {
        break;
      }
    }
    const messages = { messages: 0, vectors: 0, textRows: 0 };
    for (;;) {
      const removed = await this.write(() => this.deleteMessageBatch(tenantId));
      messages.messages += removed.messages;
      messages.vectors += removed.vectors;
      messages.textRows += removed.textRows;
      await yieldToEventLoop();
      if (removed.messages === 0) {
        break;
      }
    }

    return this.write(() => {
      const summaries = this.stmt('DELETE FROM summaries WHERE tenant_id = ?').run(tenantId).changes;
      const channels = this.stmt('DELETE FROM channels WHERE tenant_id = ?').run(tenantId).changes;
      const jobStates = this.stmt('DELETE FROM job_state WHERE tenant_id = ?').run(tenantId).changes;
      const llmUsage = this.stmt('DELETE FROM llm_usage WHERE tenant_id = ?').run(tenantId).changes;
      const entities = this.stmt('DELETE FROM entities WHERE tenant_id = ?').run(tenantId).changes;
      // a purge ends what an unfinished import left behind, so it is no longer unfinished
      this.stmt('DELETE FROM import_runs WHERE tenant_id = ?').run(tenantId);
      // leftovers a crash of an older version could have left behind: rows of the tenant in the search tables
      const token = tenantSearchToken(tenantId);
      // by MATCH on the token, which FTS5 looks up: `WHERE tenant = ?` scans every tenant's rows (35 ms at 20k rows,
      // seconds at a million, in this one transaction)
      const strayMemoryText = this.stmt('DELETE FROM memory_fts WHERE memory_fts MATCH ?').run(
        `tenant : ${token}`,
      ).changes;
      this.database.memoryTextChanged(strayMemoryText);
      const strayMessageText = this.stmt('DELETE FROM message_fts WHERE message_fts MATCH ?').run(
        `tenant : ${token}`,
      ).changes;
      this.database.messageTextChanged(strayMessageText);
      let strayVectors = 0;
      let strayMessageVectors = 0;
      if (this.database.space) {
        strayVectors = this.stmt('DELETE FROM memory_vectors WHERE tenant = ?').run(tenantId).changes;
        strayMessageVectors = this.stmt('DELETE FROM message_vectors WHERE tenant = ?').run(tenantId).changes;
      }
      if (this.database.hasPreviousVectors()) {
        this.stmt(`DELETE FROM ${PREVIOUS_VECTOR_TABLE} WHERE tenant = ?`).run(tenantId);
      }
      if (this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE)) {
        this.stmt(`DELETE FROM ${PREVIOUS_MESSAGE_VECTOR_TABLE} WHERE tenant = ?`).run(tenantId);
      }
      this.stmt('DELETE FROM meta WHERE key IN (?, ?)').run(
        `${MEMORY_VECTOR_SOURCE.epochKey}${tenantId}`,
        `${MESSAGE_VECTOR_SOURCE.epochKey}${tenantId}`,
      );

      return {
        memories: memories.memories,
        associations,
        memoryVectors: memories.vectors + strayVectors,
        memoryTextRows: memories.textRows + strayMemoryText,
        channels,
        messages: messages.messages,
        messageVectors: messages.vectors + strayMessageVectors,
        messageTextRows: messages.textRows + strayMessageText,
        summaries,
        extractions,
        bulletins: bulletins + memories.bulletins,
        citations,
        jobStates,
        llmUsage,
        entities,
      };
    });
  }

  /** Up to PURGE_BATCH messages of the tenant with their full-text and vector rows; EXTRACTED_FROM goes by cascade. */
  private deleteMessageBatch(tenantId: string): { messages: number; vectors: number; textRows: number } {
    const out = { messages: 0, vectors: 0, textRows: 0 };
    const rowids = this.values<number>('SELECT rowid FROM messages WHERE tenant_id = ? LIMIT ?')
      .all(tenantId, PURGE_BATCH)
      .map((rowid) => BigInt(rowid));
    const previous = this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE);
    for (const rowid of rowids) {
      const textRows = this.stmt('DELETE FROM message_fts WHERE rowid = ?').run(rowid).changes;
      this.database.messageTextChanged(textRows);
      out.textRows += textRows;
      if (this.database.space) {
        out.vectors += this.stmt('DELETE FROM message_vectors WHERE rowid = ?').run(rowid).changes;
      }
      if (previous) {
        this.stmt(`DELETE FROM ${PREVIOUS_MESSAGE_VECTOR_TABLE} WHERE rowid = ?`).run(rowid);
      }
      out.messages += this.stmt('DELETE FROM messages WHERE rowid = ?').run(rowid).changes;
    }
    if (out.vectors > 0) {
      this.conversations.vectorsChanged(tenantId);
    }

    return out;
  }

  /**
   * Memories with their full-text and vector rows; edges, tags and citations go through ON DELETE CASCADE. A bulletin
   * citing one of them is removed too (its text states it); the cortex writes a new one.
   */
  private deleteMemories(
    tenantId: string,
    ids: string[],
    clearSupersededBy = true,
  ): { memories: number; vectors: number; textRows: number; bulletins: number } {
    const out = { memories: 0, vectors: 0, textRows: 0, bulletins: 0 };
    for (const chunk of chunks(ids, 500)) {
      const list = placeholders(chunk.length);
      out.bulletins += this.database.db
        .prepare<SqlValue[]>(
          `DELETE FROM bulletins WHERE tenant_id = ? AND id IN (SELECT bulletin_id FROM bulletin_citations WHERE memory_id IN (${list}))`,
        )
        .run(tenantId, ...chunk).changes;
      const rowids = this.database.db
        .prepare<SqlValue[], number>(`SELECT rowid FROM memories WHERE +tenant_id = ? AND id IN (${list})`)
        .pluck()
        .all(tenantId, ...chunk)
        .map((rowid) => BigInt(rowid));
      const previous = this.database.hasPreviousVectors();
      for (const rowid of rowids) {
        this.database.memoryTextChanged(1);
        out.textRows += this.stmt('DELETE FROM memory_fts WHERE rowid = ?').run(rowid).changes;
        if (this.database.space) {
          out.vectors += this.stmt('DELETE FROM memory_vectors WHERE rowid = ?').run(rowid).changes;
        }
        if (previous) {
          this.stmt(`DELETE FROM ${PREVIOUS_VECTOR_TABLE} WHERE rowid = ?`).run(rowid);
        }
      }
      if (clearSupersededBy) {
        this.database.db
          .prepare<SqlValue[]>(
            `UPDATE memories SET superseded_by = NULL WHERE tenant_id = ? AND superseded_by IN (${list})`,
          )
          .run(tenantId, ...chunk);
      }
      out.memories += this.database.db
        .prepare<SqlValue[]>(`DELETE FROM memories WHERE +tenant_id = ? AND id IN (${list})`)
        .run(tenantId, ...chunk).changes;
    }
    if (out.memories > 0) {
      this.memories.vectorsChanged(tenantId);
    }

    return out;
  }

  /** Messages matching a fixed WHERE clause, with their full-text and vector rows; EXTRACTED_FROM goes by cascade. */
  private deleteMessages(
    tenantId: string,
    where: 'tenant_id = ?' | 'tenant_id = ? AND channel_id = ?',
    params: SqlValue[],
  ): { messages: number; vectors: number; textRows: number } {
    const out = { messages: 0, vectors: 0, textRows: 0 };
    const rowids = this.values<number>(`SELECT rowid FROM messages WHERE ${where}`)
      .all(...params)
      .map((rowid) => BigInt(rowid));
    const previous = this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE);
    for (const rowid of rowids) {
      const textRows = this.stmt('DELETE FROM message_fts WHERE rowid = ?').run(rowid).changes;
      this.database.messageTextChanged(textRows);
      out.textRows += textRows;
      if (this.database.space) {
        out.vectors += this.stmt('DELETE FROM message_vectors WHERE rowid = ?').run(rowid).changes;
      }
      if (previous) {
        this.stmt(`DELETE FROM ${PREVIOUS_MESSAGE_VECTOR_TABLE} WHERE rowid = ?`).run(rowid);
      }
    }
    out.messages = this.stmt(`DELETE FROM messages WHERE ${where}`).run(...params).changes;
    if (out.vectors > 0) {
      this.conversations.vectorsChanged(tenantId);
    }

    return out;
  }

  /** Which tenant holds an id in a table with globally unique ids (null: nobody). */
  private ownerOf(table: 'memories' | 'messages' | 'summaries' | 'bulletins', id: string): string | null {
    return this.values<string>(`SELECT tenant_id FROM ${table} WHERE id = ?`).get(id) ?? null;
  }

  private write<T>(work: () => T): Promise<T> {
    return Promise.resolve(this.database.transaction(work));
  }

  private stmt<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.stmt<R>(sql);
  }

  private values<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.values<R>(sql);
  }
}
