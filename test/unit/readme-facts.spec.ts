import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { WS_RATE_LIMITED } from 'src/graphql/graphql-ws';
import { WS_UNAUTHORIZED } from 'src/graphql/ws-auth';

describe('README facts', () => {
  const readme = readFileSync(join(projectRoot(__dirname), 'README.md'), 'utf8');

  it('should give the WebSocket close codes the server sends, and no other 44xx code', () => {
    const codes = new Set([...readme.matchAll(/\b(44\d\d)\b/g)].map((m) => Number(m[1])));
    expect([...codes].sort()).toEqual([WS_UNAUTHORIZED, WS_RATE_LIMITED].sort());
  });

  it('should document every variable of the browser check', () => {
    expect(readme).toContain('`ENGRAM_ALLOWED_ORIGINS`');
    expect(readme).toMatch(/## Security: the keyless mode/);
  });
});
