import { spawn } from 'node:child_process';

import { defaultLocomoDir } from 'bench/support/locomo-dataset';

/**
 * Runs `bench/run.ts <name> <args>` in `tree` (its own code, its own server) and returns the `result` of the JSON line
 * the bench prints; its progress goes to this process's stderr.
 */
export function runBenchIn(tree: string, name: string, args: readonly string[] = []): Promise<unknown> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'bench/run.ts', name, ...args],
      {
        cwd: tree,
        env: { ...process.env, LOCOMO_DIR: defaultLocomoDir() },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"benchmark"'));
      if (code !== 0 || line === undefined) {
        fail(new Error(`${name} bench in ${tree} exited with ${code}`));

        return;
      }
      done((JSON.parse(line) as { result: unknown }).result);
    });
  });
}
