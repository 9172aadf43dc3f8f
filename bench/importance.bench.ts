import 'reflect-metadata';

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { report, round, summarize } from 'bench/support/stats';
import { loadConfig } from 'src/config/config';
import { BulletinEvents } from 'src/cortex/bulletin/bulletin-events';
import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { LlmBudget } from 'src/cortex/llm-budget.service';
import type { LinkDraft } from 'src/domain/memory-store.port';
import { MemoryType, RelationType } from 'src/domain/memory.enums';
import { scoreImportance } from 'src/importance/importance.scorer';
import { ImportanceService } from 'src/importance/importance.service';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { InProcessPubSub } from 'src/pubsub/in-process.pubsub';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { draft, SPACE } from 'test/contract/memory-fixtures';
import { rng } from 'test/support/seeded-random';

/**
 * The importance job and the bulletin at scale, on SQLite, one tenant: 100k memories and 500k typed edges (each new
 * memory links to 5 earlier ones, half uniformly, half by preferential attachment, so hubs form as in real use).
 * Times reading the graph, scoring it (weighted PageRank + blend) and writing every score back, the job end to end,
 * the sweep's change markers, and bulletin generation without an LLM.
 *
 *   npm run bench -- importance [memories] [edgesPerMemory] [runs]
 */

const TENANT = 'bench';
const TYPES = Object.values(MemoryType);
const RELATIONS: [RelationType, number][] = [
  [RelationType.RELATED_TO, 0.6],
  [RelationType.UPDATES, 0.1],
  [RelationType.PART_OF, 0.1],
  [RelationType.CAUSED_BY, 0.07],
  [RelationType.RESULT_OF, 0.07],
  [RelationType.CONTRADICTS, 0.06],
];

function pick<T>(random: () => number, weighted: readonly [T, number][]): T {
  let r = random();
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r <= 0) {
      return value;
    }
  }

  return weighted[0]![0];
}

async function seed(stores: Stores, memories: number, edgesPerMemory: number): Promise<{ ms: number; edges: number }> {
  const random = rng(42);
  const ids: string[] = [];
  // endpoints of the edges so far: drawing from it is preferential attachment
  const endpoints: number[] = [];
  let edges = 0;
  const started = performance.now();
  for (let i = 0; i < memories; i++) {
    const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000);
    const importance = round(0.2 + random() * 0.6, 3);
    const memory = draft(TENANT, `synthetic memory ${i} about topic ${i % 997}`, {
      type: TYPES[i % TYPES.length],
      importance,
      baseImportance: importance,
      createdAt: at,
      occurredAt: at,
      updatedAt: at,
      lastSeenAt: at,
      embeddingModel: null,
    });
    const targets = new Set<number>();
    for (let tries = 0; targets.size < Math.min(edgesPerMemory, i) && tries < edgesPerMemory * 4; tries++) {
      const preferential = random() < 0.5 && endpoints.length > 0;
      targets.add(preferential ? endpoints[Math.floor(random() * endpoints.length)]! : Math.floor(random() * i));
    }
    const links: LinkDraft[] = [...targets].map((target) => ({
      toId: ids[target]!,
      type: pick(random, RELATIONS),
      weight: round(0.5 + random() * 0.5, 2),
    }));
    await stores.memories.insertMemory({ memory, vector: null, links, supersede: [] });
    ids.push(memory.id);
    for (const target of targets) {
      endpoints.push(target, i);
    }
    edges += links.length;
  }
  // a tenth of the memories were recalled, a few of them often
  for (let i = 0; i < memories / 10; i++) {
    const id = ids[Math.floor(random() ** 2 * memories)]!;
    await stores.memories.recordAccess(TENANT, [id], new Date());
  }

  return { ms: performance.now() - started, edges };
}

/** Wall time, and this process's CPU time: on a shared 2-core machine the second says what the work costs. */
async function time<T>(work: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);

  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}

