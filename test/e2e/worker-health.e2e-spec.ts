import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { heartbeatProblem, WORKER_HEARTBEAT_STALE_MS } from 'src/jobs/worker-heartbeat';
import { runCli } from 'test/e2e/support/cli-process';
import { startWorkerProcess } from 'test/e2e/support/worker-process';
import { obliterateQueues, REDIS_URL, requireRedis, waitFor } from 'test/support/redis';

jest.setTimeout(180_000);

/** docker-compose's worker health check: `node dist/main.js worker-health` against the real worker process. */
describe('worker health check (e2e)', () => {
  it('should fail before the worker runs and pass once its heartbeat is written', async () => {
    if (!(await requireRedis('worker health check'))) {
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'engram-worker-health-'));
    const prefix = `engram-wh-${randomUUID()}`;
    const env = { REDIS_URL, QUEUE_PREFIX: prefix, ENGRAM_DATA_DIR: dir, WORKER_HEARTBEAT_FILE: join(dir, 'alive') };
    try {
      const before = await runCli(['worker-health'], env);
      expect(before.code).toBe(1);
      expect(before.stdout).toContain('no heartbeat file');

      const worker = await startWorkerProcess(env);
      try {
        await waitFor(() => heartbeatProblem(env.WORKER_HEARTBEAT_FILE) === null, 30_000, 'the first heartbeat');
        const after = await runCli(['worker-health'], env);
        expect(after).toMatchObject({ code: 0, stdout: 'healthy\n' });
      } finally {
        await worker.stop();
      }
      // a worker that stopped beating turns unhealthy once the file is older than the limit
      expect(heartbeatProblem(env.WORKER_HEARTBEAT_FILE, Date.now() + WORKER_HEARTBEAT_STALE_MS + 1000)).toMatch(
        /s old/,
      );
    } finally {
      await obliterateQueues(prefix);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
