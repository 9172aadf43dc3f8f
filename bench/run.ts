import 'reflect-metadata';

import { runIngest } from 'bench/ingest.bench';
import { runLatency } from 'bench/latency.bench';
import { runLocomo } from 'bench/locomo.bench';

const BENCHES: Record<string, (args: string[]) => Promise<void>> = {
  latency: (args) => runLatency(args.length > 0 ? args.map(Number) : [10_000, 100_000]),
  ingest: (args) => runIngest(args[0] ? Number(args[0]) : undefined, args[1] ? Number(args[1]) : undefined),
  locomo: (args) => runLocomo(args[0] ? Number(args[0]) : 0, args[1] ? Number(args[1]) : undefined),
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
