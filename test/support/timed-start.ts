import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { projectRoot } from 'src/common/project-root';
import { freePort } from 'test/support/free-port';

export interface TimedStart {
  /** From spawning the command to the first 200 from /healthz. */
  healthyMs: number;
  /** The page `GET /` answered once healthy. */
  frontPage: string;
  /** Everything the command printed until then. */
  output: string;
}

/**
 * Runs `command args` (`npm start`, `node dist/main.js`) in the project with its own port and data directory, waits
 * for /healthz to answer 200, reads `/`, then ends the whole process group it started.
 */
export async function timedStart(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<TimedStart> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-start-'));
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: projectRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      ENGRAM_DATA_DIR: dataDir,
      ENGRAM_API_KEYS: '',
      LOG_LEVEL: 'log',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
      }
      if (performance.now() - started > timeoutMs) {
        throw new Error(`${command} ${args.join(' ')} not healthy after ${timeoutMs} ms:\n${output}`);
      }
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const healthyMs = performance.now() - started;
    const frontPage = await (await fetch(`http://127.0.0.1:${port}/`)).text();

    return { healthyMs, frontPage, output };
  } finally {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
