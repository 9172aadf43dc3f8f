import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryType } from 'src/domain/memory.enums';
import { column, enumColumn } from 'src/store/sqlite/sqlite-columns';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { draft, SPACE } from 'test/contract/memory-fixtures';

describe(enumColumn.name, () => {
  it('should pass a known value through and refuse any other, naming the column and the value', () => {
    expect(column.memoryType('FACT')).toBe(MemoryType.FACT);
    expect(() => column.memoryType('fact')).toThrow('SQLite memories.type holds "fact", which is not one of');
    expect(() => column.bulletinSource('human')).toThrow(/bulletins\.source holds "human"/);
  });
});

async function read<T>(call: () => Promise<T>): Promise<T> {
  return call();
}

describe('SQLite rows read through the checked columns', () => {
  let dir: string;
  let stores: Stores;
  let db: SqliteDatabase['db'];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-columns-'));
    stores = openSqliteStores(join(dir, 'engram.sqlite'));
    await stores.connection.init(SPACE);
    db = (stores.connection as SqliteDatabase).db;
  });

  afterEach(async () => {
    await stores.connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should fail the read of a memory whose type column holds a value the code never writes', async () => {
    const { memory } = await stores.memories.insertMemory({
      memory: draft('acme', 'The user keeps bees'),
      vector: null,
      links: [],
      supersede: [],
    });
    expect((await stores.memories.getMemory('acme', memory.id))?.type).toBe(MemoryType.FACT);

    db.prepare("UPDATE memories SET type = 'RUMOUR' WHERE id = ?").run(memory.id);

    // the adapter reads synchronously, so the error may come before the promise: read as callers do, awaited
    await expect(read(() => stores.memories.getMemory('acme', memory.id))).rejects.toThrow(
      'SQLite memories.type holds "RUMOUR"',
    );
  });

  it('should fail the read of a message whose role column was edited by hand', async () => {
    const { message } = await stores.conversations.appendMessage({
      message: {
        id: 'm1',
        tenantId: 'acme',
        channelId: 'general',
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content: 'hello there',
        tokenCount: 2,
        createdAt: new Date(),
        extractedAt: null,
      },
      vector: null,
      projectId: null,
    });

    db.prepare("UPDATE messages SET role = 'ROBOT' WHERE id = ?").run(message.id);

    await expect(read(() => stores.conversations.getMessages('acme', [message.id]))).rejects.toThrow(
      'SQLite messages.role holds "ROBOT"',
    );
  });
});
