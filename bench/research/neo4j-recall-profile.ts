import 'reflect-metadata';

import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { auth, driver as createDriver } from 'neo4j-driver';
import type { ProfiledPlan, QueryResult } from 'neo4j-driver';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo } from 'bench/support/locomo-dataset';
import { round, summarize } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { RecallService } from 'src/recall/recall.service';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Params } from 'src/store/neo4j/neo4j-values';

/**
 * Where a Neo4j recall's time goes, on a database the latency bench kept (`BENCH_LATENCY_DIR`, `STORE=neo4j`):
 * records the parameters RecallService passes to each statement, PROFILEs the recall statement once, then times it
 * and its parts (client wall time and the server's available + consumed time) over the same queries.
 *   STORE=neo4j NEO4J_URI=… node -r ts-node/register/transpile-only -r tsconfig-paths/register \
 *     bench/research/neo4j-recall-profile.ts <kept dir of one size> [tenant] [queries]
 */
type Captured = { name: string; params: Params; ms: number };

function printPlan(plan: ProfiledPlan, depth = 0): void {
  const details = String(plan.arguments['Details'] ?? '').slice(0, 110);
  process.stdout.write(
    `${'  '.repeat(depth)}${plan.operatorType} rows=${plan.rows} dbHits=${plan.dbHits} time=${round(
      Number(plan.time) / 1e6,
    )}ms ${details}\n`,
  );
  plan.children.forEach((child) => printPlan(child, depth + 1));
}

function serverMs(result: QueryResult): number {
  return Number(result.summary.resultAvailableAfter) + Number(result.summary.resultConsumedAfter);
}

async function main(): Promise<void> {
  const keepDir = process.argv[2];
  if (keepDir === undefined) {
    throw new Error('usage: neo4j-recall-profile.ts <kept dir> [tenant] [queries]');
  }
  const tenant = process.argv[3] ?? 'bench';
  const count = Number(process.argv[4] ?? 100);
  const captured: Captured[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the instance as `this`
  const original = Neo4jConnection.prototype.queryOnce;
  Neo4jConnection.prototype.queryOnce = async function (this: Neo4jConnection, source, name, params) {
    const started = performance.now();
    try {
      return await original.call(this, source, name, params);
    } finally {
      captured.push({ name, params, ms: performance.now() - started });
    }
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the instance as `this`
  const originalRun = Neo4jConnection.prototype.run;
  Neo4jConnection.prototype.run = async function (this: Neo4jConnection, tx, name, params) {
    const started = performance.now();
    try {
      return await originalRun.call(this, tx, name, params);
    } finally {
      captured.push({ name, params, ms: performance.now() - started });
    }
  };
  const questions = loadLocomo()
    .flatMap((c) => c.questions.map((q) => q.question))
    .slice(0, count);
  const bench = await startBenchApp({ EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '512' }, keepDir);
  const recalls: Params[] = [];
  try {
    const vectors = await bench.app.get<Embedder>(EMBEDDER).embed(questions);
    const recall = bench.app.get(RecallService);
    const total: number[] = [];
    const inStore: number[] = [];
    const byName = new Map<string, number[]>();
    for (const [i, query] of questions.entries()) {
      captured.length = 0;
      const started = performance.now();
      await recall.recallWithVector(tenant, { query, limit: 10 }, vectors[i]!);
      if (i >= 5) {
        total.push(performance.now() - started);
        inStore.push(captured.reduce((sum, c) => sum + c.ms, 0));
        for (const c of captured) {
          byName.set(c.name, [...(byName.get(c.name) ?? []), c.ms]);
        }
      }
      const found = captured.find((c) => c.name === 'memory/recall-candidates');
      if (found) {
        recalls.push(found.params);
      }
      if (i === 0) {
        process.stdout.write(`statements of one recall: ${captured.map((c) => c.name).join(', ')}\n`);
      }
    }
    const t = summarize(total);
    const st = summarize(inStore);
    process.stdout.write(
      `recall: p50 ${round(t.median)} p95 ${round(t.p95)} ms; in store statements p50 ${round(st.median)} p95 ${round(st.p95)} ms\n`,
    );
    for (const [name, samples] of byName) {
      const s = summarize(samples);
      process.stdout.write(`  ${name}: ${samples.length} calls, p50 ${round(s.median)} p95 ${round(s.p95)} ms\n`);
    }
  } finally {
    await bench.close();
  }
  if (process.env['RECALL_PARAMS_OUT']) {
    writeFileSync(process.env['RECALL_PARAMS_OUT'], JSON.stringify(recalls));
  }
  const registry = CypherRegistry.load();
  const driver = createDriver(
    process.env['NEO4J_URI'] ?? '',
    auth.basic(process.env['NEO4J_USER'] ?? 'neo4j', process.env['NEO4J_PASSWORD'] ?? ''),
    { disableLosslessIntegers: true },
  );
  const statement = registry.get('memory/recall-candidates');
  const variants: Record<string, { text: string; params: (p: Params) => Params }> = {
    'recall-candidates': { text: statement, params: (p) => p },
    'recall-candidates, no vector': { text: statement, params: (p) => ({ ...p, vector: null, vectorStatuses: [] }) },
    'recall-candidates, no text': { text: statement, params: (p) => ({ ...p, query: null }) },
    'RETURN 1': { text: 'RETURN 1', params: () => ({}) },
  };
  try {
    const session = driver.session({ defaultAccessMode: 'READ' });
    try {
      const first = recalls[0];
      if (first) {
        const profiled = await session.run(statement.replace(/^(\s*CYPHER 25\s+)/, '$1PROFILE '), first);
        printPlan(profiled.summary.profile as ProfiledPlan);
      }
    } finally {
      await session.close();
    }
    for (const [name, variant] of Object.entries(variants)) {
      const wall: number[] = [];
      const server: number[] = [];
      for (const [i, params] of recalls.entries()) {
        const s = driver.session({ defaultAccessMode: 'READ' });
        const started = performance.now();
        try {
          const result = await s.run(variant.text, variant.params(params));
          if (i >= 5) {
            wall.push(performance.now() - started);
            server.push(serverMs(result));
          }
        } finally {
          await s.close();
        }
      }
      const w = summarize(wall);
      const sv = summarize(server);
      process.stdout.write(
        `${name}: wall p50 ${round(w.median)} p95 ${round(w.p95)} ms; server p50 ${round(sv.median)} p95 ${round(sv.p95)} ms\n`,
      );
    }
  } finally {
    await driver.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
