import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

import { freePort } from 'test/support/free-port';

/** A redis-server of the test's own on a free loopback port, so a test can stop and restart it without touching the shared one. */
export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

async function waitUntilUp(port: number, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    ) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not come up`);
}

/** Fails, naming the package to install, where redis-server is missing: a suite that needs its own Redis must not skip. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  if (!redisServerInstalled()) {
    throw new Error(
      'redis-server is not installed (apt-get install redis-server): this suite needs its own Redis to stop',
    );
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntilUp(port);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = null;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    }
  };
  await start();

  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
