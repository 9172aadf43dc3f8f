import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { BadInputError } from 'src/common/errors';
import { assertKey, assertUnit } from 'src/common/validation';
import { EMBEDDER, EmbeddingUnavailableError } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { classifyMemoryType } from 'src/memory/classify';
import { guardContamination } from 'src/memory/guards/contamination';
import { detectInjection } from 'src/memory/guards/injection';
import { buildDraft } from 'src/memory/memory-draft';
import { MemoryStatus, WriteOutcome } from 'src/memory/memory.enums';
import type { RelationType } from 'src/memory/memory.enums';
import { parseRememberRequest } from 'src/memory/remember-input';
import type { RememberCommand, RememberRequest } from 'src/memory/remember-input';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';

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

export const MAX_IMPORT_ITEMS = 5000;
const EMBED_BATCH = 64;

interface Parsed {
  command: RememberCommand;
  ref: string | null;
  links: { toRef: string; type: RelationType; weight: number }[];
}

/**
 * Bulk import for migrations and benchmarks: keeps each item's createdAt, embeds in batches, de-duplicates by
 * fingerprint and quarantines injections. It trusts the caller's content (no firewall, no slot supersede):
 * imported history is stored as it was.
 */
@Injectable()
export class MemoryImportService {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async importMany(tenantId: string, items: ImportItem[], precomputed?: Float32Array[]): Promise<ImportSummary> {
    const summary = await this.importUncounted(tenantId, items, precomputed);
    const writes = engramMetrics.writes(this.metrics);
    writes.inc({ path: 'import', outcome: WriteOutcome.CREATED }, summary.created);
    writes.inc({ path: 'import', outcome: WriteOutcome.QUARANTINED }, summary.quarantined);
    writes.inc({ path: 'import', outcome: WriteOutcome.REINFORCED }, summary.duplicates);

    return summary;
  }

  private async importUncounted(tenantId: string, items: ImportItem[], precomputed?: Float32Array[]): Promise<ImportSummary> {
    const parsed = this.parse(items);
    const vectors = precomputed ?? (await this.embedAll(parsed.map((p) => p.command.content)));
    const summary: ImportSummary = { created: 0, duplicates: 0, quarantined: 0, links: 0, ids: [] };
    const now = new Date();
    const idByRef = new Map<string, string>();
    for (const [index, item] of parsed.entries()) {
      const type = item.command.type ?? classifyMemoryType(item.command.content);
      const contamination = guardContamination({ type, slot: item.command.slot, role: item.command.source.role });
      if (!contamination.ok) {
        throw new BadInputError(`items[${index}]: ${contamination.reason}`);
      }
      const quarantine = detectInjection(item.command.content, item.command.source.role).quarantine;
      const vector = vectors[index] ?? null;
      const draft = buildDraft(item.command, {
        tenantId,
        type,
        status: quarantine ? MemoryStatus.QUARANTINED : MemoryStatus.ACTIVE,
        slot: item.command.slot,
        embeddingModel: vector ? this.embedder.model : null,
        now,
      });
      const result = await this.store.insertMemory({ memory: draft, vector, links: [], supersede: [] });
      summary.ids.push(result.memory.id);
      if (!result.created) {
        summary.duplicates++;
      } else if (quarantine) {
        summary.quarantined++;
      } else {
        summary.created++;
      }
      if (item.ref) {
        idByRef.set(item.ref, result.memory.id);
      }
    }
    for (const [index, item] of parsed.entries()) {
      for (const link of item.links) {
        const saved = await this.store.upsertAssociation({
          tenantId,
          fromId: summary.ids[index] ?? '',
          toId: idByRef.get(link.toRef) ?? '',
          type: link.type,
          weight: link.weight,
          createdAt: now,
        });
        summary.links += saved ? 1 : 0;
      }
    }

    return summary;
  }

  /** Validates the whole batch before writing anything. */
  private parse(items: ImportItem[]): Parsed[] {
    if (items.length === 0 || items.length > MAX_IMPORT_ITEMS) {
      throw new BadInputError(`import takes 1 to ${MAX_IMPORT_ITEMS} items, got ${items.length}`);
    }
    const refs = new Set<string>();
    const parsed = items.map((item, index) => {
      try {
        const ref = item.ref ? assertKey(item.ref, 'ref') : null;
        if (ref !== null && refs.has(ref)) {
          throw new BadInputError(`ref ${JSON.stringify(ref)} is used twice`);
        }
        if (ref !== null) {
          refs.add(ref);
        }

        return {
          command: parseRememberRequest(item, this.config.limits.maxContentBytes),
          ref,
          links: (item.links ?? []).map((l) => ({ toRef: l.toRef, type: l.type, weight: assertUnit(l.weight ?? 1, 'weight') })),
        };
      } catch (error) {
        throw error instanceof BadInputError ? new BadInputError(`items[${index}]: ${error.message}`) : error;
      }
    });
    for (const [index, item] of parsed.entries()) {
      const unknown = item.links.find((l) => !refs.has(l.toRef));
      if (unknown) {
        throw new BadInputError(`items[${index}]: link to unknown ref ${JSON.stringify(unknown.toRef)}`);
      }
    }

    return parsed;
  }

  private async embedAll(texts: string[]): Promise<(Float32Array | null)[]> {
    const out: (Float32Array | null)[] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const batch = texts.slice(i, i + EMBED_BATCH);
      try {
        out.push(...(await this.embedder.embed(batch)));
      } catch (error) {
        if (!(error instanceof EmbeddingUnavailableError)) {
          throw error;
        }
        out.push(...batch.map(() => null));
      }
    }

    return out;
  }
}
