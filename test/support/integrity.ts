import { execFile } from 'node:child_process';

import { projectRoot } from 'src/common/project-root';

/** Runs the real `check` command (src/main.ts check) against the SQLite store in `dataDir`; ok is its exit code 0. */
export function runIntegrityCheck(dataDir: string, env: Record<string, string> = {}): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts', 'check'],
      { cwd: projectRoot(), env: { ...process.env, ENGRAM_DATA_DIR: dataDir, EMBEDDINGS: 'hash', LOG_LEVEL: 'error', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ ok: error === null, output: `${stdout}${stderr}` }),
    );
  });
}
