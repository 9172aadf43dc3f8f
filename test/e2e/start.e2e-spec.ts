import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { timedStart } from 'test/support/timed-start';

const SURFACES = ['/graphql', '/viewer/', '/api/docs', '/mcp', '/healthz', '/readyz', '/metrics'];

function buildScript(flag: string): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', flag], {
    cwd: projectRoot(),
    encoding: 'utf8',
    timeout: 240_000,
  });

  return { status: result.status, stderr: result.stderr };
}

/** The quick start's `npm start`, as a newcomer runs it (development, no keys, default embeddings). */
describe('npm start (e2e)', () => {
  beforeAll(() => {
    // the first run after a change builds (tsc is most of it); what is tested below is the start of a current build
    expect(buildScript('--if-stale').status).toBe(0);
  }, 240_000);

  it('should be healthy without building when dist/ is current, log every surface and link them all from /', async () => {
    const { healthyMs, frontPage, output } = await timedStart('npm', ['start']);
    process.stdout.write(
      `npm start: healthy after ${Math.round(healthyMs)} ms (npm run bench -- start for the median)\n`,
    );

    expect(output).not.toContain('[build]');
    for (const path of SURFACES) {
      expect(output).toMatch(new RegExp(`on http://127\\.0\\.0\\.1:\\d+${path.replace(/\//g, '\\/')} `));
      // MCP answers POST only: named on the page, not linked (a click would open a 405)
      expect(frontPage).toContain(path === '/mcp' ? `<code>${path}</code>` : `href="${path}"`);
    }
    expect(frontPage).not.toContain('href="/mcp"');
  }, 120_000);

  it('should call the build stale when a source is newer than the last build', () => {
    expect(buildScript('--check').status).toBe(0);
    const file = join(projectRoot(), 'src', 'main.ts');
    const { atime, mtime } = statSync(file);
    try {
      utimesSync(file, atime, new Date(Date.now() + 60_000));
      const { status, stderr } = buildScript('--check');
      expect(status).toBe(1);
      expect(stderr).toContain('stale: src changed since the last build');
    } finally {
      utimesSync(file, atime, mtime);
    }
  });
});
