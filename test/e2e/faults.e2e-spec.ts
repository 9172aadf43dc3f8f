import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { IMPORT_WRITE_CHUNK } from 'src/memory/memory-import.service';
import { startServerProcess } from 'test/e2e/support/server-process';
import type { ServerProcess } from 'test/e2e/support/server-process';
import { runIntegrityCheck } from 'test/support/integrity';

/*
 * Crash faults over the real server process: SIGKILL in the middle of writes, restart on the same files, then the
 * integrity check must be clean and every acknowledged write must be there, once.
 */
jest.setTimeout(240_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const IMPORT = `mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created } }`;
const IMPORT_COUNTS = `mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created duplicates } }`;
const COUNT = `query($filter: MemoryFilter) { memories(filter: $filter, limit: 1) { total } }`;
const GET = `query($id: ID!) { memory(id: $id) { id status content } }`;

interface RememberData {
  remember: { outcome: string; memory: { id: string } | null };
}

const topics = ['sailing', 'chess', 'gardening', 'astronomy', 'pottery', 'cycling', 'baking', 'climbing'];
const fact = (i: number): string =>
  `Fault check ${i}: the user spent evening ${i} on ${topics[i % topics.length]} with friend number ${i * 7}.`;

async function activeCount(server: ServerProcess): Promise<number> {
  const res = await server.gql<{ memories: { total: number } }>(COUNT, { filter: { statuses: ['ACTIVE'] } });

  return res.data?.memories.total ?? -1;
}

describe('crash faults (SIGKILL, restart, integrity)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-fault-'));
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should keep every acknowledged remember of 200 concurrent ones when killed midway, and double none on retry', async () => {
    server = await startServerProcess(dataDir);
    const acked = new Map<number, string>();
    let killing: Promise<void> | undefined;
    const running = server;
    const calls = Array.from({ length: 200 }, async (_, i) => {
      try {
        const res = await running.gql<RememberData>(REMEMBER, { input: { content: fact(i), type: 'EVENT' } });
        const id = res.data?.remember.memory?.id;
        if (id) {
          acked.set(i, id);
        }
        if (acked.size >= 50 && !killing) {
          killing = running.kill();
        }
      } catch {
        // the connection died with the process: not acknowledged
      }
    });
    await Promise.all(calls);
    await killing;
    expect(acked.size).toBeGreaterThanOrEqual(50);
    expect(acked.size).toBeLessThan(200);

    server = await startServerProcess(dataDir);
    for (const id of acked.values()) {
      const res = await server.gql<{ memory: { id: string; status: string } | null }>(GET, { id });
      expect(res.data?.memory).toEqual(expect.objectContaining({ id, status: 'ACTIVE' }));
    }
    expect(await runIntegrityCheck(dataDir)).toEqual({ ok: true, output: expect.any(String) as string });

    // the client retries everything: acknowledged ones are recognised, the rest are created once
    const retried = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        server!.gql<RememberData>(REMEMBER, { input: { content: fact(i), type: 'EVENT' } }),
      ),
    );
    retried.forEach((res, i) => {
      const result = res.data?.remember;
      expect(['CREATED', 'REINFORCED']).toContain(result?.outcome);
      if (acked.has(i)) {
        expect(result?.memory?.id).toBe(acked.get(i));
      }
    });
    expect(await activeCount(server)).toBe(200);
    expect((await runIntegrityCheck(dataDir)).ok).toBe(true);
  });

  it('should leave a 1,000-item linked import killed midway clean, and finish it once when sent again', async () => {
    server = await startServerProcess(dataDir);
    const items = Array.from({ length: 1000 }, (_, i) => ({
      content: fact(i),
      type: 'EVENT',
      ref: `r${i}`,
      links: i > 0 ? [{ toRef: `r${i - 1}`, type: 'RELATED_TO' }] : [],
    }));
    const wal = join(dataDir, 'engram.sqlite-wal');
    const walSize = (): number => (existsSync(wal) ? statSync(wal).size : 0);
    const walBefore = walSize();
    let answered = false;
    const sent = server
      .gql<{ importMemories: { created: number } }>(IMPORT, { items })
      .then((res) => ((answered = true), res))
      .catch(() => null);
    // The import is written in chunks, items first, then their links: killing as soon as the WAL grows stops it between
    // (or inside) chunks, and recovery must drop an unfinished chunk as a whole
    const started = Date.now();
    while (!answered && walSize() < walBefore + 256 * 1024 && Date.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await server.kill();
    const answer = await sent;

    server = await startServerProcess(dataDir);
    const afterCrash = await activeCount(server);
    process.stderr.write(
      `import killed after ${Date.now() - started} ms (answered: ${answer !== null}); after restart: ${afterCrash}\n`,
    );
    // whole chunks only, and all whenever the client was told it worked
    expect({ partChunk: afterCrash % IMPORT_WRITE_CHUNK, toldItWorked: answer !== null }).toEqual({
      partChunk: 0,
      toldItWorked: answer !== null && afterCrash === 1000,
    });
    const check = await runIntegrityCheck(dataDir);
    expect(check.output).toMatch(/^clean$/m);
    expect(check.ok).toBe(true);

    const again = await server.gql<{ importMemories: { created: number; duplicates: number } }>(IMPORT_COUNTS, {
      items,
    });
    expect(again.errors).toBeUndefined();
    expect(again.data?.importMemories).toEqual({ created: 1000 - afterCrash, duplicates: afterCrash });
    expect(await activeCount(server)).toBe(1000);
    const final = await runIntegrityCheck(dataDir);
    expect(final.output).toMatch(/alice: 1000 memories \(active 1000; 0 without a vector\), 999 associations/);
    expect(final.ok).toBe(true);
  });
});
