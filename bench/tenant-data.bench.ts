import 'reflect-metadata';

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { report, round, summarize } from 'bench/support/stats';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { RelationType } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import { draft } from 'test/contract/memory-fixtures';

/**
 * Export, import into a fresh store and purge of one SQLite tenant holding `memories` memories (every tenth linked to
 * the one before) and as many messages in 100 channels, hash embeddings (so the store's side is what is timed; a real
 * embedder adds its own time per text on import, which always re-embeds). Each step runs `RUNS` times on fresh copies.
 *
 *   npm run bench -- tenant-data [memories…]     (default 10000)
 */

const TENANT = 'bench';
const RUNS = 3;
const EMBEDDER = new HashEmbedder(256);

async function fill(stores: Stores, size: number): Promise<void> {
  const database = stores.connection as unknown as { transaction<T>(work: () => T): T };
  const chunk = 1000;
  let previous: string | null = null;
  for (let start = 0; start < size; start += chunk) {
    const texts = Array.from(
      { length: Math.min(chunk, size - start) },
      (_, j) => `Memory ${start + j}: the user mentioned item ${((start + j) * 7919) % 1000}`,
    );
    const vectors = await EMBEDDER.embed(texts);
    const ids: string[] = [];
    database.transaction(() => {
      texts.forEach((content, j) => {
        const memory = draft(TENANT, content, { embeddingModel: EMBEDDER.model });
        ids.push(memory.id);
        const links =
          previous !== null && (start + j) % 10 === 0
            ? [{ toId: previous, type: RelationType.RELATED_TO, weight: 0.8 }]
            : [];
        void stores.memories.insertMemory({ memory, vector: vectors[j] ?? null, links, supersede: [] });
        previous = memory.id;
      });
    });
    const messageVectors = await EMBEDDER.embed(texts.map((t) => `Ann: ${t}`));
    for (const [j, content] of texts.entries()) {
      await stores.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId: TENANT,
          channelId: `chat-${(start + j) % 100}`,
          role: MessageRole.USER,
          speaker: 'Ann',
          trust: Trust.GUARDIAN,
          content,
          tokenCount: 12,
          createdAt: new Date(Date.UTC(2024, 0, 1) + (start + j) * 1000),
          extractedAt: null,
        },
        vector: messageVectors[j] ?? null,
        projectId: null,
      });
    }
  }
}

async function exportAll(service: TenantDataService): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of service.exportLines(TENANT)) {
    lines.push(line);
  }

  return lines;
}

async function open(dir: string, name: string): Promise<Stores> {
  const stores = openSqliteStores(join(dir, `${name}.sqlite`));
  await stores.connection.init({ model: EMBEDDER.model, dimensions: EMBEDDER.dimensions });

  return stores;
}

export async function runTenantDataBench(sizes: number[] = [10_000]): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, unknown>[] = [];
  for (const size of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'engram-tenant-bench-'));
    try {
      const source = await open(dir, 'source');
      await fill(source, size);
      const service = new TenantDataService(source.tenantData, source.entities, EMBEDDER);
      const times: Record<'export' | 'import' | 'reimport' | 'purge', number[]> = {
        export: [],
        import: [],
        reimport: [],
        purge: [],
      };
      let lines: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        let started = performance.now();
        lines = await exportAll(service);
        times.export.push(performance.now() - started);

        const target = await open(dir, `target-${run}`);
        const importer = new TenantDataService(target.tenantData, target.entities, EMBEDDER);
        started = performance.now();
        await importer.importLines(TENANT, lines);
        times.import.push(performance.now() - started);
        started = performance.now();
        const again = await importer.importLines(TENANT, lines);
        times.reimport.push(performance.now() - started);
        if (again.memories.created !== 0) {
          throw new Error('a second import created memories');
        }
        started = performance.now();
        await importer.purgeTenant(TENANT);
        times.purge.push(performance.now() - started);
        await target.connection.close();
      }
      await source.connection.close();
      const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
      const result = {
        memories: size,
        messages: size,
        lines: lines.length,
        megabytes: round(bytes / 1e6),
        ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summarize(v)])),
      };
      results.push(result);
      for (const [step, samples] of Object.entries(times)) {
        const s = summarize(samples);
        rows.push({
          memories: size,
          messages: size,
          step,
          'median ms': round(s.median, 0),
          'max ms': round(s.max, 0),
          'records/s (median)': round(((size * 2) / s.median) * 1000, 0),
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report('tenant-data', results, rows);
}
