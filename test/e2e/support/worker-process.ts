import { startMainProcess } from 'test/e2e/support/main-process';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

export interface WorkerProcess {
  pid: number;
  /** Everything the worker wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/** The real `worker` entry point (src/main.ts worker) in a child process of its own, as `npm run start:worker` runs it. */
export async function startWorkerProcess(env: Record<string, string>, readyTimeoutMs = 60_000): Promise<WorkerProcess> {
  const { child, output, exited } = await startMainProcess(
    'worker',
    { ...process.env, LOG_LEVEL: 'log', ...env },
    'consuming queues',
    readyTimeoutMs,
  );

  return {
    pid: child.pid ?? -1,
    output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The production shape on one machine: the API (the test app) and a worker process sharing the SQLite file, a Redis
 * and a queue prefix of their own; the cortex sweeps every 300 ms without debounce so tests need not wait.
 */
export async function startApiAndWorker(
  redisUrl: string,
  prefix: string,
  /** More settings for both processes (e.g. an LLM). */
  extra: Record<string, string> = {},
): Promise<{ app: TestApp; worker: WorkerProcess }> {
  const env = {
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    CORTEX_SWEEP_MS: '300',
    BULLETIN_DEBOUNCE_MS: '0',
    ...extra,
  };
  const app = await startTestApp(env);
  const worker = await startWorkerProcess({
    ...env,
    EMBEDDINGS: 'hash',
    ENGRAM_DATA_DIR: app.config.dataDir,
    ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
  });

  return { app, worker };
}
