import { randomUUID } from 'node:crypto';

import { MemoryStatus } from 'src/domain/memory.enums';
import { MESSAGE_WORDS_VERSION, SEARCH_WORDS_VERSION } from 'src/store/neo4j/lucene-query';
import { Neo4jBulletinStore } from 'src/store/neo4j/neo4j-bulletin.store';
import { Neo4jConversationStore } from 'src/store/neo4j/neo4j-conversation.store';
import { Neo4jConstraintError } from 'src/store/neo4j/neo4j-errors';
import { Neo4jMemoryGraphStore } from 'src/store/neo4j/neo4j-memory-graph.store';
import { Neo4jMemoryStore } from 'src/store/neo4j/neo4j-memory.store';
import { backfillSearchWords } from 'src/store/neo4j/neo4j-search-words';
import { Neo4jTenantDataStore } from 'src/store/neo4j/neo4j-tenant-data.store';
import { toDateTime } from 'src/store/neo4j/neo4j-values';
import type { ExportedMemory } from 'src/store/tenant-data.port';
import { draft } from 'test/contract/memory-fixtures';
import { RecordingNeo4jConnection } from 'test/support/recording-neo4j';

const AT = new Date('2026-01-02T03:04:05.000Z');

/** What the Neo4j adapters send, checked without a server (a recording fake of the registry's `run`). */
describe('Neo4j adapters, statement by statement', () => {
  it('should make the bulletin nonce once, so a transaction function run again after a lost commit answer still sees its own bulletin', async () => {
    const bulletinRow = {
      bulletin: {
        id: 'b1',
        tenantId: 't',
        content: 'x',
        generatedAt: toDateTime(AT),
        marker: 'm',
        digest: 'd',
        source: 'template',
      },
      memoryIds: [],
    };
    const connection = new RecordingNeo4jConnection(
      (run) =>
        run.name === 'cortex/save-bulletin'
          ? [{ ours: true, created: run.params['nonce'] === nonces[0] }]
          : [bulletinRow],
      2,
    );
    const nonces: unknown[] = [];
    const original = connection.run.bind(connection);
    jest.spyOn(connection, 'run').mockImplementation((tx, name, params) => {
      if (name === 'cortex/save-bulletin') {
        nonces.push(params['nonce']);
      }

      return original(tx, name, params);
    });
    const store = new Neo4jBulletinStore(connection);

    const saved = await store.saveBulletin({
      id: 'b1',
      tenantId: 't',
      content: 'x',
      generatedAt: AT,
      memoryIds: [],
      marker: 'm',
      digest: 'd',
      source: 'template',
    });

    expect(nonces).toHaveLength(2);
    expect(nonces[1]).toBe(nonces[0]);
    expect(saved.created).toBe(true);
  });

  it('should run set-memory-status again after a uniqueness conflict (a concurrent reactivation took the fingerprint)', async () => {
    const connection = new RecordingNeo4jConnection((_, call) => (call === 1 ? new Neo4jConstraintError('taken') : []));
    const store = new Neo4jMemoryStore(connection);

    await expect(store.setStatus('t', 'm1', MemoryStatus.ACTIVE, AT)).resolves.toBeNull();
    expect(connection.runs.map((run) => run.name)).toEqual(['memory/set-memory-status', 'memory/set-memory-status']);
  });

  it('should send each sweep across tenants its own statement, without a null tenant filter', async () => {
    const connection = new RecordingNeo4jConnection();
    const conversations = new Neo4jConversationStore(connection);
    const graph = new Neo4jMemoryGraphStore(connection);

    await conversations.listOwedExtractions(null, AT, 10);
    await conversations.listOwedExtractions('t', AT, 10);
    await conversations.listChannelsOverBudget(null, 8000, 0.8, 10);
    await conversations.listChannelsOverBudget('t', 8000, 0.8, 10);
    await graph.changeMarkers();
    await graph.changeMarker('t');

    expect(connection.runs.map((run) => [run.name, 'tenantId' in run.params])).toEqual([
      ['conversation/list-owed-extractions-all', false],
      ['conversation/list-owed-extractions', true],
      ['conversation/list-channels-over-budget-all', false],
      ['conversation/list-channels-over-budget', true],
      ['cortex/change-markers-all', false],
      ['cortex/change-markers', true],
    ]);
  });

  it('should purge a tenant label by label with static-label statements, looping while a batch comes back full', async () => {
    const connection = new RecordingNeo4jConnection((run, call) =>
      run.name === 'tenant/purge-tenant-memories' && call === 3
        ? [{ deleted: 5000, vectors: 10 }]
        : [{ deleted: 0, vectors: 0 }],
    );

    const purged = await new Neo4jTenantDataStore(connection).purgeTenant('t');

    expect(connection.runs.map((run) => run.name)).toEqual([
      'tenant/count-tenant-edges',
      'tenant/purge-tenant-bulletins',
      'tenant/purge-tenant-memories',
      'tenant/purge-tenant-memories',
      'tenant/purge-tenant-messages',
      'tenant/purge-tenant-summaries',
      'tenant/purge-tenant-channels',
      'tenant/purge-tenant-job-states',
      'tenant/purge-tenant-task-budgets',
      'tenant/purge-tenant-slot-locks',
      'tenant/purge-tenant-llm-usage',
      'tenant/purge-tenant-import-runs',
      'tenant/purge-tenant-entities',
    ]);
    expect(connection.runs.every((run) => !('label' in run.params))).toBe(true);
    expect(purged).toMatchObject({ memories: 5000, memoryVectors: 10 });
  });

  it('should import a batch holding duplicates in conflict-free rounds, one statement each', async () => {
    const connection = new RecordingNeo4jConnection((run) =>
      (run.params['items'] as { props: { id: string } }[]).map((item) => ({
        id: item.props.id,
        owner: null,
        taken: false,
        made: 1,
      })),
    );
    const exported = (content: string, slot: string | null = null): ExportedMemory => ({
      ...draft('t', content, { slot }),
      fading: false,
      expiredAt: null,
      lastAccessedAt: null,
      accessCount: 0,
      supersededBy: null,
      validUntil: null,
      decayScore: null,
      links: [],
      extractedFrom: [],
    });
    const first = exported('The user lives in Aarhus', 'location');
    const sameId = first;
    const sameFingerprint = { ...first, id: randomUUID(), slot: null };
    const other = exported('The user likes tea');

    await new Neo4jTenantDataStore(connection).importMemories(
      't',
      [first, sameId, sameFingerprint, other].map((memory) => ({ memory, vector: null })),
    );

    const rounds = connection.runs.map((run) =>
      (run.params['items'] as { props: { id: string } }[]).map((item) => item.props.id),
    );
    // the repeated row carries the fingerprint too, so the third row waits for it: each sees the rows before it
    expect(connection.runs.every((run) => run.name === 'tenant/import-memories')).toBe(true);
    expect(rounds).toEqual([[first.id, other.id], [sameId.id], [sameFingerprint.id]]);
  });
});

