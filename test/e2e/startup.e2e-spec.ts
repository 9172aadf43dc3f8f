import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

/** Starts `src/main.ts` as the Dockerfile would and returns how it ended (it must end by itself). */
function start(env: Record<string, string>): { status: number | null; stderr: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-startup-'));
  try {
    const result = spawnSync(process.execPath, [...MAIN_TS_ARGS, 'serve'], {
      cwd: projectRoot(),
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        ENGRAM_DATA_DIR: dataDir,
        EMBEDDINGS: 'hash',
        PORT: '0',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

    return { status: result.status, stderr: result.stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('startup (e2e)', () => {
  it('should refuse to bind beyond loopback without API keys, with a clear message and exit code 1', () => {
    const { status, stderr } = start({ HOST: '0.0.0.0' });
    expect(status).toBe(1);
    expect(stderr).toMatch(
      /HOST=0\.0\.0\.0 without ENGRAM_API_KEYS would serve the open "default" tenant to the network/,
    );
  });
});
