import { Inject, Injectable } from '@nestjs/common';

import { BadInputError } from 'src/common/errors';
import { eventLoopSlicer, yieldToEventLoop } from 'src/common/event-loop';
import { assertKey, assertUnit } from 'src/common/validation';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { BatchItemError, MEMORY_STORE, TaskBudgetExceededError } from 'src/domain/memory-store.port';
import type { InsertMemoryCommand, InsertMemoryResult, MemoryStore } from 'src/domain/memory-store.port';
import { MemoryStatus, SourceRole, WriteOutcome } from 'src/domain/memory.enums';
import type { RelationType } from 'src/domain/memory.enums';
import { taskBudgetSpent } from 'src/domain/write-policy';
import { embedBatchesForStorage } from 'src/embedding/embed-safely';
import { buildDraft, scopedFingerprint } from 'src/memory/memory-draft';
import { parseRememberRequest } from 'src/memory/remember-input';
import type { RememberCommand, RememberRequest } from 'src/memory/remember-input';
import { writeChunks } from 'src/memory/write-chunks';
import { readWriteYielding } from 'src/memory/write/read-write';
import type { Screened } from 'src/memory/write/read-write';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';

export interface ImportLink {
  toRef: string;
  type: RelationType;
  weight?: number | null;
}

export interface ImportItem extends RememberRequest {
  /** The caller's key for this item, so links can point at items of the same batch. */
  ref?: string | null;
  links?: ImportLink[] | null;
}

export interface ImportSummary {
  created: number;
  duplicates: number;
  quarantined: number;
  links: number;
  /** The stored memory id of each item, in input order (an existing memory's id for duplicates). */
  ids: string[];
}

export interface ImportOptions {
  /** Skip the firewall (an operator migrating history as it was); every other guard still applies. */
  trusted?: boolean;
}

/** In-process callers (benchmarks, migrations): items a call. */
export const MAX_IMPORT_ITEMS = 5000;
/**
 * A client's call: GraphQL coerces a request's variables in one synchronous pass (about 60-100 ms for 5,000 items on
 * the 2-core machine, which held every other request that long); 1,000 items take a fifth of that.
 */
export const MAX_CLIENT_IMPORT_ITEMS = 1000;
const EMBED_BATCH = 64;
export { IMPORT_WRITE_CHUNK } from 'src/memory/write-chunks';

interface Parsed {
  command: RememberCommand;
  ref: string | null;
  links: { toRef: string; type: RelationType; weight: number }[];
}

interface Checked extends Parsed {
  screened: Screened;
}

/**
 * Bulk import for migrations and benchmarks: keeps each item's createdAt, embeds in batches and de-duplicates by
 * fingerprint (sending the same items again creates only what is missing). Every item passes the guards of
 * `remember` (firewall unless trusted, contamination, injection quarantine, task budget) before anything is
 * written; then it is written in chunks (see insertAll). Slots come only from an explicit
 * `slot`, and no slotless memory is retired: imported history is stored as it was.
 */
@Injectable()
export class MemoryImportService {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** An import a client sent: only an operator key (ENGRAM_OPERATOR_TENANTS) may ask for a trusted one. */
  importFromClient(tenantId: string, items: ImportItem[], trusted: boolean): Promise<ImportSummary> {
    if (trusted && !this.config.operatorTenants.includes(tenantId)) {
      throw new BadInputError('trusted imports need an operator key (a tenant listed in ENGRAM_OPERATOR_TENANTS)');
    }
    if (items.length > MAX_CLIENT_IMPORT_ITEMS) {
      throw new BadInputError(
        `import takes 1 to ${MAX_CLIENT_IMPORT_ITEMS} items a call, got ${items.length}: send larger imports in several calls`,
      );
    }

    return this.importMany(tenantId, items, undefined, { trusted });
  }

