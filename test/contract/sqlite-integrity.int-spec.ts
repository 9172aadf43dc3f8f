import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { IntegrityProblemKind } from 'src/store/integrity-store.port';
import type { IntegrityProblem } from 'src/store/integrity-store.port';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { at, embed, remember, SPACE } from 'test/contract/memory-fixtures';
import { runIntegrityCheck } from 'test/support/integrity';

jest.setTimeout(120_000);

/**
 * The SQLite store corrupted on purpose, one fault per test, the way a crash, a bug or a hand edit would leave it:
 * the check must name each fault. (The clean case and the counts are in the IntegrityStore contract.)
 */
describe('SQLite integrity check on a corrupted store', () => {
  let dir: string;
  let stores: Stores;
  let db: SqliteDatabase['db'];
  const tenant = 'acme';

  async function seed(): Promise<{ john: MemoryRecord; peter: MemoryRecord; tea: MemoryRecord }> {
    const john = await remember(stores.memories, tenant, "The user's name is John", { overrides: { slot: 'name' } });
    const peter = await remember(stores.memories, tenant, "The user's name is Peter", {
      overrides: { slot: 'name', createdAt: at(5) },
    });
    const tea = await remember(stores.memories, tenant, 'The user drinks green tea');

    return { john, peter, tea };
  }

  const rowid = (id: string): number => db.prepare('SELECT rowid FROM memories WHERE id = ?').pluck().get(id) as number;

  async function problems(): Promise<Pick<IntegrityProblem, 'kind' | 'tenantId' | 'subject' | 'id'>[]> {
    const report = await stores.integrity.checkIntegrity();

    return report.problems.map(({ kind, tenantId, subject, id }) => ({ kind, tenantId, subject, id }));
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-integrity-'));
    stores = openSqliteStores(join(dir, 'engram.sqlite'));
    await stores.connection.init(SPACE);
    db = (stores.connection as SqliteDatabase).db;
  });

  afterEach(async () => {
    await stores.connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should find nothing wrong before the store is touched', async () => {
    await seed();

    expect(await problems()).toEqual([]);
  });

  it('should report a memory whose vector row was deleted, and one whose vector row is stale', async () => {
    const { tea, john } = await seed();
    db.prepare('DELETE FROM memory_vectors WHERE rowid = ?').run(BigInt(rowid(tea.id)));
    db.prepare("UPDATE memory_vectors SET status = 'ACTIVE' WHERE rowid = ?").run(BigInt(rowid(john.id)));

    expect(await problems()).toEqual([
      { kind: IntegrityProblemKind.STALE_VECTOR, tenantId: tenant, subject: 'memory', id: john.id },
      { kind: IntegrityProblemKind.MISSING_VECTOR, tenantId: tenant, subject: 'memory', id: tea.id },
    ]);
  });

  it('should report a memory without its full-text row, and a full-text row without its memory', async () => {
    const { tea, peter } = await seed();
    const teaRow = rowid(tea.id);
    db.prepare('DELETE FROM memory_fts WHERE rowid = ?').run(BigInt(teaRow));
    db.prepare('INSERT INTO memory_fts (rowid, content, context, tenant) VALUES (?, ?, ?, ?)').run(
      BigInt(9999),
      'ghost',
      '',
      'x',
    );
    db.prepare("UPDATE memory_fts SET content = 'something else' WHERE rowid = ?").run(BigInt(rowid(peter.id)));

    expect(await problems()).toEqual(
      expect.arrayContaining([
        { kind: IntegrityProblemKind.MISSING_TEXT, tenantId: tenant, subject: 'memory', id: tea.id },
        { kind: IntegrityProblemKind.STALE_TEXT, tenantId: tenant, subject: 'memory', id: peter.id },
        { kind: IntegrityProblemKind.ORPHAN_TEXT, tenantId: null, subject: 'memory_fts', id: 'rowid 9999' },
      ]),
    );
    expect(await problems()).toHaveLength(3);
  });

  it('should report edges to missing nodes: an association, provenance, a citation and a summary', async () => {
    const { tea, peter } = await seed();
    const appended = await stores.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: tenant,
        channelId: 'chat',
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content: 'I like tea',
        tokenCount: 3,
        createdAt: at(1),
        extractedAt: null,
      },
      vector: await embed('I like tea'),
      projectId: null,
    });
    await stores.conversations.linkExtracted(tenant, tea.id, appended.message.id, at(2));
    await stores.bulletins.saveBulletin({
      id: 'b1',
      tenantId: tenant,
      content: 'tea',
      generatedAt: at(3),
      memoryIds: [peter.id],
      marker: 'm',
      digest: 'd',
      source: 'template',
    });
    db.pragma('foreign_keys = OFF');
    db.prepare(
      "INSERT INTO associations (tenant_id, from_id, to_id, type, weight, created_at) VALUES (?, ?, 'ghost', 'RELATED_TO', 1, 0)",
    ).run(tenant, tea.id);
    // the memory goes without its edges (no cascade with foreign keys off)
    db.prepare('DELETE FROM memory_fts WHERE rowid = ?').run(BigInt(rowid(peter.id)));
    db.prepare('DELETE FROM memory_vectors WHERE rowid = ?').run(BigInt(rowid(peter.id)));
    db.prepare('DELETE FROM memories WHERE id = ?').run(peter.id);
    db.prepare("UPDATE messages SET summary_id = 'gone' WHERE id = ?").run(appended.message.id);
    db.pragma('foreign_keys = ON');

    const found = await problems();

    expect(
      found
        .filter((p) => p.kind === IntegrityProblemKind.DANGLING_EDGE)
        .map((p) => p.subject)
        .sort(),
    ).toEqual([
      'CITES',
      'SUMMARIZES',
      'association',
      // john was superseded by peter: its UPDATES edge and its supersededBy now point at nothing
      'association',
      'supersededBy',
    ]);
    expect(found.find((p) => p.subject === 'association' && p.id.endsWith('ghost'))).toEqual(
      expect.objectContaining({ tenantId: tenant, id: `${tea.id} -[RELATED_TO]-> ghost` }),
    );
    expect(found.every((p) => p.kind === IntegrityProblemKind.DANGLING_EDGE)).toBe(true);
  });

  it('should report an EXTRACTED_FROM edge whose message is gone, and a message without its vector', async () => {
    const { tea } = await seed();
    const appended = await stores.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: tenant,
        channelId: 'chat',
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content: 'I like tea',
        tokenCount: 3,
        createdAt: at(1),
        extractedAt: null,
      },
      vector: await embed('I like tea'),
      projectId: null,
    });
    const second = await stores.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: tenant,
        channelId: 'chat',
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content: 'Green, mostly',
        tokenCount: 2,
        createdAt: at(2),
        extractedAt: null,
      },
      vector: await embed('Green, mostly'),
      projectId: null,
    });
    await stores.conversations.linkExtracted(tenant, tea.id, appended.message.id, at(2));
    const messageRow = db.prepare('SELECT rowid FROM messages WHERE id = ?').pluck().get(appended.message.id) as number;
    db.pragma('foreign_keys = OFF');
    db.prepare('DELETE FROM message_fts WHERE rowid = ?').run(BigInt(messageRow));
    db.prepare('DELETE FROM message_vectors WHERE rowid = ?').run(BigInt(messageRow));
    db.prepare('DELETE FROM messages WHERE id = ?').run(appended.message.id);
    db.pragma('foreign_keys = ON');
    const secondRow = db.prepare('SELECT rowid FROM messages WHERE id = ?').pluck().get(second.message.id) as number;
    db.prepare('DELETE FROM message_vectors WHERE rowid = ?').run(BigInt(secondRow));

    expect(await problems()).toEqual([
      { kind: IntegrityProblemKind.MISSING_VECTOR, tenantId: tenant, subject: 'message', id: second.message.id },
      {
        kind: IntegrityProblemKind.DANGLING_EDGE,
        tenantId: tenant,
        subject: 'EXTRACTED_FROM',
        id: `${tea.id} -> ${appended.message.id}`,
      },
    ]);
  });

  it('should report two ACTIVE memories in one slot, and two ACTIVE with one fingerprint', async () => {
    const { john, tea } = await seed();
    // john comes back without retiring peter, as a write that skipped the slot rule would leave it
    db.prepare("UPDATE memories SET status = 'ACTIVE', live_fingerprint = fingerprint WHERE id = ?").run(john.id);
    db.prepare("UPDATE memory_vectors SET status = 'ACTIVE' WHERE rowid = ?").run(BigInt(rowid(john.id)));
    // a second copy of the tea memory that the live-fingerprint index did not stop (its guard is missing)
    const copy = await remember(stores.memories, tenant, 'The user drinks green tea, copy');
    db.prepare('UPDATE memories SET fingerprint = ? WHERE id = ?').run(tea.fingerprint, copy.id);
    db.prepare('UPDATE memories SET live_fingerprint = NULL WHERE id = ?').run(copy.id);

    const found = await problems();

    expect(found.filter((p) => p.kind === IntegrityProblemKind.DUPLICATE_ACTIVE_SLOT)).toEqual([
      { kind: IntegrityProblemKind.DUPLICATE_ACTIVE_SLOT, tenantId: tenant, subject: 'slot', id: 'name' },
    ]);
    expect(found.filter((p) => p.kind === IntegrityProblemKind.DUPLICATE_ACTIVE_FINGERPRINT)).toEqual([
      {
        kind: IntegrityProblemKind.DUPLICATE_ACTIVE_FINGERPRINT,
        tenantId: tenant,
        subject: 'fingerprint',
        id: tea.fingerprint,
      },
    ]);
    const report = await stores.integrity.checkIntegrity();
    expect(report.problems.find((p) => p.kind === IntegrityProblemKind.DUPLICATE_ACTIVE_SLOT)?.detail).toContain(
      john.id,
    );
  });

  it('should report a retired memory that still holds its live fingerprint', async () => {
    const { john } = await seed();
    db.prepare('UPDATE memories SET live_fingerprint = fingerprint WHERE id = ?').run(john.id);

    expect(await problems()).toEqual([
      { kind: IntegrityProblemKind.UNGUARDED_MEMORY, tenantId: tenant, subject: 'memory', id: john.id },
    ]);
    expect((await stores.memories.getMemory(tenant, john.id))?.status).toBe(MemoryStatus.SUPERSEDED);
  });

  it('should exit 1 from `check` when there is no store, rather than create an empty one', async () => {
    const missing = join(dir, 'nothing-here');
    const result = await runIntegrityCheck(missing);

    expect(result.ok).toBe(false);
    expect(result.output).toContain(`no SQLite store at ${join(missing, 'engram.sqlite')}`);
    expect(existsSync(missing)).toBe(false);
  });

  it('should exit 0 from `check` on a clean store and 1 with the list on a corrupted one', async () => {
    const { tea } = await seed();
    await stores.connection.close();
    const clean = await runIntegrityCheck(dir);
    expect(clean.ok).toBe(true);
    expect(clean.output).toMatch(/acme: 3 memories \(active 2, superseded 1; 0 without a vector\)/);
    expect(clean.output).toMatch(/^clean$/m);

    stores = openSqliteStores(join(dir, 'engram.sqlite'));
    await stores.connection.init(SPACE);
    db = (stores.connection as SqliteDatabase).db;
    db.prepare('DELETE FROM memory_vectors WHERE rowid = ?').run(BigInt(rowid(tea.id)));
    const broken = await runIntegrityCheck(dir);

    expect(broken.ok).toBe(false);
    expect(broken.output).toContain(`MISSING_VECTOR (tenant acme): 1\n  memory ${tea.id}: no memory_vectors row`);
    expect(broken.output).toMatch(/NOT CLEAN: 1 problem/);
  });
});
