import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

import { SqliteReadThread } from 'src/store/sqlite/sqlite-read-thread';

describe('SqliteReadThread', () => {
  let dir: string;
  let file: string;
  let db: BetterSqlite3.Database;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-read-thread-'));
    file = join(dir, 'engram.sqlite');
    db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.exec("CREATE TABLE t (id TEXT, n INTEGER); INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3)");
  });

  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads rows with bound values on its own connection, and sees later commits', async () => {
    const thread = new SqliteReadThread(file);
    try {
      await expect(thread.all('SELECT id FROM t WHERE n >= ? ORDER BY n', [2])).resolves.toEqual([
        { id: 'b' },
        { id: 'c' },
      ]);
      db.prepare("INSERT INTO t VALUES ('d', 4)").run();
      await expect(thread.all('SELECT id FROM t WHERE n >= ? ORDER BY n', [3])).resolves.toEqual([
        { id: 'c' },
        { id: 'd' },
      ]);
    } finally {
      await thread.close();
    }
  });

  it('refuses a write (its connection is read-only) and keeps answering after the error', async () => {
    const thread = new SqliteReadThread(file);
    try {
      await expect(thread.all("INSERT INTO t VALUES ('x', 9) RETURNING id", [])).rejects.toThrow(/readonly/i);
      await expect(thread.all('SELECT count(*) AS n FROM t WHERE id = ?', ['x'])).resolves.toEqual([{ n: 0 }]);
    } finally {
      await thread.close();
    }
  });

  it('rejects reads once closed', async () => {
    const thread = new SqliteReadThread(file);
    await thread.all('SELECT 1 AS one', []);
    await thread.close();

    await expect(thread.all('SELECT 1 AS one', [])).rejects.toThrow(/closed/);
  });
});