describe('Neo4j boot: search indexes compared with the schema', () => {
  const oldFullText = {
    name: 'memory_content',
    type: 'FULLTEXT',
    labelsOrTypes: ['Memory'],
    properties: ['content', 'context', 'tenantKey'],
    indexConfig: { 'fulltext.analyzer': 'standard-no-stop-words' },
    createStatement: null,
  };
  const currentVector = {
    name: 'memory_embedding',
    type: 'VECTOR',
    labelsOrTypes: ['Memory'],
    properties: ['embedding', 'tenantId', 'status'],
    indexConfig: { 'vector.dimensions': 64, 'vector.similarity_function': 'COSINE' },
    createStatement: null,
  };

  it('should drop and create again an index declared otherwise, log why and its population, and leave a matching one', async () => {
    const connection = new RecordingNeo4jConnection((run) => {
      switch (run.name) {
        case 'meta/read-embedding-space':
          return [{ model: 'hash-v1-64', dimensions: 64 }];
        case 'meta/show-vector-index':
          return [{ dimensions: 64 }];
        case 'meta/show-search-indexes':
          return [oldFullText, currentVector];
        case 'meta/index-progress':
          return [{ name: 'memory_content', state: 'ONLINE', populationPercent: 100 }];
        default:
          return [];
      }
    });

    await connection.init({ model: 'hash-v1-64', dimensions: 64 });

    const drops = connection.schemaRuns.filter((run) => /^CYPHER 25\s+DROP INDEX \$name/.test(run.statement));
    expect(drops.map((run) => run.params['name'])).toEqual(['memory_content']);
    const dropAt = connection.schemaRuns.indexOf(drops[0]!);
    expect(
      connection.schemaRuns.slice(dropAt).some((run) => run.statement.includes('CREATE FULLTEXT INDEX memory_content')),
    ).toBe(true);
    expect(connection.logged[0]).toBe(
      'rebuilding index memory_content: properties ["content","context","tenantKey"] → ["contentWords","weightedWords","tenantKey"]; analyzer "standard-no-stop-words" → "english"',
    );
    expect(connection.logged).toContain('index population: memory_content ONLINE 100%');
    await connection.close();
  });

  it('should rebuild nothing when the database holds what the schema declares', async () => {
    const connection = new RecordingNeo4jConnection((run) => {
      switch (run.name) {
        case 'meta/read-embedding-space':
          return [{ model: 'hash-v1-64', dimensions: 64 }];
        case 'meta/show-vector-index':
          return [{ dimensions: 64 }];
        case 'meta/show-search-indexes':
          return [
            {
              ...oldFullText,
              properties: ['contentWords', 'weightedWords', 'tenantKey'],
              indexConfig: { 'fulltext.analyzer': 'english' },
            },
            currentVector,
          ];
        default:
          return [];
      }
    });

    await connection.init({ model: 'hash-v1-64', dimensions: 64 });

    expect(connection.schemaRuns.some((run) => run.statement.includes('DROP INDEX $name'))).toBe(false);
    expect(connection.logged).toEqual([]);
    await connection.close();
  });
});

