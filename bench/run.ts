import 'reflect-metadata';

import { runAb } from 'bench/ab.bench';
import { runAgentTurn } from 'bench/agent-turn.bench';
import { runContextBench } from 'bench/context.bench';
import { runConversations } from 'bench/conversations.bench';
import { runEmbeddersBench } from 'bench/embedders.bench';
import { runEntitiesBench } from 'bench/entities.bench';
import { runEntityLatency } from 'bench/entity-latency.bench';
import { runHostileInputs } from 'bench/hostile-inputs.bench';
import { runHostile } from 'bench/hostile.bench';
import { runImportanceBench } from 'bench/importance.bench';
import { runIndexBuild } from 'bench/index-build.bench';
import { runIngest } from 'bench/ingest.bench';
import { runLatency } from 'bench/latency.bench';
import { runLoadAb } from 'bench/load-ab.bench';
import { runLoadBench } from 'bench/load.bench';
import { runLocomo } from 'bench/locomo.bench';
import { runMessageSearchBench } from 'bench/message-search.bench';
import { runObservabilityBench } from 'bench/observability.bench';
import { runQuality } from 'bench/quality.bench';
import { runQueryEmbedding } from 'bench/query-embedding.bench';
import { runReembedBench } from 'bench/reembed.bench';
import { runStartBench } from 'bench/start.bench';
import { runTenantDataBench } from 'bench/tenant-data.bench';
import { runThresholdsBench } from 'bench/thresholds.bench';
import { runUseMigrationBench } from 'bench/use-migration.bench';
import { runViewerBench } from 'bench/viewer.bench';
import type { HostileKind } from 'test/support/hostile-documents';

const BENCHES: Record<string, (args: string[]) => Promise<void>> = {
  'agent-turn': (args) => runAgentTurn(...args.map(Number)),
  latency: (args) => runLatency(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
  // embedders [labels or models, comma-separated] [speed rounds] [speed: the speed part alone]
  embedders: (args) =>
    runEmbeddersBench(args[0] || undefined, args[1] ? Number(args[1]) : undefined, args[2] === 'speed'),
  'use-migration': (args) => runUseMigrationBench(...args.map(Number)),
  ingest: (args) => runIngest(args[0] ? Number(args[0]) : undefined, args[1] ? Number(args[1]) : undefined),
  // hostile [repetitions] [kinds | inputs | bulk [memories] | breaks]: GraphQL documents, then the inputs of the second hardening round,
  // the breaks of the third probe and the bulk work (`bulk`: the bulk work alone; `breaks`: the breaks alone)
  hostile: async (args) => {
    const part = args[1];
    if (part !== 'inputs' && part !== 'bulk' && part !== 'breaks') {
      await runHostile(args[0] ? Number(args[0]) : undefined, part ? (part.split(',') as HostileKind[]) : undefined);
    }
    if (part === undefined || part === 'inputs' || part === 'bulk' || part === 'breaks') {
      await runHostileInputs(
        args[2] ? Number(args[2]) : undefined,
        part === 'bulk' || part === 'breaks' ? part : 'all',
      );
    }
  },
  load: (args) => runLoadBench(...args.map(Number)),
  'load-ab': (args) => runLoadAb(args[0] ?? '', ...args.slice(1).map(Number)),
  // ab <other tree> <bench> [rounds] [bench args...]: a bench's latency summaries in two checkouts, side by side
  ab: (args) => runAb(args[0] ?? '', args[1] ?? 'agent-turn', args[2] ? Number(args[2]) : undefined, args.slice(3)),
  // locomo [quick | text | tune | entities] [model] [1-5 | 6-10: tune on that half alone]: USE by default, or a
  // LOCAL_EMBEDDING_MODEL; text: the BM25 and vector rows alone; entities: the entity signal off and on, per category
  locomo: (args) =>
    runLocomo(
      args[0] === 'quick' || args[0] === 'text' || args[0] === 'entities' ? args[0] : 'tune',
      args[1],
      args[2] === '1-5' || args[2] === '6-10' ? args[2] : undefined,
    ),
  // message-search [model] [variant numbers, comma-separated] [misses]: searchMessages on LoCoMo, variants side by side
  'message-search': (args) =>
    runMessageSearchBench(
      args[0] || undefined,
      args[1] ? args[1].split(',').map(Number) : undefined,
      args[2] === 'misses',
    ),
  // query-embedding [queries] [model]
  'query-embedding': (args) => runQueryEmbedding(args[0] ? Number(args[0]) : undefined, args[1]),
  quality: (args) => runQuality(args),
  // thresholds [unrelated pairs per source]: cosine distributions per embedding model and the thresholds mapped
  thresholds: (args) => runThresholdsBench(args[0] ? Number(args[0]) : undefined),
  // scrape [memories] | tracing [memories] [rounds] [queries] | backlog [turns]
  observability: (args) => runObservabilityBench(args),
  conversations: (args) => runConversations(...args.map(Number)),
  context: (args) => runContextBench(...args.map(Number)),
  importance: (args) => runImportanceBench(...args.map(Number)),
  viewer: (args) => runViewerBench(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
  reembed: (args) => runReembedBench(args.length > 0 ? args.map(Number) : undefined),
  start: (args) => runStartBench(args[0] ? Number(args[0]) : undefined),
  // entities [hand | locomo]: precision and recall of entity merges
  entities: (args) => runEntitiesBench(args[0]),
  // entity-latency [size] [operations]: remember and recall p95 with entities on and off, side by side
  'entity-latency': (args) => runEntityLatency(...args.map(Number)),
  'tenant-data': (args) => runTenantDataBench(args.length > 0 ? args.map(Number) : undefined),
  // index-build [sizes]: the longest event-loop block of a large tenant's first search, whole build against slices
  'index-build': (args) => runIndexBuild(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
};

async function main(): Promise<void> {
  const [name = 'latency', ...args] = process.argv.slice(2);
  const bench = BENCHES[name];
  if (!bench) {
    throw new Error(`unknown benchmark ${name}: ${Object.keys(BENCHES).join(', ')}`);
  }
  await bench(args);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
