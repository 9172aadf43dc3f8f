import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { EntityLinksOwed } from 'src/domain/memory-store.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import type { BulletinRecord } from 'src/store/bulletin-store.port';
import { NEIGHBOUR_CHARS } from 'src/store/conversation-store.port';
import { conflictFreeRounds } from 'src/store/neo4j/import-rounds';
import { toBulletin } from 'src/store/neo4j/neo4j-bulletin.store';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import {
  messageProperties,
  summaryProperties,
  toChannel,
  toMessage,
  toSummary,
} from 'src/store/neo4j/neo4j-conversation.mapping';
import {
  ALL_RELATION_TYPES,
  isZero,
  memoryLabel,
  nodeProperties,
  relationType,
  toMemory,
} from 'src/store/neo4j/neo4j-memory.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDate, toDateTime, toMap, toNumber, toOptionalNumber, toText } from 'src/store/neo4j/neo4j-values';
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

/** Nodes deleted per transaction by a tenant purge. */
const PURGE_BATCH = 5000;
/** Every label a tenant's nodes carry, with the statement purging one batch of it (a static label each). */
const TENANT_LABELS = {
  Bulletin: 'tenant/purge-tenant-bulletins',
  Memory: 'tenant/purge-tenant-memories',
  Message: 'tenant/purge-tenant-messages',
  Summary: 'tenant/purge-tenant-summaries',
  Channel: 'tenant/purge-tenant-channels',
  JobState: 'tenant/purge-tenant-job-states',
  TaskBudget: 'tenant/purge-tenant-task-budgets',
  SlotLock: 'tenant/purge-tenant-slot-locks',
  LlmUsage: 'tenant/purge-tenant-llm-usage',
  ImportRun: 'tenant/purge-tenant-import-runs',
  Entity: 'tenant/purge-tenant-entities',
} as const satisfies Record<string, Neo4jQueryName>;

const ID_OWNER_QUERIES: Readonly<Record<ImportIdKind, Neo4jQueryName>> = {
  memory: 'tenant/list-existing-memories',
  message: 'tenant/list-existing-messages',
  summary: 'tenant/list-existing-summaries',
  bulletin: 'tenant/list-existing-bulletins',
  entity: 'tenant/list-existing-entities',
  channel: 'tenant/list-existing-channels',
};

function optionalTime(date: Date | null): unknown {
  return date === null ? null : toDateTime(date);
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) {
    throw new Error(`Neo4j returned ${field} that is not a list`);
  }

  return value;
}

function byId(item: Params): string[] {
  return [String(item['id'])];
}

function countRows(rows: Row[], tenantId: string): ImportCounts {
  const counts: ImportCounts = { created: 0, existing: 0, conflicts: 0 };
  for (const row of rows) {
    const owner = row['owner'];
    if (toNumber(row['made'], 'made') > 0) {
      counts.created++;
    } else if (owner === tenantId || row['existed'] === true) {
      counts.existing++;
    } else {
      counts.conflicts++;
    }
  }

  return counts;
}

function channelProperties(c: ChannelRecord): Params {
  return {
    id: c.id,
    private: c.private,
    projectId: c.projectId,
    tokenBudget: c.tokenBudget === null ? null : int(c.tokenBudget),
    lastMessageAt: optionalTime(c.lastMessageAt),
    summaryId: c.summaryId,
    createdAt: toDateTime(c.createdAt),
    updatedAt: toDateTime(c.updatedAt),
  };
}

/** The append path's node properties, plus what an imported message brings along; `shared` is set by the statement. */
function importedMessageProperties(m: MessageRecord, vector: Float32Array | null, model: string | null): Params {
  const { shared: _shared, ...props } = messageProperties(m, m.seq, false, model === null ? null : vector, model);

  return { ...props, summaryId: m.summaryId };
}

/** The write path's node properties, plus what a memory gains after its insert (kept as exported). */
function importedMemoryProperties(
  m: ExportedMemory,
  tenantId: string,
  vector: Float32Array | null,
  model: string | null,
  owed: EntityLinksOwed | null,
): Params {
  const embedded = vector !== null && model !== null && !isZero(vector);
  const owedProps = owed ? { entitiesOwedAt: toDateTime(owed.since), entitiesOwedSlotValue: owed.slotValue } : {};

  return {
    ...owedProps,
    ...nodeProperties({ ...m, tenantId }, embedded ? vector : null),
    activeSlot: m.status === MemoryStatus.ACTIVE ? m.slot : null,
    decayScore: m.decayScore,
    fading: m.fading,
    expiredAt: optionalTime(m.expiredAt),
    lastAccessedAt: optionalTime(m.lastAccessedAt),
    accessCount: int(m.accessCount),
    supersededBy: m.supersededBy,
    validUntil: optionalTime(m.validUntil),
    embeddingModel: embedded ? model : null,
  };
}