export async function runImportanceBench(memories = 100_000, edgesPerMemory = 5, runs = 3): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'engram-importance-'));
  const stores = openSqliteStores(join(dir, 'engram.sqlite'));
  try {
    await stores.connection.init(SPACE);
    const seeded = await seed(stores, memories, edgesPerMemory);
    process.stderr.write(`seeded ${memories} memories and ${seeded.edges} edges in ${round(seeded.ms / 1000, 1)} s\n`);

    const config = loadConfig({ NODE_ENV: 'test', EMBEDDINGS: 'hash', ENGRAM_DATA_DIR: dir });
    const importance = new ImportanceService(stores.graph);
    const queue = new InProcessQueue();
    const bulletins = new BulletinService(
      stores.bulletins,
      stores.graph,
      queue,
      config,
      new BulletinEvents(new InProcessPubSub(), stores.bulletins),
      new LlmBudget(null, stores.llmUsage),
    );

    const job = await time(() => importance.refresh(TENANT));
    const phases = { read: [] as number[], score: [] as number[], write: [] as number[], total: [] as number[] };
    const cpu = { read: [] as number[], score: [] as number[], write: [] as number[], total: [] as number[] };
    let nodes = 0;
    let edges = 0;
    for (let run = 0; run < runs; run++) {
      const read = await time(() => stores.graph.readImportanceGraph(TENANT));
      const scored = await time(() => scoreImportance(read.value.nodes, read.value.edges));
      // every score written, not only the changed ones: the worst case of a write-back
      const updates = [...scored.value].map(([id, s]) => ({ id, importance: s.importance, centrality: s.centrality }));
      const written = await time(() => stores.graph.writeImportance(TENANT, updates));
      phases.read.push(read.ms);
      phases.score.push(scored.ms);
      phases.write.push(written.ms);
      phases.total.push(read.ms + scored.ms + written.ms);
      cpu.read.push(read.cpuMs);
      cpu.score.push(scored.cpuMs);
      cpu.write.push(written.cpuMs);
      cpu.total.push(read.cpuMs + scored.cpuMs + written.cpuMs);
      nodes = read.value.nodes.length;
      edges = read.value.edges.length;
    }
    const markers: number[] = [];
    const skipped: number[] = [];
    const rendered: number[] = [];
    const renderedCpu: number[] = [];
    const generated = await time(() => bulletins.refresh(TENANT, 'demand'));
    for (let run = 0; run < Math.max(runs, 5); run++) {
      markers.push((await time(() => stores.graph.changeMarkers())).ms);
      skipped.push((await time(() => bulletins.refresh(TENANT, 'change'))).ms);
      const render = await time(() => bulletins.refresh(TENANT, 'demand'));
      rendered.push(render.ms);
      renderedCpu.push(render.cpuMs);
    }

    const result = {
      memories,
      nodes,
      edges,
      seedMs: round(seeded.ms),
      loadAverage: os.loadavg().map((l) => round(l, 2)),
      importanceJobFirstRunMs: round(job.ms),
      importanceJobFirstRunCpuMs: round(job.cpuMs),
      changedOnFirstRun: job.value,
      phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, summarize(v)])),
      cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, summarize(v)])),
      changeMarkersMs: summarize(markers),
      bulletin: {
        firstMs: round(generated.ms),
        lines: generated.value.bulletin?.memoryIds.length ?? 0,
        words: generated.value.bulletin?.content.split(/\s+/).length ?? 0,
        unchangedMarkerMs: summarize(skipped),
        gatherAndRenderMs: summarize(rendered),
        gatherAndRenderCpuMs: summarize(renderedCpu),
      },
    };
    const row = (what: string, samples: number[], cpuSamples: number[] = []): Record<string, string | number> => {
      const s = summarize(samples);

      return {
        [`${memories.toLocaleString('en')} memories, ${edges.toLocaleString('en')} edges`]: what,
        'median ms': round(s.median, 1),
        'p95 ms': round(s.p95, 1),
        'median CPU ms': cpuSamples.length > 0 ? round(summarize(cpuSamples).median, 1) : '',
        runs: s.n,
      };
    };
    report('importance', result, [
      row('importance: read the graph', phases.read, cpu.read),
      row('importance: score (PageRank + blend)', phases.score, cpu.score),
      row('importance: write back every score', phases.write, cpu.write),
      row('importance: read + score + write', phases.total, cpu.total),
      row('importance job, first run (writes what changed)', [job.ms], [job.cpuMs]),
      row('sweep: change markers of every tenant', markers),
      row('bulletin: unchanged marker (skipped)', skipped),
      row('bulletin: gather + render (no LLM)', rendered, renderedCpu),
      row('bulletin: first generation (stored)', [generated.ms], [generated.cpuMs]),
    ]);
    process.stdout.write(
      `load average while measuring: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores)\n`,
    );
  } finally {
    await stores.connection.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
