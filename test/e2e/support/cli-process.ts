import { spawn } from 'node:child_process';

import { projectRoot } from 'src/common/project-root';
import { MAIN_TS_ARGS } from 'test/support/main-entry';
import { freshStoreFor } from 'test/support/test-store';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `src/main.ts <args>` (the real CLI entry, through ts-node: test/support/main-entry.ts) to completion, feeding `stdin` when given. */
export async function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<CliResult> {
  const dataDir = env['ENGRAM_DATA_DIR'];
  if (dataDir !== undefined) {
    await freshStoreFor(dataDir);
  }
  const child = spawn(process.execPath, [...MAIN_TS_ARGS, ...args], {
    cwd: projectRoot(),
    env: { ...process.env, NODE_ENV: 'test', EMBEDDINGS: 'hash', LOG_LEVEL: 'error', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin ?? '');
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));

  return { code, stdout, stderr };
}
