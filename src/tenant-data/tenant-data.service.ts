import { createHash } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { eventLoopSlicer, yieldToEventLoop } from 'src/common/event-loop';
import { assertKey } from 'src/common/validation';
import { DEFAULT_MAX_CONTENT_BYTES } from 'src/config/config';
import { assertChannelId } from 'src/conversation/conversation-input';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { MemoryStatus } from 'src/domain/memory.enums';
import { embedBatchesForStorage } from 'src/embedding/embed-safely';
import { memoryEmbeddingText, messageEmbeddingText } from 'src/embedding/embedding-text';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { slotValueIn } from 'src/language/slots';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore, ExportedEntity } from 'src/store/entity-store.port';
import { TENANT_DATA_STORE } from 'src/store/tenant-data.port';
import type {
  ChannelPurge,
  ExportedMemory,
  ImportCounts,
  ImportedEdges,
  ImportIdKind,
  TenantDataStore,
  TenantPurge,
} from 'src/store/tenant-data.port';
import {
  screenBulletinLine,
  screenChannelLine,
  screenEntityLine,
  screenMemoryLine,
  screenMessageLine,
  screenSummaryLine,
} from 'src/tenant-data/import-screen';
import type { ImportScreenOptions } from 'src/tenant-data/import-screen';
import {
  bulletinLine,
  channelLine,
  entityLine,
  headerLine,
  memoryLine,
  messageLine,
  parseExportLine,
  summaryLine,
} from 'src/tenant-data/tenant-export.format';
import type { ExportRecord } from 'src/tenant-data/tenant-export.format';

// Bulk work runs in small batches with the event loop free between them (SQLite works synchronously): a 10k-memory
// import, export or purge held /healthz for seconds in batches of 200-5000.
const PAGE = 100;
const ID_LOOKUP_BATCH = 200;
const BATCH = 25;
const EMBED_BATCH = 64;
const EDGE_BATCH = 1000;

type RecordOf<K extends ExportRecord['kind']> = Extract<ExportRecord, { kind: K }>;

interface Lined<T> {
  line: number;
  record: T;
}

/** The records of an export file by kind, each with its line number, and the file's SHA-256. */
interface ImportFile {
  digest: string;
  channel: Lined<RecordOf<'channel'>>[];
  summary: Lined<RecordOf<'summary'>>[];
  message: Lined<RecordOf<'message'>>[];
  memory: Lined<RecordOf<'memory'>>[];
  entity: Lined<RecordOf<'entity'>>[];
  bulletin: Lined<RecordOf<'bulletin'>>[];
}

/**
 * The id an imported record gets when another tenant holds its own: a UUID derived from the tenant and the file's id,
 * so importing the same file again finds it (and doubles nothing).
 */
