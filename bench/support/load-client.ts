import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/** What the parent sends: where to aim, for how long, and the operation mix. */
export interface LoadPlan {
  url: string;
  key: string;
  connections: number;
  seconds: number;
  mix: { name: string; share: number; query: string; variables: Record<string, unknown>[] }[];
}

export interface LoadSamples {
  /** Latency in ms of every answered request, by operation. */
  latencies: Record<string, number[]>;
  /** Requests that failed (transport error, non-200, or GraphQL errors), by operation and code. */
  errors: Record<string, Record<string, number>>;
  elapsedMs: number;
}

function pick(mix: LoadPlan['mix'], r: number): LoadPlan['mix'][number] {
  let acc = 0;
  for (const op of mix) {
    acc += op.share;
    if (r < acc) {
      return op;
    }
  }

  return mix[mix.length - 1]!;
}

/**
 * A closed-loop load generator: `connections` clients each send the next request as soon as the last one is answered,
 * choosing the operation by share. Runs in its own process so its work never shares the server's event loop.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadSamples> {
  const { origin, pathname } = new URL(plan.url);
  const pool = new Pool(origin, { connections: plan.connections, pipelining: 1 });
  const latencies: Record<string, number[]> = Object.fromEntries(plan.mix.map((op) => [op.name, []]));
  const errors: Record<string, Record<string, number>> = Object.fromEntries(plan.mix.map((op) => [op.name, {}]));
  const counters = new Map<string, number>();
  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;

    return seed / 2 ** 31;
  };
  const fail = (op: string, code: string): void => {
    const byCode = errors[op]!;
    byCode[code] = (byCode[code] ?? 0) + 1;
  };

  const client = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const op = pick(plan.mix, random());
      const n = counters.get(op.name) ?? 0;
      counters.set(op.name, n + 1);
      const body = JSON.stringify({ query: op.query, variables: op.variables[n % op.variables.length] });
      const t0 = performance.now();
      try {
        const response = await pool.request({
          path: pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${plan.key}` },
          body,
        });
        const payload = (await response.body.json()) as { errors?: { extensions?: { code?: string } }[] };
        const ms = performance.now() - t0;
        if (response.statusCode !== 200 || payload.errors) {
          fail(op.name, payload.errors?.[0]?.extensions?.code ?? `HTTP ${response.statusCode}`);
        } else {
          latencies[op.name]!.push(ms);
        }
      } catch (error) {
        fail(op.name, error instanceof Error ? error.name : 'transport');
      }
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, client));
  await pool.close();

  return { latencies, errors, elapsedMs: performance.now() - started };
}

if (require.main === module) {
  process.once('message', (plan: LoadPlan) => {
    runLoad(plan).then(
      (samples) => process.send?.(samples, () => process.exit(0)),
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
