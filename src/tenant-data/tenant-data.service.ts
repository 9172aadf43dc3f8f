import { Inject, Injectable, Optional } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { assertKey } from 'src/common/validation';
import { assertChannelId } from 'src/conversation/conversation-input';
import { memoryEmbeddingText, messageEmbeddingText } from 'src/embedding/embedding-text';
import { embedBatchesForStorage } from 'src/embedding/embed-safely';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { JOB_QUEUE } from 'src/jobs/job.types';
import type { JobQueue } from 'src/jobs/job.types';
import { TENANT_DATA_STORE } from 'src/store/tenant-data.port';
import type {
  ChannelPurge,
  ExportedMemory,
  ImportCounts,
  ImportedEdges,
  TenantDataStore,
  TenantPurge,
} from 'src/store/tenant-data.port';
import {
  bulletinLine,
  channelLine,
  headerLine,
  memoryLine,
  messageLine,
  parseExportLine,
  summaryLine,
} from 'src/tenant-data/tenant-export.format';
import type { ExportRecord } from 'src/tenant-data/tenant-export.format';

const PAGE = 500;
const BATCH = 200;
const EMBED_BATCH = 64;
const EDGE_BATCH = 5000;

type RecordOf<K extends ExportRecord['kind']> = Extract<ExportRecord, { kind: K }>;

export interface ImportReport {
  channels: ImportCounts;
  summaries: ImportCounts;
  messages: ImportCounts;
  memories: ImportCounts;
  edges: ImportCounts;
  bulletins: ImportCounts;
  /** Every vector is computed again by the importing service's model, whatever model the export came from. */
  embeddingModel: string;
  /** Memories and messages stored without a vector because the embedder was unavailable (found by full text). */
  unembedded: number;
}

function emptyCounts(): ImportCounts {
  return { created: 0, existing: 0, conflicts: 0 };
}

function add(total: ImportCounts, more: ImportCounts): void {
  total.created += more.created;
  total.existing += more.existing;
  total.conflicts += more.conflicts;
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }

  return out;
}

/**
 * Export, import and purge of one tenant's data (data portability, data-protection requests). The CLI and the REST
 * endpoints both call this service: the tenant comes from `--tenant` or from the API key.
 */
@Injectable()
export class TenantDataService {
  constructor(
    @Inject(TENANT_DATA_STORE) private readonly store: TenantDataStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    /** The job queue, so a purge also drops the tenant's queued jobs (the CLI passes one when REDIS_URL is set). */
    @Optional() @Inject(JOB_QUEUE) private readonly jobs: JobQueue | null = null,
  ) {}

  /** The tenant as NDJSON lines (without line breaks), header first; read page by page, never all at once. */
  async *exportLines(tenantId: string, now = new Date()): AsyncGenerator<string> {
    yield headerLine(tenantId, now, this.embedder.model);
    yield* this.pages((after) => this.store.exportChannels(tenantId, after, PAGE), channelLine);
    yield* this.pages((after) => this.store.exportSummaries(tenantId, after, PAGE), summaryLine);
    yield* this.pages((after) => this.store.exportMessages(tenantId, after, PAGE), messageLine);
    yield* this.pages((after) => this.store.exportMemories(tenantId, after, PAGE), memoryLine);
    for (const bulletin of await this.store.exportBulletins(tenantId)) {
      yield bulletinLine(bulletin);
    }
  }

  /** Whether the store holds anything of the tenant (reads at most one page). */
  async hasData(tenantId: string): Promise<boolean> {
    let lines = 0;
    for await (const _line of this.exportLines(tenantId)) {
      if (++lines > 1) {
        return true;
      }
    }

    return false;
  }

  private async *pages<T extends { id: string }>(
    read: (afterId: string | null) => Promise<T[]>,
    line: (item: T) => string,
  ): AsyncGenerator<string> {
    let after: string | null = null;
    for (;;) {
      const page = await read(after);
      for (const item of page) {
        yield line(item);
      }
      const last = page.at(-1);
      if (page.length < PAGE || last === undefined) {
        return;
      }
      after = last.id;
    }
  }

