import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { tenantSearchToken } from 'src/store/search-terms';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { runCli } from 'test/e2e/support/cli-process';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { origin, rest } from 'test/e2e/support/rest-client';
import type { RestError } from 'test/e2e/support/rest-client';
import { codes, expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { storeIntegrity } from 'test/support/integrity';
import { itOnSqlite } from 'test/support/test-store';

// each CLI run boots ts-node in a child process
jest.setTimeout(240_000);

interface Header {
  kind: 'header';
  exportedAt: string;
  tenantId: string;
}

function lines(ndjson: string): Record<string, unknown>[] {
  return ndjson
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The records of an export without its header, and the header. */
function split(ndjson: string): { header: Header; records: Record<string, unknown>[] } {
  const [header, ...records] = lines(ndjson);

  return { header: header as unknown as Header, records };
}

function kinds(records: Record<string, unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) {
    out[String(r['kind'])] = (out[String(r['kind'])] ?? 0) + 1;
  }

  return out;
}

async function exportRest(t: TestApp, key: string): Promise<string> {
  const response = await fetch(`${origin(t)}/api/export`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);

  return response.text();
}

async function importRest(
  t: TestApp,
  key: string,
  body: string,
  contentType = 'application/x-ndjson',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin(t)}/api/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    body,
  });

  return { status: response.status, body: await response.json() };
}

/** Rows of `tenantId` in every table of the SQLite file: plain tables by tenant_id, search tables by their tenant column. */
function tenantRows(file: string, tenantId: string): Record<string, number> {
  const database = new SqliteDatabase({ file });
  try {
    const db = database.db;
    const out: Record<string, number> = {};
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'",
      )
      .all();
    for (const { name } of tables) {
      const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`).all();
      if (columns.some((c) => c.name === 'tenant_id')) {
        out[name] =
          db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM "${name}" WHERE tenant_id = ?`).get(tenantId)
            ?.n ?? -1;
      }
    }
    const token = tenantSearchToken(tenantId);
    out['memory_fts'] =
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM memory_fts WHERE tenant = ?').get(token)?.n ?? -1;
    out['message_fts'] =
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM message_fts WHERE tenant = ?').get(token)?.n ?? -1;
    out['memory_vectors'] =
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM memory_vectors WHERE tenant = ?').get(tenantId)
        ?.n ?? -1;
    out['message_vectors'] =
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM message_vectors WHERE tenant = ?').get(tenantId)
        ?.n ?? -1;
    out['bulletin_citations'] =
      db
        .prepare<[string], { n: number }>(
          'SELECT COUNT(*) AS n FROM bulletin_citations c JOIN memories m ON m.id = c.memory_id WHERE m.tenant_id = ?',
        )
        .get(tenantId)?.n ?? -1;
    out['meta'] =
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM meta WHERE key LIKE ?').get(`%:${tenantId}`)?.n ??
      -1;

    return out;
  } finally {
    void database.close();
  }
}

/** A tenant with channels, messages, a summary, extracted and remembered memories (one by a skill), edges and a bulletin. */
async function seed(t: TestApp, key: string, prefix: string): Promise<void> {
  const memories = new MemoryApi(t, key);
  const chats = new ConversationApi(t, key);
  await chats.configure({ channelId: `${prefix}-chat`, tokenBudget: 120 });
  const said = [
    'My name is Ann Jensen',
    'I live in Aarhus now',
    'remember that the shop runs on Postgres 16',
    'We talked about the garden and the new fence for a long time today',
    'The fence will be painted green next weekend, weather permitting',
  ];
  for (const content of said) {
    await chats.append({ channelId: `${prefix}-chat`, content, speaker: 'Ann' });
  }
  await chats.append({ channelId: `${prefix}-side`, content: 'I prefer green tea in the morning' });
  const skill = await memories.remember({
    content: 'The deploy script lives in ops/deploy.sh',
    source: { role: 'TOOL', skillId: 'ops-skill' },
  });
  const other = await memories.remember({
    content: 'Backups run nightly at two',
    source: { role: 'TOOL', skillId: 'ops-skill' },
  });
  const link = await t.gql(
    'mutation($input: LinkInput!) { link(input: $input) { type } }',
    { input: { fromId: skill.memory?.id, toId: other.memory?.id, type: 'RELATED_TO', weight: 0.6 } },
    key,
  );
  expectData(link, 'link');
  await chats.compact(`${prefix}-chat`);
  await chats.drain();
  expect((await chats.channel(`${prefix}-chat`))?.summary).toBeTruthy();
  expectData(await t.gql('mutation { refreshBulletin { id } }', {}, key), 'refreshBulletin');
}

