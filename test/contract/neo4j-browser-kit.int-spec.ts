import { randomUUID } from 'node:crypto';
import { isNode, isPath, isRelationship } from 'neo4j-driver';
import type { Path } from 'neo4j-driver';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EntityKind } from 'src/domain/entity.types';
import { MemoryType, RelationType } from 'src/domain/memory.enums';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { openNeo4jStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { at, embed, remember, SPACE } from 'test/contract/memory-fixtures';
import { assertOneSuiteAtATime } from 'test/contract/store-harness';

jest.setTimeout(120_000);

const uri = process.env['NEO4J_URI'];
const registry = CypherRegistry.load();
const BROWSER = registry.names().filter((name) => name.startsWith('browser/'));

type Row = Record<string, unknown>;

const content = (value: unknown): unknown => (isNode(value) ? value.properties['content'] : undefined);
/** An entity's name, a memory's content. */
const label = (value: unknown): unknown => (isNode(value) ? (value.properties['name'] ?? content(value)) : undefined);
/** Every node content along a path (start, each hop's end). */
const along = (value: unknown): unknown[] =>
  isPath(value) ? [value.start, ...value.segments.map((s) => s.end)].map(content) : [];

/**
 * The saved Neo4j Browser queries (cypher/browser/) against a tenant seeded through the adapters on a real server:
 * each returns the rows its comment promises. Only with NEO4J_URI.
 */
(uri ? describe : describe.skip)('Neo4j Browser kit on a seeded tenant (neo4j)', () => {
  const tenantId = `browser-${randomUUID()}`;
  let stores: Stores;
  let connection: Neo4jConnection;
  const ids: Record<string, string> = {};

  async function run(name: string, params: Record<string, unknown> = {}): Promise<Row[]> {
    const result = await connection.read('browser-kit', (tx) => tx.run(registry.get(name), { tenantId, ...params }));

    return result.records.map((record) => record.toObject());
  }

  beforeAll(async () => {
    assertOneSuiteAtATime(process.env['JEST_WORKER_ID']);
    const config = {
      uri: uri ?? '',
      user: process.env['NEO4J_USER'] ?? 'neo4j',
      password: process.env['NEO4J_PASSWORD'] ?? '',
      database: process.env['NEO4J_DATABASE'],
    };
    stores = openNeo4jStores(config);
    await stores.connection.init(SPACE);
    connection = stores.connection as Neo4jConnection;

    const identity = { type: MemoryType.IDENTITY, slot: 'name' };
    const byron = await remember(stores.memories, tenantId, "The user's name is Ada Byron", {
      overrides: { ...identity, createdAt: at(1) },
    });
    const ada = await remember(stores.memories, tenantId, "The user's name is Ada Lovelace", {
      overrides: { ...identity, createdAt: at(2) },
    });
    const engine = await remember(stores.memories, tenantId, 'The user writes programs for the Analytical Engine', {
      overrides: { createdAt: at(3) },
      links: [{ toId: ada.id, type: RelationType.RELATED_TO, weight: 0.8 }],
    });
    const lecture = await remember(stores.memories, tenantId, 'The user attended a lecture by Babbage in 1833', {
      overrides: { type: MemoryType.EVENT, createdAt: at(4) },
      links: [{ toId: engine.id, type: RelationType.PART_OF, weight: 0.6 }],
    });
    const message = await stores.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId,
        channelId: 'salon',
        role: MessageRole.USER,
        speaker: 'Ada',
        trust: Trust.GUARDIAN,
        content: 'I write programs for the Analytical Engine',
        tokenCount: 8,
        createdAt: at(5),
        extractedAt: null,
      },
      vector: await embed('I write programs for the Analytical Engine'),
      projectId: null,
    });
    await stores.conversations.linkExtracted(tenantId, engine.id, message.message.id, at(6));
    await stores.bulletins.saveBulletin({
      id: `b-${randomUUID()}`,
      tenantId,
      content: 'About the user: Ada Lovelace, writes programs for the Analytical Engine',
      generatedAt: at(7),
      memoryIds: [ada.id, engine.id],
      marker: '1:2:3',
      digest: 'digest',
      source: 'template',
    });
    await stores.graph.writeImportance(tenantId, [
      { id: engine.id, importance: 0.9, centrality: 0.7 },
      { id: ada.id, importance: 0.8, centrality: 0.5 },
      { id: lecture.id, importance: 0.3, centrality: 0.1 },
    ]);
    await stores.graph.writeDecay(
      tenantId,
      [{ id: lecture.id, decayScore: 0.05, fading: true, expiredAt: null }],
      at(8),
    );
    const mention = (memoryId: string, kind: EntityKind, name: string, key: string) =>
      stores.entities.linkMentions(tenantId, memoryId, [{ id: randomUUID(), kind, name, key, keys: [key] }], at(9));
    const [lovelace] = await mention(ada.id, EntityKind.PERSON, 'Ada Lovelace', 'ada lovelace');
    const [adaByron] = await mention(byron.id, EntityKind.PERSON, 'Ada Byron', 'ada byron');
    await mention(engine.id, EntityKind.PERSON, 'Ada Lovelace', 'ada lovelace');
    await mention(engine.id, EntityKind.PROJECT, 'Analytical Engine', 'analytical engine');
    await mention(lecture.id, EntityKind.PERSON, 'Babbage', 'babbage');
    await stores.entities.mergeEntities(tenantId, lovelace?.id ?? '', adaByron?.id ?? '', at(10));
    Object.assign(ids, { byron: byron.id, ada: ada.id, engine: engine.id, lecture: lecture.id });
  });

  afterAll(async () => {
    await stores?.tenantData.purgeTenant(tenantId);
    await stores?.connection.close();
  });

  it('should hold the eleven saved queries this suite checks', () => {
    expect(BROWSER.sort()).toEqual(
      [
        'active-graph',
        'bulletin-citations',
        'entity-connections',
        'entity-profile',
        'fading-memories',
        'identity-graph',
        'memory-neighbourhood',
        'memory-provenance',
        'most-central',
        'supersession-chains',
        'tenant-overview',
      ].map((name) => `browser/${name}`),
    );
  });

  it('tenant-overview: memories by type and status with their average importance', async () => {
    expect(await run('browser/tenant-overview')).toEqual([
      { type: 'EVENT', status: 'ACTIVE', memories: 1, avgImportance: 0.3 },
      { type: 'FACT', status: 'ACTIVE', memories: 1, avgImportance: 0.9 },
      { type: 'IDENTITY', status: 'ACTIVE', memories: 1, avgImportance: 0.8 },
      { type: 'IDENTITY', status: 'SUPERSEDED', memories: 1, avgImportance: expect.any(Number) as number },
    ]);
  });

  it('identity-graph: the active identity and the active memories linked to it', async () => {
    const rows = await run('browser/identity-graph');

    expect(new Set(rows.map((r) => content(r['i'])))).toEqual(new Set(["The user's name is Ada Lovelace"]));
    expect(rows.flatMap((r) => along(r['path']))).toContain('The user writes programs for the Analytical Engine');
  });

  it('active-graph: the most important active memories and the typed edges between them', async () => {
    const rows = await run('browser/active-graph');
    const edges = rows
      .filter((r) => isRelationship(r['r']))
      .map((r) => [content(r['a']), (r['r'] as { type: string }).type, content(r['b'])]);

    expect(edges).toEqual(
      expect.arrayContaining([
        ['The user writes programs for the Analytical Engine', 'RELATED_TO', "The user's name is Ada Lovelace"],
        [
          'The user attended a lecture by Babbage in 1833',
          'PART_OF',
          'The user writes programs for the Analytical Engine',
        ],
      ]),
    );
    expect(rows.map((r) => content(r['a']))).not.toContain("The user's name is Ada Byron");
  });

  it('most-central: the most central memories first, with their neighbours', async () => {
    const rows = await run('browser/most-central');

    expect(content(rows[0]?.['m'])).toBe('The user writes programs for the Analytical Engine');
    expect(rows.flatMap((r) => along(r['around']))).toContain("The user's name is Ada Lovelace");
  });

  it('supersession-chains: the retired memory, its replacement and the UPDATES edge', async () => {
    const rows = await run('browser/supersession-chains');

    expect(rows.map((r) => [content(r['old']), content(r['new']), (r['r'] as { type?: string } | null)?.type])).toEqual(
      [["The user's name is Ada Byron", "The user's name is Ada Lovelace", 'UPDATES']],
    );
  });

  it('memory-provenance: the message and channel a memory came from and the episode promoted into it', async () => {
    const [row] = await run('browser/memory-provenance', { memoryId: ids['engine'] });
    const source = row?.['source'] as Path;

    expect(isPath(source)).toBe(true);
    expect(source.segments.map((s) => s.end.labels[0])).toEqual(['Message', 'Channel']);
    expect(along(row?.['episodes'])[0]).toBe('The user attended a lecture by Babbage in 1833');
  });

  it('memory-neighbourhood: everything within two hops, messages and bulletins included', async () => {
    const rows = await run('browser/memory-neighbourhood', { memoryId: ids['engine'] });
    const labels = new Set(
      rows.flatMap((r) => (isPath(r['path']) ? r['path'].segments.flatMap((s) => s.end.labels) : [])),
    );

    expect([...labels]).toEqual(expect.arrayContaining(['Memory', 'Message', 'Channel', 'Bulletin']));
    expect(rows.flatMap((r) => along(r['path']))).toContain("The user's name is Ada Lovelace");
  });

  it('bulletin-citations: the latest bulletin, the memories it cites and the edges between them', async () => {
    const rows = await run('browser/bulletin-citations');

    expect(new Set(rows.map((r) => along(r['cited'])[1]))).toEqual(
      new Set(["The user's name is Ada Lovelace", 'The user writes programs for the Analytical Engine']),
    );
    expect(rows.flatMap((r) => along(r['between']))).toEqual(
      expect.arrayContaining(['The user writes programs for the Analytical Engine', "The user's name is Ada Lovelace"]),
    );
  });

  it('fading-memories: active memories the maintenance job marked fading, lowest decay first', async () => {
    expect(await run('browser/fading-memories')).toEqual([
      expect.objectContaining({
        type: 'EVENT',
        content: 'The user attended a lecture by Babbage in 1833',
        decay: 0.05,
      }),
    ]);
  });

  it('entity-profile: the merged group, its memories over time and the entities they also mention', async () => {
    const rows = await run('browser/entity-profile', { entityName: 'ada byron' });

    expect(new Set(rows.map((r) => label(r['root'])))).toEqual(new Set(['Ada Lovelace']));
    expect(new Set((rows[0]?.['members'] as unknown[]).map(label))).toEqual(new Set(['Ada Lovelace', 'Ada Byron']));
    expect((rows[0]?.['merges'] as Path[]).map((p) => [label(p.start), label(p.end)])).toEqual([
      ['Ada Byron', 'Ada Lovelace'],
    ]);
    expect(
      rows.map((r) => [along(r['mention'])[0], r['type'], r['status'], (r['neighbours'] as unknown[]).map(label)]),
    ).toEqual([
      ["The user's name is Ada Byron", 'IDENTITY', 'SUPERSEDED', []],
      ["The user's name is Ada Lovelace", 'IDENTITY', 'ACTIVE', []],
      ['The user writes programs for the Analytical Engine', 'FACT', 'ACTIVE', ['Analytical Engine']],
    ]);
  });

  it('entity-connections: the shortest paths between two entities, through a merge and memory edges', async () => {
    const rows = await run('browser/entity-connections', { fromName: 'Ada Byron', toName: 'BABBAGE' });
    const path = rows[0]?.['path'] as Path;

    expect(rows).toHaveLength(1);
    expect(rows[0]?.['hops']).toBe(4);
    expect([path.start, ...path.segments.map((s) => s.end)].map(label)).toEqual([
      'Ada Byron',
      'Ada Lovelace',
      'The user writes programs for the Analytical Engine',
      'The user attended a lecture by Babbage in 1833',
      'Babbage',
    ]);
    expect(path.segments.map((s) => s.relationship.type)).toEqual(['MERGED_INTO', 'MENTIONS', 'PART_OF', 'MENTIONS']);
    expect(await run('browser/entity-connections', { fromName: 'Babbage', toName: 'Nobody' })).toEqual([]);
  });
});