export function scopedId(tenantId: string, id: string): string {
  const hex = createHash('sha256').update(`engram-import\u0000${tenantId}\u0000${id}`).digest('hex');

  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A summary is referred to only from its own channel (the channel's current summary, a summary's predecessor, the
 * summary a message was compacted into), as the live API writes them: a message of channel Y compacted into a summary
 * of channel X once made `check` report a dangling SUMMARIZES edge for good.
 */
function assertSummariesInChannel(file: ImportFile, summaryChannel: ReadonlyMap<string, string>): void {
  const uses = [
    ...file.channel.map(({ line, record }) => ({
      line,
      field: 'summaryId',
      id: record.summaryId,
      channelId: record.id,
    })),
    ...file.summary.map(({ line, record }) => ({
      line,
      field: 'previousId',
      id: record.previousId,
      channelId: record.channelId,
    })),
    ...file.message.map(({ line, record }) => ({
      line,
      field: 'summaryId',
      id: record.summaryId,
      channelId: record.channelId,
    })),
  ];
  const stray = uses.find((use) => use.id !== null && summaryChannel.get(use.id) !== use.channelId);
  if (stray) {
    throw new BadInputError(
      `line ${stray.line}: ${stray.field} ${JSON.stringify(stray.id)} names a summary of another channel than ${JSON.stringify(stray.channelId)}`,
    );
  }
}

/** The kinds of record whose ids an import may replace (channel ids are the client's own keys, per tenant). */
export type RenamedIdKind = Exclude<ImportIdKind, 'channel'>;

/** An id of the file replaced by one of the tenant's own (see importLines). */
export interface RenamedId {
  kind: RenamedIdKind;
  from: string;
  to: string;
}

/** How an import treats ids. */
export interface ImportOptions extends ImportScreenOptions {
  /**
   * Keep every id of the file that no other tenant holds (the operator's CLI, which sees every tenant anyway, e.g. a
   * restore into a fresh store). Otherwise (REST) every id the tenant does not hold yet is replaced, whoever holds it.
   */
  keepIds: boolean;
}

export interface ImportReport {
  channels: ImportCounts;
  summaries: ImportCounts;
  messages: ImportCounts;
  memories: ImportCounts;
  /** Edges between memories: what `check` counts as associations. */
  associations: ImportCounts;
  /** EXTRACTED_FROM edges from memories to the messages they were learned from. */
  extractions: ImportCounts;
  /** Entity nodes (with their mentions and merges); one whose kind and name the tenant holds already is a conflict. */
  entities: ImportCounts;
  bulletins: ImportCounts;
  /** Every vector is computed again by the importing service's model, whatever model the export came from. */
  embeddingModel: string;
  /** Memories and messages stored without a vector because the embedder was unavailable (found by full text). */
  unembedded: number;
  /** Every record id of the file that was replaced, with its replacement (references to it were replaced alike). */
  renamedIds: RenamedId[];
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
    @Inject(ENTITY_STORE) private readonly entities: EntityStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    /** The job queue, so a purge also drops the tenant's queued jobs (the CLI passes one when REDIS_URL is set). */
    @Optional() @Inject(JOB_QUEUE) private readonly jobs: JobQueue | null = null,
    /** In the service, imported memories get their entity links at once; the CLI leaves them owed to the service. */
    @Optional() @Inject(OwedEntityLinks) private readonly owedLinks: OwedEntityLinks | null = null,
  ) {}

  /** The tenant as NDJSON lines (without line breaks), header first; read page by page, never all at once. */
  async *exportLines(tenantId: string, now = new Date()): AsyncGenerator<string> {
    yield headerLine(tenantId, now, this.embedder.model);
    yield* this.pages((after) => this.store.exportChannels(tenantId, after, PAGE), channelLine);
    yield* this.pages((after) => this.store.exportSummaries(tenantId, after, PAGE), summaryLine);
    yield* this.pages((after) => this.store.exportMessages(tenantId, after, PAGE), messageLine);
    yield* this.pages((after) => this.store.exportMemories(tenantId, after, PAGE), memoryLine);
    for (const entity of await this.entities.exportEntities(tenantId)) {
      yield entityLine(entity);
    }
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
      // a page is read synchronously on SQLite: let other requests in before the next
      await yieldToEventLoop();
    }
  }

  /**
   * Imports an export file into `tenantId`, keeping every time. Nothing is written before the whole file has passed:
   * its format, the write path's screening of every record (see import-screen), and its references (each must name a
   * record of the file or of the tenant). Ids the tenant already has are left as they are, so a second import of the
   * same file changes nothing. Any other memory, message, summary or bulletin id is replaced by one of the tenant's
   * own (scopedId, listed in `renamedIds`), whether or not another tenant holds it: ids are unique in the whole store,
   * and replacing only the ids another tenant holds would tell the importer which ones exist. With `keepIds` (the
   * operator's CLI) only those are replaced. Vectors are always recomputed with this service's model.
   */
  async importLines(
    tenantId: string,
    lines: AsyncIterable<string> | Iterable<string>,
    options: Partial<ImportOptions> = {},
  ): Promise<ImportReport> {
    const screen = {
      maxContentBytes: options.maxContentBytes ?? DEFAULT_MAX_CONTENT_BYTES,
      trusted: options.trusted ?? false,
    };
    const file = await this.screenAll(await this.parseAll(lines), screen);
    // references first, as the file names them (an id the tenant holds is never replaced)
    await this.checkReferences(tenantId, file);
    const renamedIds = await this.scopeIds(tenantId, file, options.keepIds ?? false);
    const byKind = {
      channel: file.channel.map((c) => c.record),
      summary: file.summary.map((c) => c.record),
      message: file.message.map((c) => c.record),
      memory: file.memory.map((c) => c.record),
      entity: file.entity.map((c) => c.record),
      bulletin: file.bulletin.map((c) => c.record),
    };
    const report: ImportReport = {
      channels: emptyCounts(),
      summaries: emptyCounts(),
      messages: emptyCounts(),
      memories: emptyCounts(),
      associations: emptyCounts(),
      extractions: emptyCounts(),
      entities: emptyCounts(),
      bulletins: emptyCounts(),
      embeddingModel: this.embedder.model,
      unembedded: 0,
      renamedIds,
    };
    // from here on the import writes in many transactions: marked until its end, so `check` reports one that stopped
    await this.store.beginImport(tenantId, file.digest, new Date());
    // summaries first: a channel keeps its current summary only when that summary is the tenant's
    for (const batch of batches(byKind.summary, BATCH)) {
      add(
        report.summaries,
        await this.store.importSummaries(
          tenantId,
          batch.map(({ kind: _kind, ...s }) => ({ ...s, tenantId })),
        ),
      );
      await yieldToEventLoop();
    }
    for (const batch of batches(byKind.channel, BATCH)) {
      add(
        report.channels,
        await this.store.importChannels(
          tenantId,
          batch.map(({ kind: _kind, ...c }) => ({ ...c, tenantId })),
        ),
      );
      await yieldToEventLoop();
    }
    for (const batch of batches(byKind.message, BATCH)) {
      // ids the store holds are not written, nor embedded
      const known = await this.store.existingIds(
        tenantId,
        'message',
        batch.map((m) => m.id),
      );
      const { vectors, unembedded } = await this.embedNew(batch, known, (m) =>
        messageEmbeddingText(m.speaker, m.content),
      );
      report.unembedded += unembedded;
      const messages = batch.map(({ kind: _kind, ...m }, i) => ({
        message: { ...m, tenantId },
        vector: vectors[i] ?? null,
      }));
      add(report.messages, await this.store.importMessages(tenantId, messages));
      await yieldToEventLoop();
    }
    for (const channelIds of batches([...new Set(byKind.message.map((m) => m.channelId))], 10)) {
      await this.store.refreshChannels(tenantId, channelIds);
      await yieldToEventLoop();
    }
    const edges: ImportedEdges = { links: [], extractions: [] };
    const importedAt = new Date();
    for (const batch of batches(byKind.memory, BATCH)) {
      const known = await this.store.existingIds(
        tenantId,
        'memory',
        batch.map((m) => m.id),
      );
      const { vectors, unembedded } = await this.embedNew(batch, known, (m) => memoryEmbeddingText(m.content));
      report.unembedded += unembedded;
      const memories = batch.map((m, i) => {
        const { links, extractedFrom, kind: _kind, ...fields } = m;
        edges.links.push(...links.map((l) => ({ ...l, fromId: m.id })));
        edges.extractions.push(...extractedFrom.map((e) => ({ ...e, memoryId: m.id })));
        const vector = vectors[i] ?? null;
        const memory: ExportedMemory = {
          ...fields,
          validUntil: fields.validUntil ?? retiredUntil(fields),
          tenantId,
          links: [],
          extractedFrom: [],
          embeddingModel: vector ? this.embedder.model : null,
        };

        const entityLinksOwed =
          memory.status === MemoryStatus.ACTIVE
            ? { since: importedAt, slotValue: memory.slot === null ? null : slotValueIn(memory.content, memory.slot) }
            : null;

        return { memory, vector, entityLinksOwed };
      });
      add(report.memories, await this.store.importMemories(tenantId, memories));
      await yieldToEventLoop();
    }
    for (const links of batches(edges.links, EDGE_BATCH)) {
      add(report.associations, await this.store.importEdges(tenantId, { links, extractions: [] }));
      await yieldToEventLoop();
    }
    for (const extractions of batches(edges.extractions, EDGE_BATCH)) {
      add(report.extractions, await this.store.importEdges(tenantId, { links: [], extractions }));
      await yieldToEventLoop();
    }
    if (byKind.entity.length > 0) {
      const entities: ExportedEntity[] = byKind.entity.map(({ kind: _kind, entityKind, ...e }) => ({
        ...e,
        kind: entityKind,
        tenantId,
        rootId: e.id,
      }));
      add(report.entities, await this.entities.importEntities(tenantId, entities));
    }
    if (byKind.bulletin.length > 0) {
      const bulletins = byKind.bulletin.map(({ kind: _kind, ...b }) => ({ ...b, tenantId }));
      add(report.bulletins, await this.store.importBulletins(tenantId, bulletins));
    }
    await this.store.finishImport(tenantId, file.digest);
    if (report.memories.created > 0) {
      void this.owedLinks?.linkOwed(new Date());
    }

    return report;
  }

  private async parseAll(lines: AsyncIterable<string> | Iterable<string>): Promise<ImportFile> {
    const out: ImportFile = {
      digest: '',
      channel: [],
      summary: [],
      message: [],
      memory: [],
      entity: [],
      bulletin: [],
    };
    const digest = createHash('sha256');
    const slice = eventLoopSlicer();
    let lineNumber = 0;
    let sawHeader = false;
    for await (const raw of lines) {
      lineNumber++;
      digest.update(raw).update('\n');
      await slice();
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
        case 'channel':
          out.channel.push({ line: lineNumber, record });
          break;
        case 'summary':
          out.summary.push({ line: lineNumber, record });
          break;
        case 'message':
          out.message.push({ line: lineNumber, record });
          break;
        case 'memory':
          out.memory.push({ line: lineNumber, record });
          break;
        case 'entity':
          out.entity.push({ line: lineNumber, record });
          break;
        case 'bulletin':
          out.bulletin.push({ line: lineNumber, record });
          break;
      }
    }
    if (!sawHeader) {
      throw new BadInputError('the export file is empty');
    }
    out.digest = digest.digest('hex');

    return out;
  }

  /** Every record through the write path's checks (import-screen), a batch at a time so others get the event loop. */
  private async screenAll(file: ImportFile, options: ImportScreenOptions): Promise<ImportFile> {
    const slice = eventLoopSlicer();
    const each = async <T>(items: Lined<T>[], screen: (record: T, line: number) => T): Promise<Lined<T>[]> => {
      const out: Lined<T>[] = [];
      for (const { line, record } of items) {
        out.push({ line, record: screen(record, line) });
        await slice();
      }

      return out;
    };

    return {
      digest: file.digest,
      channel: await each(file.channel, (r, line) => screenChannelLine(r, line)),
      summary: await each(file.summary, (r, line) => screenSummaryLine(r, line, options)),
      message: await each(file.message, (r, line) => screenMessageLine(r, line, options)),
      memory: await each(file.memory, (r, line) => screenMemoryLine(r, line, options)),
      entity: await each(file.entity, (r, line) => screenEntityLine(r, line)),
      bulletin: await each(file.bulletin, (r, line) => screenBulletinLine(r, line, options)),
    };
  }

  /**
   * Ids of the file the tenant does not hold (with `keepIds`: those another tenant holds) get ids of the tenant's own,
   * in the records and in every reference; returns what was replaced.
   */
  private async scopeIds(tenantId: string, file: ImportFile, keepIds: boolean): Promise<RenamedId[]> {
    const replaced = async (kind: RenamedIdKind, ids: string[]): Promise<Set<string>> => {
      const out = new Set<string>();
      for (const chunk of batches([...new Set(ids)], ID_LOOKUP_BATCH)) {
        const owners = await this.store.idOwners(tenantId, kind, chunk);
        for (const id of keepIds ? owners.theirs : chunk.filter((id) => !owners.ours.has(id))) {
          out.add(id);
        }
        await yieldToEventLoop();
      }

      return out;
    };
    const remap: Record<RenamedIdKind, Set<string>> = {
      memory: await replaced(
        'memory',
        file.memory.map((m) => m.record.id),
      ),
      message: await replaced(
        'message',
        file.message.map((m) => m.record.id),
      ),
      summary: await replaced(
        'summary',
        file.summary.map((s) => s.record.id),
      ),
      bulletin: await replaced(
        'bulletin',
        file.bulletin.map((b) => b.record.id),
      ),
      entity: await replaced(
        'entity',
        file.entity.map((e) => e.record.id),
      ),
    };
    // a hash per id, and a rewrite per record: tens of thousands of them, in slices
    const slice = eventLoopSlicer();
    const renamed: RenamedId[] = [];
    const to = new Map<string, string>();
    for (const kind of Object.keys(remap) as RenamedIdKind[]) {
      for (const from of remap[kind]) {
        const scoped = scopedId(tenantId, from);
        renamed.push({ kind, from, to: scoped });
        to.set(`${kind}\u0000${from}`, scoped);
        await slice();
      }
    }
    if (renamed.length === 0) {
      return renamed;
    }
    const id =
      (kind: RenamedIdKind) =>
      (value: string): string =>
        to.get(`${kind}\u0000${value}`) ?? value;
    const optional =
      (kind: RenamedIdKind) =>
      (value: string | null): string | null =>
        value === null ? null : id(kind)(value);
    for (const c of file.channel) {
      c.record = { ...c.record, summaryId: optional('summary')(c.record.summaryId) };
      await slice();
    }
    for (const s of file.summary) {
      s.record = { ...s.record, id: id('summary')(s.record.id), previousId: optional('summary')(s.record.previousId) };
      await slice();
    }
    for (const m of file.message) {
      m.record = { ...m.record, id: id('message')(m.record.id), summaryId: optional('summary')(m.record.summaryId) };
      await slice();
    }
    for (const m of file.memory) {
      const r = m.record;
      m.record = {
        ...r,
        id: id('memory')(r.id),
        supersededBy: optional('memory')(r.supersededBy),
        source: { ...r.source, messageId: optional('message')(r.source.messageId) },
        links: r.links.map((l) => ({ ...l, toId: id('memory')(l.toId) })),
        extractedFrom: r.extractedFrom.map((e) => ({ ...e, messageId: id('message')(e.messageId) })),
      };
      await slice();
    }
    for (const e of file.entity) {
      const r = e.record;
      e.record = {
        ...r,
        id: id('entity')(r.id),
        mergedInto: optional('entity')(r.mergedInto),
        mentions: r.mentions.map((m) => ({ ...m, memoryId: id('memory')(m.memoryId) })),
      };
      await slice();
    }
    for (const b of file.bulletin) {
      b.record = { ...b.record, id: id('bulletin')(b.record.id), memoryIds: b.record.memoryIds.map(id('memory')) };
      await slice();
    }

    return renamed;
  }

  /**
   * Every reference names a record of the file or of the tenant; the first that does not is BAD_USER_INPUT with its
   * line. (One that names another tenant's record reads the same as one that names nothing.)
   */
  private async checkReferences(tenantId: string, file: ImportFile): Promise<void> {
    const inFile: Record<ImportIdKind, Set<string>> = {
      channel: new Set(file.channel.map((c) => c.record.id)),
      summary: new Set(file.summary.map((s) => s.record.id)),
      message: new Set(file.message.map((m) => m.record.id)),
      memory: new Set(file.memory.map((m) => m.record.id)),
      bulletin: new Set(file.bulletin.map((b) => b.record.id)),
      entity: new Set(file.entity.map((e) => e.record.id)),
    };
    const refs: { line: number; field: string; kind: ImportIdKind; id: string }[] = [];
    const ref = (line: number, field: string, kind: ImportIdKind, id: string | null): void => {
      if (id !== null && !inFile[kind].has(id)) {
        refs.push({ line, field, kind, id });
      }
    };
    for (const { line, record } of file.channel) {
      ref(line, 'summaryId', 'summary', record.summaryId);
    }
    for (const { line, record } of file.summary) {
      ref(line, 'channelId', 'channel', record.channelId);
      ref(line, 'previousId', 'summary', record.previousId);
    }
    for (const { line, record } of file.message) {
      ref(line, 'channelId', 'channel', record.channelId);
      ref(line, 'summaryId', 'summary', record.summaryId);
    }
    for (const { line, record } of file.memory) {
      ref(line, 'supersededBy', 'memory', record.supersededBy);
      record.links.forEach((l, i) => ref(line, `links.${i}.toId`, 'memory', l.toId));
      record.extractedFrom.forEach((e, i) => ref(line, `extractedFrom.${i}.messageId`, 'message', e.messageId));
    }
    for (const { line, record } of file.entity) {
      ref(line, 'mergedInto', 'entity', record.mergedInto);
      record.mentions.forEach((m, i) => ref(line, `mentions.${i}.memoryId`, 'memory', m.memoryId));
    }
    for (const { line, record } of file.bulletin) {
      record.memoryIds.forEach((memoryId, i) => ref(line, `memoryIds.${i}`, 'memory', memoryId));
    }
    const kinds = [...new Set(refs.map((r) => r.kind))];
    const ours = new Map<ImportIdKind, Set<string>>();
    const summaryChannel = new Map(file.summary.map((s): [string, string] => [s.record.id, s.record.channelId]));
    for (const kind of kinds) {
      const found = new Set<string>();
      const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
      for (const chunk of batches(ids, ID_LOOKUP_BATCH)) {
        const owners = await this.store.idOwners(tenantId, kind, chunk);
        for (const id of owners.ours) {
          found.add(id);
        }
        for (const [id, channelId] of owners.channelOf) {
          summaryChannel.set(id, channelId);
        }
        await yieldToEventLoop();
      }
      ours.set(kind, found);
    }
    const dangling = refs.find((r) => !ours.get(r.kind)?.has(r.id));
    if (dangling) {
      throw new BadInputError(
        `line ${dangling.line}: ${dangling.field} ${JSON.stringify(dangling.id)} names no ${dangling.kind} of this file or of your tenant`,
      );
    }
    assertSummariesInChannel(file, summaryChannel);
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

/** A memory retired in a file written before validity in time stopped holding when it was retired (updatedAt). */
function retiredUntil(m: { status: MemoryStatus; occurredAt: Date; updatedAt: Date }): Date | null {
  return m.status === MemoryStatus.SUPERSEDED
    ? new Date(Math.max(m.occurredAt.getTime(), m.updatedAt.getTime()))
    : null;
}