  /**
   * Imports an export file into `tenantId`, keeping every id and time. The whole file is checked before anything is
   * written (a bad line is BAD_USER_INPUT and writes nothing); ids the tenant already has are left as they are, so a
   * second import of the same file changes nothing. Vectors are always recomputed with this service's model.
   */
  async importLines(tenantId: string, lines: AsyncIterable<string> | Iterable<string>): Promise<ImportReport> {
    const byKind = await this.parseAll(lines);
    const report: ImportReport = {
      channels: emptyCounts(),
      summaries: emptyCounts(),
      messages: emptyCounts(),
      memories: emptyCounts(),
      edges: emptyCounts(),
      bulletins: emptyCounts(),
      embeddingModel: this.embedder.model,
      unembedded: 0,
    };
    // summaries first: a channel keeps its current summary only when that summary is the tenant's
    for (const batch of batches(byKind.summary, BATCH)) {
      add(report.summaries, await this.store.importSummaries(tenantId, batch.map((s) => ({ ...s, tenantId }))));
    }
    for (const batch of batches(byKind.channel, BATCH)) {
      add(report.channels, await this.store.importChannels(tenantId, batch.map((c) => ({ ...c, tenantId }))));
    }
    for (const batch of batches(byKind.message, BATCH)) {
      // ids the store holds are not written, nor embedded
      const known = await this.store.existingIds(tenantId, 'message', batch.map((m) => m.id));
      const { vectors, unembedded } = await this.embedNew(batch, known, (m) => messageEmbeddingText(m.speaker, m.content));
      report.unembedded += unembedded;
      const messages = batch.map((m, i) => ({ message: { ...m, tenantId }, vector: vectors[i] ?? null }));
      add(report.messages, await this.store.importMessages(tenantId, messages));
    }
    await this.store.refreshChannels(tenantId, [...new Set(byKind.message.map((m) => m.channelId))]);
    const edges: ImportedEdges = { links: [], extractions: [] };
    for (const batch of batches(byKind.memory, BATCH)) {
      const known = await this.store.existingIds(tenantId, 'memory', batch.map((m) => m.id));
      const { vectors, unembedded } = await this.embedNew(batch, known, (m) => memoryEmbeddingText(m.content));
      report.unembedded += unembedded;
      const memories = batch.map((m, i) => {
        const { links, extractedFrom, kind: _kind, ...fields } = m;
        edges.links.push(...links.map((l) => ({ ...l, fromId: m.id })));
        edges.extractions.push(...extractedFrom.map((e) => ({ ...e, memoryId: m.id })));
        const vector = vectors[i] ?? null;
        const memory: ExportedMemory = {
          ...fields,
          tenantId,
          links: [],
          extractedFrom: [],
          embeddingModel: vector ? this.embedder.model : null,
        };

        return { memory, vector };
      });
      add(report.memories, await this.store.importMemories(tenantId, memories));
    }
    for (const links of batches(edges.links, EDGE_BATCH)) {
      add(report.edges, await this.store.importEdges(tenantId, { links, extractions: [] }));
    }
    for (const extractions of batches(edges.extractions, EDGE_BATCH)) {
      add(report.edges, await this.store.importEdges(tenantId, { links: [], extractions }));
    }
    if (byKind.bulletin.length > 0) {
      const bulletins = byKind.bulletin.map(({ kind: _kind, ...b }) => ({ ...b, tenantId }));
      add(report.bulletins, await this.store.importBulletins(tenantId, bulletins));
    }

    return report;
  }

  private async parseAll(lines: AsyncIterable<string> | Iterable<string>): Promise<{
    channel: Omit<RecordOf<'channel'>, 'kind'>[];
    summary: Omit<RecordOf<'summary'>, 'kind'>[];
    message: Omit<RecordOf<'message'>, 'kind'>[];
    memory: RecordOf<'memory'>[];
    bulletin: RecordOf<'bulletin'>[];
  }> {
    const out = {
      channel: [] as Omit<RecordOf<'channel'>, 'kind'>[],
      summary: [] as Omit<RecordOf<'summary'>, 'kind'>[],
      message: [] as Omit<RecordOf<'message'>, 'kind'>[],
      memory: [] as RecordOf<'memory'>[],
      bulletin: [] as RecordOf<'bulletin'>[],
    };
    let lineNumber = 0;
    let sawHeader = false;
    for await (const raw of lines) {
      lineNumber++;
      const line = raw.trim();
      if (line.length === 0) {
        continue;
      }
      const record = parseExportLine(line, lineNumber);
      if (!sawHeader && record.kind !== 'header') {
        throw new BadInputError(`line ${lineNumber}: an export file starts with its header line`);
      }
      switch (record.kind) {
        case 'header':
          if (sawHeader) {
            throw new BadInputError(`line ${lineNumber}: a second header`);
          }
          sawHeader = true;
          break;
        case 'channel': {
          const { kind: _kind, ...channel } = record;
          out.channel.push(channel);
          break;
        }
        case 'summary': {
          const { kind: _kind, ...summary } = record;
          out.summary.push(summary);
          break;
        }
        case 'message': {
          const { kind: _kind, ...message } = record;
          out.message.push(message);
          break;
        }
        case 'memory':
          out.memory.push(record);
          break;
        case 'bulletin':
          out.bulletin.push(record);
          break;
      }
    }
    if (!sawHeader) {
      throw new BadInputError('the export file is empty');
    }

    return out;
  }

  /**
   * Vectors for the items whose id the store does not hold yet (null for the others), in item order, and how many of
   * those new items got none (the embedder was unavailable).
   */
  private async embedNew<T extends { id: string }>(
    items: T[],
    known: Set<string>,
    text: (item: T) => string,
  ): Promise<{ vectors: (Float32Array | null)[]; unembedded: number }> {
    const fresh = items.filter((item) => !known.has(item.id));
    const vectors = await embedBatchesForStorage(this.embedder, fresh.map(text), EMBED_BATCH);
    const byId = new Map(fresh.map((item, i): [string, Float32Array | null] => [item.id, vectors[i] ?? null]));

    return {
      vectors: items.map((item) => byId.get(item.id) ?? null),
      unembedded: fresh.filter((item) => byId.get(item.id) === null).length,
    };
  }


  /** Everything of the tenant, its queued jobs included (before, so none runs on half-purged data, and after). */
  async purgeTenant(tenantId: string): Promise<TenantPurge & { jobs: number }> {
    let jobs = (await this.jobs?.removeTenantJobs(tenantId)) ?? 0;
    const purged = await this.store.purgeTenant(tenantId);
    jobs += (await this.jobs?.removeTenantJobs(tenantId)) ?? 0;

    return { ...purged, jobs };
  }

  /** Deletes a channel for good (NOT_FOUND when the tenant has none by that id). */
  async deleteChannel(tenantId: string, channelId: string, withMemories: boolean): Promise<ChannelPurge> {
    const id = assertChannelId(channelId);
    const purged = await this.store.purgeChannel(tenantId, id, withMemories);
    if (purged.channels === 0) {
      throw new NotFoundError('channel', id);
    }

    return purged;
  }

  purgeSkill(tenantId: string, skillId: string): Promise<{ memories: number; bulletins: number }> {
    return this.store.purgeSkill(tenantId, assertKey(skillId, 'skillId'));
  }
}
