import 'reflect-metadata';

import { runContextBench } from 'bench/context.bench';
import { runConversations } from 'bench/conversations.bench';
import { runHostile } from 'bench/hostile.bench';
import { runImportanceBench } from 'bench/importance.bench';
import { runIngest } from 'bench/ingest.bench';
import { runLatency } from 'bench/latency.bench';
import { runLoadBench } from 'bench/load.bench';
import { runLocomo } from 'bench/locomo.bench';
import { runViewerBench } from 'bench/viewer.bench';
import { runReembedBench } from 'bench/reembed.bench';
import { runTenantDataBench } from 'bench/tenant-data.bench';
import type { HostileKind } from 'test/support/hostile-documents';

const BENCHES: Record<string, (args: string[]) => Promise<void>> = {
  latency: (args) => runLatency(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
  ingest: (args) => runIngest(args[0] ? Number(args[0]) : undefined, args[1] ? Number(args[1]) : undefined),
  hostile: (args) => runHostile(args[0] ? Number(args[0]) : undefined, args[1] ? (args[1].split(',') as HostileKind[]) : undefined),
  load: (args) => runLoadBench(...args.map(Number)),
  locomo: (args) => runLocomo(args[0] === 'quick'),
  conversations: (args) => runConversations(...args.map(Number)),
  context: (args) => runContextBench(...args.map(Number)),
  importance: (args) => runImportanceBench(...args.map(Number)),
  viewer: (args) => runViewerBench(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
  reembed: (args) => runReembedBench(args.length > 0 ? args.map(Number) : undefined),
  'tenant-data': (args) => runTenantDataBench(args.length > 0 ? args.map(Number) : undefined),
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