describe('export, import and purge', () => {
  let t: TestApp;
  let scratch: string;

  beforeAll(async () => {
    // no periodic cortex sweep: it would rewrite a bulletin the purges removed while a test counts rows (the seed
    // asks for its bulletins itself)
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '0', CORTEX_SWEEP_MS: '3600000' });
    scratch = mkdtempSync(join(tmpdir(), 'engram-tenant-data-'));
    await seed(t, KEYS.alice, 'a');
    await seed(t, KEYS.bob, 'b');
  });

  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const env = (dataDir: string): Record<string, string> => ({ ENGRAM_DATA_DIR: dataDir, ENGRAM_API_KEYS: '' });

  /** The names each ACTIVE memory's entities have, by the memory's content, once no link is waiting. */
  async function entityNames(key: string): Promise<Record<string, string[]>> {
    await t.app.get(OwedEntityLinks).settled();
    const res = await t.gql<{ memories: { items: { content: string; entities: { name: string }[] }[] } }>(
      'query { memories(limit: 100) { items { content entities { name } } } }',
      {},
      key,
    );
    const items = expectData(res, 'memories').memories.items;

    return Object.fromEntries(items.map((m) => [m.content, m.entities.map((e) => e.name).sort()]));
  }

  itOnSqlite('a second, empty store beside the first')(
    'should round-trip through the CLI into a fresh store: only the header time differs, and a second import doubles nothing',
    async () => {
      const first = await runCli(['export', '--tenant', 'alice'], env(t.config.dataDir));
      expect(first).toMatchObject({ code: 0, stderr: '' });
      const exported = split(first.stdout);
      expect(exported.header).toMatchObject({ kind: 'header', tenantId: 'alice' });
      expect(kinds(exported.records)).toEqual({
        channel: 2,
        summary: 1,
        message: 6,
        memory: expect.any(Number) as number,
        entity: expect.any(Number) as number,
        bulletin: 1,
      });
      const memories = exported.records.filter((r) => r['kind'] === 'memory');
      expect(memories.some((m) => (m['extractedFrom'] as unknown[]).length > 0)).toBe(true);
      expect(memories.some((m) => (m['links'] as unknown[]).length > 0)).toBe(true);
      expect(JSON.stringify(exported.records)).not.toContain('b-chat');

      const fresh = join(scratch, 'fresh');
      // a fresh keyless store knows no tenant alice: refused unless asked for
      const refused = await runCli(['import', '--tenant', 'alice'], env(fresh), first.stdout);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('--new-tenant');
      const imported = await runCli(['import', '--tenant', 'alice', '--new-tenant'], env(fresh), first.stdout);
      expect(imported.code).toBe(0);
      const report = JSON.parse(imported.stdout) as Record<
        string,
        { created: number; existing: number; conflicts: number }
      >;
      expect(report['memories']).toEqual({ created: memories.length, existing: 0, conflicts: 0 });
      expect(report['messages']).toEqual({ created: 6, existing: 0, conflicts: 0 });
      await new Promise((resolve) => setTimeout(resolve, 5));

      const second = await runCli(['export', '--tenant', 'alice'], env(fresh));
      const again = split(second.stdout);
      expect(again.records).toEqual(exported.records);
      expect(second.stdout.split('\n').slice(1)).toEqual(first.stdout.split('\n').slice(1));
      expect(again.header.exportedAt).not.toBe(exported.header.exportedAt);

      const twice = await runCli(['import', '--tenant', 'alice'], env(fresh), first.stdout);
      const report2 = JSON.parse(twice.stdout) as Record<
        string,
        { created: number; existing: number; conflicts: number }
      >;
      expect(report2['memories']).toEqual({ created: 0, existing: memories.length, conflicts: 0 });
      expect(report2['channels']).toEqual({ created: 0, existing: 2, conflicts: 0 });
      const third = await runCli(['export', '--tenant', 'alice'], env(fresh));
      expect(split(third.stdout).records).toEqual(exported.records);
      const check = await runCli(['check'], env(fresh));
      expect(check.code).toBe(0);
      // the import's associations are what `check` counts (EXTRACTED_FROM edges are reported apart)
      const links = memories.reduce((n, m) => n + (m['links'] as unknown[]).length, 0);
      expect(report['associations']).toEqual({ created: links, existing: 0, conflicts: 0 });
      expect(check.stdout).toContain(`${links} associations`);
      expect(report['extractions']?.created).toBe(
        memories.reduce((n, m) => n + (m['extractedFrom'] as unknown[]).length, 0),
      );
    },
  );

  it('should export, purge and import one’s own tenant over REST, refusing bad input without writing', async () => {
    const before = split(await exportRest(t, KEYS.bob));
    expect(JSON.stringify(before.records)).not.toContain('a-chat');
    const linkedBefore = await entityNames(KEYS.bob);
    expect(Object.values(linkedBefore).flat().length).toBeGreaterThan(0);

    expect((await rest(t, '/api/export', { key: null })).status).toBe(401);
    expect((await rest(t, '/api/export', { key: 'wrong-key-000' })).status).toBe(401);
    const wrongType = await importRest(t, KEYS.bob, 'x', 'text/plain');
    expect(wrongType.status).toBe(400);
    const badLine = await importRest(t, KEYS.bob, `${JSON.stringify(before.header)}\n{"kind":"memory","id":"x"}\n`);
    expect(badLine).toMatchObject({ status: 400, body: { error: { code: 'BAD_USER_INPUT' } } });
    expect((badLine.body as RestError).error.message).toMatch(/^line 2: /);
    const noConfirm = await rest<RestError>(t, '/api/purge', { method: 'POST', key: KEYS.bob, body: '{}' });
    expect(noConfirm.status).toBe(400);
    const wrongConfirm = await rest<RestError>(t, '/api/purge', {
      method: 'POST',
      key: KEYS.bob,
      body: '{"confirm":"yes"}',
    });
    expect(wrongConfirm.status).toBe(400);
    expect(split(await exportRest(t, KEYS.bob)).records).toEqual(before.records);

    const purged = await rest<Record<string, number>>(t, '/api/purge', {
      method: 'POST',
      key: KEYS.bob,
      body: '{"confirm":"purge"}',
    });
    expect(purged.status).toBe(200);
    expect(purged.body).toMatchObject({ channels: 2, messages: 6, summaries: 1, bulletins: 1 });
    expect(purged.body['memories']).toBe(before.records.filter((r) => r['kind'] === 'memory').length);
    expect(split(await exportRest(t, KEYS.bob)).records).toEqual([]);

    const file = `${[before.header, ...before.records].map((r) => JSON.stringify(r)).join('\n')}\n`;
    const imported = await importRest(t, KEYS.bob, file);
    expect(imported.status).toBe(200);
    // over REST every id the tenant does not hold gets one of its own (listed), so the restore is the same records
    // under the listed ids; channel ids are bob's own keys and kept
    const renamed = (imported.body as { renamedIds: { kind: string; from: string; to: string }[] }).renamedIds;
    expect(renamed.map((r) => r.from).sort()).toEqual(
      before.records
        .filter((r) => r['kind'] !== 'channel')
        .map((r) => String(r['id']))
        .sort(),
    );
    const restored = renamed.reduce(
      (text, r) => text.replaceAll(`"${r.from}"`, `"${r.to}"`),
      JSON.stringify(before.records),
    );
    // an entity's mentions are in memory id order, and the ids were replaced
    const byLine = (records: Record<string, unknown>[]): string[] =>
      records
        .map((r) =>
          JSON.stringify(
            r['kind'] === 'entity'
              ? { ...r, mentions: (r['mentions'] as { memoryId: string }[]).map((m) => JSON.stringify(m)).sort() }
              : r,
          ),
        )
        .sort();
    expect(byLine(split(await exportRest(t, KEYS.bob)).records)).toEqual(
      byLine(JSON.parse(restored) as Record<string, unknown>[]),
    );
    const recalled = await new MemoryApi(t, KEYS.bob).recall('deploy script');
    expect(recalled.map((m) => m.content)).toContain('The deploy script lives in ops/deploy.sh');
    // the file carries the entities and their mentions: each restored memory names what it named before the purge
    await expect(entityNames(KEYS.bob)).resolves.toEqual(linkedBefore);

    // alice's file into bob's tenant: every memory, message, summary and bulletin id is alice's, so each gets an id of
    // bob's own; nothing of hers changes, and no count tells bob that her ids exist
    const alice = split(await exportRest(t, KEYS.alice));
    const aliceFile = `${[alice.header, ...alice.records].map((r) => JSON.stringify(r)).join('\n')}\n`;
    const crossed = await importRest(t, KEYS.bob, aliceFile);
    expect(crossed.status).toBe(200);
    const counts = crossed.body as Record<string, { created: number; existing: number; conflicts: number }>;
    for (const [kind, records] of [
      ['summary', 'summaries'],
      ['message', 'messages'],
      ['bulletin', 'bulletins'],
    ] as const) {
      expect(counts[records]).toEqual({
        created: alice.records.filter((r) => r['kind'] === kind).length,
        existing: 0,
        conflicts: 0,
      });
    }
    const aliceIds = new Set(alice.records.filter((r) => r['kind'] !== 'channel').map((r) => r['id']));
    const bobAfter = split(await exportRest(t, KEYS.bob)).records;
    expect(bobAfter.filter((r) => aliceIds.has(r['id']))).toEqual([]);
    expect(split(await exportRest(t, KEYS.alice)).records).toEqual(alice.records);
    // her channel names are bob's own keys: they arrive with her messages under ids of bob's
    expect(
      bobAfter.filter((r) => r['kind'] === 'channel' && String(r['id']).startsWith('a-')).map((r) => r['id']),
    ).toEqual(['a-chat', 'a-side']);
    const again = (await importRest(t, KEYS.bob, aliceFile)).body as Record<string, { created: number }>;
    expect(['summaries', 'messages', 'memories', 'bulletins'].map((kind) => again[kind]?.created)).toEqual([
      0, 0, 0, 0,
    ]);
    expect((await storeIntegrity(t.config)).problems).toEqual([]);
  });

  it('should delete a channel (optionally with what was learned only there) and purge a skill, in one’s own tenant only', async () => {
    const chats = new ConversationApi(t, KEYS.alice);
    await chats.append({ channelId: 'a-temp', content: 'My favourite colour is teal' });
    const memories = new MemoryApi(t, KEYS.alice);
    expect((await memories.active()).some((m) => /teal/.test(m.content))).toBe(true);

    const foreign = await rest<RestError>(t, '/api/channels/a-temp?withMemories=true', {
      method: 'DELETE',
      key: KEYS.bob,
    });
    expect(foreign.status).toBe(404);
    expect((await rest(t, '/api/channels/a-temp?withMemories=maybe', { method: 'DELETE' })).status).toBe(400);
    const deleted = await rest<Record<string, number>>(t, '/api/channels/a-temp?withMemories=true', {
      method: 'DELETE',
    });
    expect(deleted).toMatchObject({ status: 200, body: { channels: 1, messages: 1, summaries: 0 } });
    expect(deleted.body['memories']).toBeGreaterThanOrEqual(1);
    expect((await memories.active()).some((m) => /teal/.test(m.content))).toBe(false);
    expect(await chats.channel('a-temp')).toBeNull();
    expect((await rest(t, '/api/channels/a-temp', { method: 'DELETE' })).status).toBe(404);

    const gql = await t.gql<{ deleteChannel: { messages: number; memories: number } }>(
      'mutation { deleteChannel(channelId: "a-side") { messages memories } }',
    );
    expect(expectData(gql, 'deleteChannel').deleteChannel).toEqual({ messages: 1, memories: 0 });
    expect(codes(await t.gql('mutation { deleteChannel(channelId: "a-side") { messages } }'))).toEqual(['NOT_FOUND']);

    const bobBefore = (await new MemoryApi(t, KEYS.bob).active()).length;
    const skill = await t.gql<{ purgeSkill: { memories: number } }>(
      'mutation { purgeSkill(skillId: "ops-skill") { memories bulletins } }',
    );
    expect(expectData(skill, 'purgeSkill').purgeSkill.memories).toBe(2);
    expect((await memories.active()).some((m) => /deploy\.sh|Backups/.test(m.content))).toBe(false);
    expect((await new MemoryApi(t, KEYS.bob).active()).length).toBe(bobBefore);
    expect((await rest(t, '/api/skills/ops-skill', { method: 'DELETE', key: KEYS.bob })).body).toEqual({
      memories: 2,
      bulletins: expect.any(Number) as number,
    });
    expect(codes(await t.gql('mutation { purgeSkill(skillId: "bad skill!") { memories } }'))).toEqual([
      'BAD_USER_INPUT',
    ]);
  });

  it('should carry entities, their mentions and a merge through export, purge and import', async () => {
    const purge = (): Promise<unknown> =>
      rest(t, '/api/purge', { method: 'POST', key: KEYS.bob, body: '{"confirm":"purge"}' });
    await purge();
    const memories = new MemoryApi(t, KEYS.bob);
    await memories.remember({ content: 'My colleague Ana Silva runs the data team' });
    await memories.remember({ content: 'Anna Silva from the data team sent the quarterly report' });
    await t.app.get(OwedEntityLinks).settled();
    type EntityView = {
      id: string;
      name: string;
      aliases: string[];
      mergedIds: string[];
      memories: { content: string }[];
    };
    const people = async (): Promise<EntityView[]> =>
      expectData(
        await t.gql<{ entities: EntityView[] }>(
          'query { entities(kind: PERSON) { id name aliases mergedIds memories { content } } }',
          {},
          KEYS.bob,
        ),
        'entities',
      ).entities;
    const before = await people();
    const ana = before.find((e) => e.name === 'Ana Silva');
    const anna = before.find((e) => e.name === 'Anna Silva');
    expect({ ana: ana?.name, anna: anna?.name }).toEqual({ ana: 'Ana Silva', anna: 'Anna Silva' });
    const merged = await t.gql(
      'mutation($keep: ID!, $other: ID!) { mergeEntities(keepId: $keep, otherId: $other) { id } }',
      { keep: ana?.id, other: anna?.id },
      KEYS.bob,
    );
    expectData(merged, 'mergeEntities');
    const group = (await people()).find((e) => e.id === ana?.id);
    expect(group?.mergedIds).toEqual([anna?.id]);
    expect(group?.memories).toHaveLength(2);

    const exported = split(await exportRest(t, KEYS.bob));
    expect(exported.records.filter((r) => r['kind'] === 'entity').length).toBeGreaterThanOrEqual(2);
    await purge();
    expect(await people()).toEqual([]);
    const file = `${[exported.header, ...exported.records].map((r) => JSON.stringify(r)).join('\n')}\n`;
    const imported = await importRest(t, KEYS.bob, file);
    expect(imported.status).toBe(200);
    const report = imported.body as { entities: { created: number; conflicts: number } };
    expect(report.entities).toMatchObject({ created: exported.records.filter((r) => r['kind'] === 'entity').length });
    await t.app.get(OwedEntityLinks).settled();

    // one group again, under bob's new ids: the merge and both mentions came with the file
    const restored = (await people()).filter((e) => e.name === 'Ana Silva' || e.name === 'Anna Silva');
    expect(restored).toHaveLength(1);
    expect(restored[0]?.aliases).toContain('Anna Silva');
    expect(restored[0]?.mergedIds).toHaveLength(1);
    expect(restored[0]?.memories.map((m) => m.content).sort()).toEqual(
      ['Anna Silva from the data team sent the quarterly report', 'My colleague Ana Silva runs the data team'].sort(),
    );

    // a file whose merge names no entity of the file or of the tenant is refused, and nothing is written
    const stray = exported.records.map((r) =>
      r['kind'] === 'entity' && r['id'] === anna?.id ? { ...r, mergedInto: '00000000-0000-4000-8000-000000000000' } : r,
    );
    const refused = await importRest(
      t,
      KEYS.bob,
      `${[exported.header, ...stray].map((r) => JSON.stringify(r)).join('\n')}\n`,
    );
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'BAD_USER_INPUT' } } });
    expect((refused.body as RestError).error.message).toMatch(/mergedInto .* names no entity/);
  });

  // the Neo4j purge is asserted label by label in the tenant-data contract suite
  itOnSqlite('counts rows in the SQLite file')(
    'should purge a tenant from the CLI: nothing of it left in any table, the other tenant untouched, the check clean',
    async () => {
      const file = join(t.config.dataDir, 'engram.sqlite');
      const bobBefore = tenantRows(file, 'bob');
      const aliceBefore = tenantRows(file, 'alice');
      expect(aliceBefore['memories']).toBeGreaterThan(0);

      const purged = await runCli(['purge', '--tenant', 'alice', '--yes'], env(t.config.dataDir));

      expect(purged.code).toBe(0);
      const counts = JSON.parse(purged.stdout) as Record<string, number>;
      expect(counts).toMatchObject({
        memories: aliceBefore['memories'],
        memoryTextRows: aliceBefore['memory_fts'],
        memoryVectors: aliceBefore['memory_vectors'],
        associations: aliceBefore['associations'],
        channels: aliceBefore['channels'],
        messages: aliceBefore['messages'],
        messageTextRows: aliceBefore['message_fts'],
        messageVectors: aliceBefore['message_vectors'],
        summaries: aliceBefore['summaries'],
        extractions: aliceBefore['extracted_from'],
        bulletins: aliceBefore['bulletins'],
        citations: aliceBefore['bulletin_citations'],
        jobStates: aliceBefore['job_state'],
        llmUsage: aliceBefore['llm_usage'],
      });
      const left = tenantRows(file, 'alice');
      expect(Object.entries(left).filter(([, n]) => n !== 0)).toEqual([]);
      expect(Object.keys(left)).toEqual(
        expect.arrayContaining([
          'memories',
          'associations',
          'messages',
          'channels',
          'summaries',
          'bulletins',
          'memory_tags',
          'job_state',
        ]),
      );
      expect(tenantRows(file, 'bob')).toEqual(bobBefore);
      expect(await new MemoryApi(t, KEYS.alice).all()).toEqual([]);
      const check = await runCli(['check'], env(t.config.dataDir));
      expect({ code: check.code, report: check.stdout }).toEqual({ code: 0, report: expect.any(String) as string });
      expect((await runCli(['purge'], env(t.config.dataDir))).stderr).toMatch(/--tenant/);
    },
  );
});