  /** In-process callers (benchmarks, migrations) decide themselves whether their data is trusted. */
  async importMany(
    tenantId: string,
    items: ImportItem[],
    precomputed?: Float32Array[],
    options: ImportOptions = {},
  ): Promise<ImportSummary> {
    const summary = await this.importUncounted(tenantId, items, precomputed, options);
    const writes = engramMetrics.writes(this.metrics);
    writes.inc({ path: 'import', outcome: WriteOutcome.CREATED }, summary.created);
    writes.inc({ path: 'import', outcome: WriteOutcome.QUARANTINED }, summary.quarantined);
    writes.inc({ path: 'import', outcome: WriteOutcome.REINFORCED }, summary.duplicates);

    return summary;
  }

  private async importUncounted(
    tenantId: string,
    items: ImportItem[],
    precomputed: Float32Array[] | undefined,
    options: ImportOptions,
  ): Promise<ImportSummary> {
    if (precomputed && precomputed.length !== items.length) {
      throw new Error(`import got ${precomputed.length} vectors for ${items.length} items`);
    }
    const checked = await this.check(await this.parse(items), options);
    await this.checkTaskBudgets(tenantId, checked);
    const vectors =
      precomputed ??
      (await embedBatchesForStorage(
        this.embedder,
        checked.map((p) => p.command.content),
        EMBED_BATCH,
      ));
    const now = new Date();
    // a draft hashes its fingerprint: 5,000 of them at once held the event loop for about 60 ms
    const slice = eventLoopSlicer();
    const drafts: ReturnType<typeof buildDraft>[] = [];
    for (const [index, item] of checked.entries()) {
      drafts.push(
        buildDraft(item.command, {
          tenantId,
          type: item.screened.type,
          status: item.screened.status,
          slot: item.screened.slot?.name ?? null,
          embeddingModel: vectors[index] ? this.embedder.model : null,
          now,
        }),
      );
      await slice();
    }
    const idByRef = new Map(
      checked.flatMap((item, index) => (item.ref === null ? [] : [[item.ref, drafts[index]?.id ?? '']])),
    );
    const results = await this.insertAll(
      checked.map((item, index) => ({
        memory: drafts[index]!,
        vector: vectors[index] ?? null,
        links: item.links.map((link) => ({
          toId: idByRef.get(link.toRef) ?? '',
          type: link.type,
          weight: link.weight,
        })),
        supersede: [],
        taskBudget: item.command.source.role === SourceRole.TASK ? this.config.taskWriteBudget : null,
      })),
    );
    const summary: ImportSummary = { created: 0, duplicates: 0, quarantined: 0, links: 0, ids: [] };
    for (const [index, result] of results.entries()) {
      summary.ids.push(result.memory.id);
      summary.links += checked[index]?.links.length ?? 0;
      if (!result.created) {
        summary.duplicates++;
      } else if (result.memory.status === MemoryStatus.QUARANTINED) {
        summary.quarantined++;
      } else {
        summary.created++;
      }
    }

    return summary;
  }

  /**
   * Written IMPORT_WRITE_CHUNK items (or IMPORT_WRITE_CHUNK_CHARS of content: write-chunks.ts) a transaction, yielding between them (5,000 items in one transaction held the event loop
   * for 200-800 ms; 1,000 linked items, 300 ms). Links may name any item of the batch, so a batch with links is written
   * twice over: its items without links, then, once every item has its stored id, the items that carry links again
   * (duplicates now, which stand for the stored memories) with their links. A failure leaves the chunks before it, and
   * sending the same batch again creates only what is missing, links included. A budget another process spent
   * meanwhile refuses the batch like the check before it.
   */
  private async insertAll(items: InsertMemoryCommand[]): Promise<InsertMemoryResult[]> {
    try {
      const results = await this.insertChunked(items.map((item, index) => ({ item: { ...item, links: [] }, index })));
      const stored = new Map(items.map((item, index) => [item.memory.id, results[index]?.memory.id ?? item.memory.id]));
      await this.insertChunked(
        items.flatMap((item, index) =>
          item.links.length === 0
            ? []
            : [
                {
                  item: { ...item, links: item.links.map((l) => ({ ...l, toId: stored.get(l.toId) ?? l.toId })) },
                  index,
                },
              ],
        ),
      );

      return results;
    } catch (error) {
      if (error instanceof BatchItemError && error.cause instanceof TaskBudgetExceededError) {
        throw new BadInputError(error.message);
      }
      throw error;
    }
  }

