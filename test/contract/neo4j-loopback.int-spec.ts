import { readFileSync } from 'node:fs';
import neo4j from 'neo4j-driver';
import type { Driver } from 'neo4j-driver';

import { beyondLoopback, listenerPid, processSockets, TCP_LISTEN } from 'test/support/process-sockets';

// a freshly started server compiles its first queries: seconds on a loaded 2-core machine
jest.setTimeout(60_000);

const uri = process.env['NEO4J_URI'];
const port = uri ? Number(new URL(uri).port || 7687) : 0;
const pid = uri ? listenerPid(port) : null;
const isLocalJvm = pid !== null && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'java';

/**
 * The test server (npm run neo4j:start) may not reach beyond this machine: every socket its process holds is bound to
 * loopback and connected, if at all, to loopback. Read from /proc while the server serves a query, so the check
 * also sees the Bolt connection it must find (the proof that it reads the right process).
 */
const suite = !uri
  ? 'Neo4j test server sockets (skipped: NEO4J_URI unset)'
  : !isLocalJvm
    ? `Neo4j test server sockets (skipped: no local JVM listens on port ${port}, e.g. a docker compose server)`
    : 'Neo4j test server sockets';

(isLocalJvm ? describe : describe.skip)(suite, () => {
  let driver: Driver;

  beforeAll(() => {
    driver = neo4j.driver(
      uri ?? '',
      neo4j.auth.basic(process.env['NEO4J_USER'] ?? 'neo4j', process.env['NEO4J_PASSWORD'] ?? ''),
    );
  });

  afterAll(async () => {
    await driver.close();
  });

  it('should hold no socket beyond loopback while it serves', async () => {
    const session = driver.session();
    try {
      await session.run('RETURN 1');
      const sockets = processSockets(pid ?? 0);

      expect(sockets.some((s) => s.state === TCP_LISTEN && s.localPort === port)).toBe(true);
      expect(sockets.some((s) => s.state !== TCP_LISTEN && s.localPort === port)).toBe(true);
      expect(sockets.map(beyondLoopback).filter((reason) => reason !== null)).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('should run with usage reports, Fleet Manager and discovery off', async () => {
    const session = driver.session({ database: 'system' });
    try {
      const names = [
        'dbms.usage_report.enabled',
        'dbms.fleet_manager.enabled',
        'server.http.enabled',
        'server.https.enabled',
      ];
      const result = await session.run('SHOW SETTINGS $names YIELD name, value', { names });
      const values = Object.fromEntries(result.records.map((r) => [r.get('name'), r.get('value')]));

      expect(values).toEqual(Object.fromEntries(names.map((name) => [name, 'false'])));
    } finally {
      await session.close();
    }
  });
});
