import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

import { projectRoot } from 'src/common/project-root';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

export interface MainProcess {
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
}

/**
 * A real entry point (`src/main.ts <command>`, through ts-node, test/support/main-entry.ts) in a child process of its own,
 * once its output shows `ready`; it is killed, and the call fails with its output, if it exits or times out first.
 */
export async function startMainProcess(
  command: string,
  env: NodeJS.ProcessEnv,
  ready: string,
  readyTimeoutMs: number,
): Promise<MainProcess> {
  const child: ChildProcess = spawn(process.execPath, [...MAIN_TS_ARGS, command], {
    cwd: projectRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() - started > readyTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`src/main.ts ${command} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { child, output: () => output, exited };
}