  /** Each item with its index in the batch, which a failure names (the store names its index in the chunk). */
  private async insertChunked(items: { item: InsertMemoryCommand; index: number }[]): Promise<InsertMemoryResult[]> {
    const results: InsertMemoryResult[] = [];
    for (const chunk of writeChunks(items)) {
      try {
        results.push(...(await this.store.insertMemories({ items: chunk.map((c) => c.item) })));
      } catch (error) {
        throw error instanceof BatchItemError
          ? new BatchItemError(chunk[error.index]?.index ?? -1, error.cause)
          : error;
      }
      await yieldToEventLoop();
    }

    return results;
  }

  /**
   * The guards of `remember`, item by item, before anything is written; the first failure names its item. Other
   * requests get the event loop between items (ten 100 KB items once held it for 29 s).
   */
  private async check(parsed: Parsed[], options: ImportOptions): Promise<Checked[]> {
    const slice = eventLoopSlicer();
    const checked: Checked[] = [];
    for (const [index, item] of parsed.entries()) {
      const result = await readWriteYielding(item.command, {}, { firewall: !options.trusted, detectSlots: false });
      if ('rejection' in result) {
        throw new BadInputError(`items[${index}]: ${result.rejection}`);
      }
      checked.push({ ...item, screened: result.screened });
      await slice();
    }

    return checked;
  }

  /**
   * A task's items and what it already stored stay within its write budget. Items the tenant already has are not
   * new writes, so sending a batch again after a failure is never refused for them.
   */
  private async checkTaskBudgets(tenantId: string, items: Checked[]): Promise<void> {
    const used = new Map<string, number>();
    for (const [index, item] of items.entries()) {
      const { role, taskId } = item.command.source;
      if (role !== SourceRole.TASK || taskId === null) {
        continue;
      }
      if (await this.store.findByFingerprint(tenantId, scopedFingerprint(item.command))) {
        continue;
      }
      const count = (used.get(taskId) ?? (await this.store.countByTask(tenantId, taskId))) + 1;
      used.set(taskId, count);
      if (count > this.config.taskWriteBudget) {
        throw new BadInputError(`items[${index}]: ${taskBudgetSpent(taskId, this.config.taskWriteBudget)}`);
      }
    }
  }

  /** Validates the whole batch before writing anything. */
  private async parse(items: ImportItem[]): Promise<Parsed[]> {
    if (items.length === 0 || items.length > MAX_IMPORT_ITEMS) {
      throw new BadInputError(`import takes 1 to ${MAX_IMPORT_ITEMS} items, got ${items.length}`);
    }
    const refs = new Set<string>();
    const slice = eventLoopSlicer();
    const parsed: Parsed[] = [];
    for (const [index, item] of items.entries()) {
      await slice();
      try {
        const ref = item.ref ? assertKey(item.ref, 'ref') : null;
        if (ref !== null && refs.has(ref)) {
          throw new BadInputError(`ref ${JSON.stringify(ref)} is used twice`);
        }
        if (ref !== null) {
          refs.add(ref);
        }

        parsed.push({
          command: parseRememberRequest(item, this.config.limits.maxContentBytes),
          ref,
          links: (item.links ?? []).map((l) => ({
            toRef: l.toRef,
            type: l.type,
            weight: assertUnit(l.weight ?? 1, 'weight'),
          })),
        });
      } catch (error) {
        throw error instanceof BadInputError ? new BadInputError(`items[${index}]: ${error.message}`) : error;
      }
    }
    for (const [index, item] of parsed.entries()) {
      const unknown = item.links.find((l) => !refs.has(l.toRef));
      if (unknown) {
        throw new BadInputError(`items[${index}]: link to unknown ref ${JSON.stringify(unknown.toRef)}`);
      }
    }

    return parsed;
  }
}