describe('Neo4j boot: search words of nodes written before the index held them, or before their version', () => {
  it('should give old memories and messages their search words, folded, batch by batch in id order', async () => {
    let memoryBatches = 0;
    let messageBatches = 0;
    const connection = new RecordingNeo4jConnection((run) => {
      if (run.name === 'meta/pending-memory-words') {
        return memoryBatches++ === 0 ? [{ id: 'm1', content: "John's café bike", context: null }] : [];
      }
      if (run.name === 'meta/pending-message-words') {
        return messageBatches++ === 0
          ? [
              {
                id: 'x1',
                content: 'v3.5 is out',
                speaker: "O'Brien",
                prevContent: 'example.com',
                nextContent: 'crème brûlée',
              },
            ]
          : [];
      }

      return [];
    });
    const logged: string[] = [];

    await expect(backfillSearchWords(connection, (line) => logged.push(line))).resolves.toBe(2);

    const saves = connection.runs.filter((run) => run.name.startsWith('meta/save-'));
    expect(saves.map((run) => run.params['rows'])).toEqual([
      [{ id: 'm1', contentWords: 'john s cafe bike', weightedWords: 'john s cafe bike john s cafe bike' }],
      [
        {
          id: 'x1',
          contentWords: 'v3 5 is out',
          speakerWords: 'o brien',
          prevContent: 'example com',
          nextContent: 'creme brulee',
          weightedWords: 'v3 5 is out v3 5 is out o brien o brien example com creme brulee',
        },
      ],
    ]);
    expect(
      connection.runs.filter((run) => run.name === 'meta/pending-memory-words').map((run) => run.params['afterId']),
    ).toEqual(['', 'm1']);
    // every read and write names the version the words are brought to (the nodes' wordsVersion)
    const versions = connection.runs
      .filter((run) => run.name.includes('-words'))
      .map((run) => [
        run.name.includes('message') ? 'message' : 'memory',
        (run.params['version'] as { toNumber(): number }).toNumber(),
      ]);
    expect(versions).toEqual([
      ...Array.from({ length: 3 }, () => ['memory', SEARCH_WORDS_VERSION]),
      ...Array.from({ length: 3 }, () => ['message', MESSAGE_WORDS_VERSION]),
    ]);
    expect(logged).toHaveLength(2);
    await connection.close();
  });
});