export class Neo4jTenantDataStore implements TenantDataStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async exportChannels(tenantId: string, afterId: string | null, limit: number): Promise<ChannelRecord[]> {
    const rows = await this.read('exportChannels', 'tenant/export-channels', {
      tenantId,
      afterId: afterId ?? '',
      limit: int(limit),
    });

    return rows.map((row) => toChannel(row['channel']));
  }

  async exportSummaries(tenantId: string, afterId: string | null, limit: number): Promise<SummaryRecord[]> {
    const rows = await this.read('exportSummaries', 'tenant/export-summaries', {
      tenantId,
      afterId: afterId ?? '',
      limit: int(limit),
    });

    return rows.map((row) => toSummary(row['summary']));
  }

  async exportMessages(tenantId: string, afterId: string | null, limit: number): Promise<MessageRecord[]> {
    const rows = await this.read('exportMessages', 'tenant/export-messages', {
      tenantId,
      afterId: afterId ?? '',
      limit: int(limit),
    });

    return rows.map((row) => toMessage(row['message']));
  }

  async exportMemories(tenantId: string, afterId: string | null, limit: number): Promise<ExportedMemory[]> {
    const rows = await this.read('exportMemories', 'tenant/export-memories', {
      tenantId,
      afterId: afterId ?? '',
      limit: int(limit),
      types: [...ALL_RELATION_TYPES],
    });

    return rows.map((row): ExportedMemory => {
      const node = toMap(row['memory'], 'memory');

      return {
        ...toMemory(node),
        decayScore: toOptionalNumber(node['decayScore'], 'decayScore'),
        links: list(row['links'], 'links').map((value) => {
          const l = toMap(value, 'link');

          return {
            toId: toText(l['toId'], 'toId'),
            type: relationType(toText(l['type'], 'type')),
            weight: toNumber(l['weight'], 'weight'),
            createdAt: toDate(l['createdAt'], 'createdAt'),
          };
        }),
        extractedFrom: list(row['extractedFrom'], 'extractedFrom').map((value) => {
          const e = toMap(value, 'extraction');

          return { messageId: toText(e['messageId'], 'messageId'), createdAt: toDate(e['createdAt'], 'createdAt') };
        }),
      };
    });
  }

  async exportBulletins(tenantId: string): Promise<BulletinRecord[]> {
    const rows = await this.read('exportBulletins', 'tenant/export-bulletins', { tenantId });

    return rows.map(toBulletin);
  }

  async existingIds(tenantId: string, kind: 'memory' | 'message', ids: string[]): Promise<Set<string>> {
    const query = kind === 'memory' ? 'tenant/list-existing-memories' : 'tenant/list-existing-messages';
    const rows = await this.read('existingIds', query, { tenantId, ids });

    return new Set(rows.map((row) => toText(row['id'], 'id')));
  }

  async idOwners(tenantId: string, kind: ImportIdKind, ids: string[]): Promise<IdOwners> {
    const rows = await this.read('idOwners', ID_OWNER_QUERIES[kind], { tenantId, ids });
    const owners: IdOwners = { ours: new Set(), theirs: new Set(), channelOf: new Map() };
    for (const row of rows) {
      const id = toText(row['id'], 'id');
      owners[row['ours'] === true ? 'ours' : 'theirs'].add(id);
      if (typeof row['channelId'] === 'string') {
        owners.channelOf.set(id, row['channelId']);
      }
    }

    return owners;
  }

  async beginImport(tenantId: string, fileDigest: string, startedAt: Date): Promise<void> {
    await this.write('beginImport', 'tenant/begin-import', { tenantId, fileDigest, startedAt: toDateTime(startedAt) });
  }

  async finishImport(tenantId: string, fileDigest: string): Promise<void> {
    await this.write('finishImport', 'tenant/finish-import', { tenantId, fileDigest });
  }

  async importChannels(tenantId: string, channels: ChannelRecord[]): Promise<ImportCounts> {
    const rows = await this.writeInRounds(
      'importChannels',
      'tenant/import-channels',
      tenantId,
      channels.map(channelProperties),
      byId,
    );

    return countRows(rows, tenantId);
  }

  async importSummaries(tenantId: string, summaries: SummaryRecord[]): Promise<ImportCounts> {
    const items = summaries.map((s) => summaryProperties({ ...s, tenantId }));
    const rows = await this.writeInRounds('importSummaries', 'tenant/import-summaries', tenantId, items, byId);

    return countRows(rows, tenantId);
  }

  async importMessages(tenantId: string, messages: ImportedMessage[]): Promise<ImportCounts> {
    const model = this.connection.space?.model ?? null;
    const items = messages.map(({ message, vector }) =>
      importedMessageProperties({ ...message, tenantId }, vector, model),
    );
    const rows = await this.writeInRounds('importMessages', 'tenant/import-messages', tenantId, items, byId);

    return countRows(rows, tenantId);
  }

  async refreshChannels(tenantId: string, channelIds: string[]): Promise<void> {
    await this.write('refreshChannels', 'tenant/refresh-channels', {
      tenantId,
      channelIds,
      neighbourChars: int(NEIGHBOUR_CHARS),
    });
  }

  async importMemories(tenantId: string, memories: ImportedMemory[]): Promise<ImportCounts> {
    const model = this.connection.space?.model ?? null;
    const items = memories.map(({ memory, vector, entityLinksOwed }) => ({
      label: memoryLabel(memory.type),
      props: importedMemoryProperties(memory, tenantId, vector, model, entityLinksOwed ?? null),
    }));
    const rows = await this.writeInRounds('importMemories', 'tenant/import-memories', tenantId, items, (item) => [
      `id:${String(item.props['id'])}`,
      typeof item.props['liveFingerprint'] === 'string' ? `fingerprint:${item.props['liveFingerprint']}` : null,
      typeof item.props['activeSlot'] === 'string' ? `slot:${item.props['activeSlot']}` : null,
    ]);

    return countRows(rows, tenantId);
  }

  async importEdges(tenantId: string, edges: ImportedEdges): Promise<ImportCounts> {
    const links = edges.links.map((l) => ({
      fromId: l.fromId,
      toId: l.toId,
      type: relationType(l.type),
      weight: l.weight,
      createdAt: toDateTime(l.createdAt),
    }));
    const extractions = edges.extractions.map((e) => ({
      memoryId: e.memoryId,
      messageId: e.messageId,
      createdAt: toDateTime(e.createdAt),
    }));

    return this.connection.write('tenant-data.store#importEdges', async (tx) => {
      let created = 0;
      for (const round of conflictFreeRounds(links, (l) => [`${l.fromId} ${l.type} ${l.toId}`])) {
        const [linked] = await this.run(tx, 'tenant/import-links', { tenantId, edges: round });
        created += toOptionalNumber(linked?.['created'], 'created') ?? 0;
      }
      for (const round of conflictFreeRounds(extractions, (e) => [`${e.memoryId} ${e.messageId}`])) {
        const [extracted] = await this.run(tx, 'tenant/import-extractions', { tenantId, extractions: round });
        created += toOptionalNumber(extracted?.['created'], 'created') ?? 0;
      }

      return { created, existing: links.length + extractions.length - created, conflicts: 0 };
    });
  }

  async importBulletins(tenantId: string, bulletins: BulletinRecord[]): Promise<ImportCounts> {
    const items = bulletins.map((b) => ({
      memoryIds: [...b.memoryIds],
      props: {
        id: b.id,
        content: b.content,
        generatedAt: toDateTime(b.generatedAt),
        marker: b.marker,
        digest: b.digest,
        source: b.source,
      },
    }));
    const rows = await this.writeInRounds('importBulletins', 'tenant/import-bulletins', tenantId, items, (item) => [
      item.props.id,
    ]);

    return countRows(rows, tenantId);
  }

  purgeChannel(tenantId: string, channelId: string, withMemories: boolean): Promise<ChannelPurge> {
    return this.connection.write('tenant-data.store#purgeChannel', async (tx) => {
      const ids = withMemories
        ? (await this.run(tx, 'tenant/list-channel-only-memories', { tenantId, channelId })).map((row) =>
            toText(row['id'], 'id'),
          )
        : [];
      const removed =
        ids.length > 0 ? await this.purgeMemories(tx, tenantId, ids) : { memories: 0, bulletins: 0, vectors: 0 };
      const [row] = await this.run(tx, 'tenant/purge-channel', { tenantId, channelId });

      return {
        channels: toOptionalNumber(row?.['channels'], 'channels') ?? 0,
        messages: toOptionalNumber(row?.['messages'], 'messages') ?? 0,
        summaries: toOptionalNumber(row?.['summaries'], 'summaries') ?? 0,
        memories: removed.memories,
      };
    });
  }

  purgeSkill(tenantId: string, skillId: string): Promise<{ memories: number; bulletins: number }> {
    return this.connection.write('tenant-data.store#purgeSkill', async (tx) => {
      const ids = (await this.run(tx, 'tenant/list-skill-memories', { tenantId, skillId })).map((row) =>
        toText(row['id'], 'id'),
      );
      const removed =
        ids.length > 0 ? await this.purgeMemories(tx, tenantId, ids) : { memories: 0, bulletins: 0, vectors: 0 };

      return { memories: removed.memories, bulletins: removed.bulletins };
    });
  }

  async purgeTenant(tenantId: string): Promise<TenantPurge> {
    const [edges] = await this.read('purgeTenant', 'tenant/count-tenant-edges', {
      tenantId,
      types: [...ALL_RELATION_TYPES],
    });
    const deleted: Record<keyof typeof TENANT_LABELS, { nodes: number; vectors: number }> = {
      Bulletin: { nodes: 0, vectors: 0 },
      Memory: { nodes: 0, vectors: 0 },
      Message: { nodes: 0, vectors: 0 },
      Summary: { nodes: 0, vectors: 0 },
      Channel: { nodes: 0, vectors: 0 },
      JobState: { nodes: 0, vectors: 0 },
      TaskBudget: { nodes: 0, vectors: 0 },
      SlotLock: { nodes: 0, vectors: 0 },
      LlmUsage: { nodes: 0, vectors: 0 },
      ImportRun: { nodes: 0, vectors: 0 },
      Entity: { nodes: 0, vectors: 0 },
    };
    for (const [label, query] of Object.entries(TENANT_LABELS) as [keyof typeof TENANT_LABELS, Neo4jQueryName][]) {
      for (;;) {
        const [row] = await this.write('purgeTenant', query, { tenantId, limit: int(PURGE_BATCH) });
        const nodes = toOptionalNumber(row?.['deleted'], 'deleted') ?? 0;
        deleted[label].nodes += nodes;
        deleted[label].vectors += toOptionalNumber(row?.['vectors'], 'vectors') ?? 0;
        if (nodes < PURGE_BATCH) {
          break;
        }
      }
    }

    return {
      memories: deleted.Memory.nodes,
      associations: toOptionalNumber(edges?.['associations'], 'associations') ?? 0,
      memoryVectors: deleted.Memory.vectors,
      // the full-text indexes hold every memory and message node
      memoryTextRows: deleted.Memory.nodes,
      channels: deleted.Channel.nodes,
      messages: deleted.Message.nodes,
      messageVectors: deleted.Message.vectors,
      messageTextRows: deleted.Message.nodes,
      summaries: deleted.Summary.nodes,
      extractions: toOptionalNumber(edges?.['extractions'], 'extractions') ?? 0,
      bulletins: deleted.Bulletin.nodes,
      citations: toOptionalNumber(edges?.['citations'], 'citations') ?? 0,
      jobStates: deleted.JobState.nodes + deleted.TaskBudget.nodes,
      llmUsage: deleted.LlmUsage.nodes,
      entities: deleted.Entity.nodes,
    };
  }

  private async purgeMemories(
    tx: ManagedTransaction,
    tenantId: string,
    ids: string[],
  ): Promise<{ memories: number; bulletins: number; vectors: number }> {
    const [row] = await this.run(tx, 'tenant/purge-memories', { tenantId, ids });

    return {
      memories: toOptionalNumber(row?.['memories'], 'memories') ?? 0,
      bulletins: toOptionalNumber(row?.['bulletins'], 'bulletins') ?? 0,
      vectors: toOptionalNumber(row?.['vectors'], 'vectors') ?? 0,
    };
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }

  private read(source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.read(`tenant-data.store#${source}`, (tx) => this.run(tx, name, params));
  }

  /** One import statement per conflict-free round (see conflictFreeRounds), all in one transaction. */
  private writeInRounds<T>(
    source: string,
    name: Neo4jQueryName,
    tenantId: string,
    items: T[],
    keysOf: (item: T) => readonly (string | null)[],
  ): Promise<Row[]> {
    return this.connection.write(`tenant-data.store#${source}`, async (tx) => {
      const rows: Row[] = [];
      for (const round of conflictFreeRounds(items, keysOf)) {
        rows.push(...(await this.run(tx, name, { tenantId, items: round })));
      }

      return rows;
    });
  }

  private write(source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.write(`tenant-data.store#${source}`, (tx) => this.run(tx, name, params));
  }
}
