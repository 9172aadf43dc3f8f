import { statSync, writeFileSync } from 'node:fs';

/** How often a healthy worker touches its heartbeat file, and the age after which `worker-health` calls it unhealthy. */
export const WORKER_HEARTBEAT_MS = 10_000;
export const WORKER_HEARTBEAT_STALE_MS = 3 * WORKER_HEARTBEAT_MS;

/**
 * The worker has no HTTP server, so its health is a file it rewrites while its queues run and Redis answers: a
 * container health check (`node dist/main.js worker-health`) needs no port and no Redis client of its own.
 */
export function startHeartbeat(
  file: string,
  healthy: () => Promise<boolean>,
  everyMs = WORKER_HEARTBEAT_MS,
): () => void {
  const beat = async (): Promise<void> => {
    if (await healthy()) {
      writeFileSync(file, `${new Date().toISOString()}\n`);
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();

  return () => clearInterval(timer);
}

/** Null when the heartbeat is fresh, else why the worker counts as unhealthy. */
export function heartbeatProblem(file: string, now = Date.now(), staleMs = WORKER_HEARTBEAT_STALE_MS): string | null {
  let mtimeMs: number;
  try {
    ({ mtimeMs } = statSync(file));
  } catch {
    return `no heartbeat file ${file}: the worker is not running or never became healthy`;
  }
  const age = now - mtimeMs;

  return age > staleMs
    ? `the last heartbeat is ${Math.round(age / 1000)} s old (more than ${staleMs / 1000} s): queues stopped or Redis unreachable`
    : null;
}
