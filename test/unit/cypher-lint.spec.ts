import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lintCypherQuery, testData } from '@neo4j-cypher/language-support';
import type { DbSchema } from '@neo4j-cypher/language-support';

import { projectRoot } from 'src/common/project-root';
import { MEMORY_TYPE_LABEL, RelationType } from 'src/domain/memory.enums';
import { CypherRegistry, splitStatements } from 'src/store/neo4j/cypher-registry';
import {
  luceneAllWordsQuery,
  luceneQuery,
  messageLuceneQuery,
  searchWords,
  weightedWords,
} from 'src/store/neo4j/lucene-query';
import { NEO4J_QUERIES, NEO4J_UNUSED_PREFIXES } from 'src/store/neo4j/neo4j-queries';
import { tenantSearchToken as tenantKey } from 'src/store/search-terms';

// The linter's semantic analysis (the Neo4j front end compiled to JS) takes seconds to warm up on a busy machine.
jest.setTimeout(30_000);

const ROOT = projectRoot(__dirname);

const LABELS = [
  'Memory',
  ...Object.values(MEMORY_TYPE_LABEL),
  'Message',
  'Channel',
  'Bulletin',
  'Summary',
  'EngramMeta',
  // cortex
  'JobState',
  'LlmUsage',
  // write path: the per-task budget lock and the per-slot lock
  'TaskBudget',
  'SlotLock',
  // tenant import: an import under way
  'ImportRun',
  // admin: tenants and API keys as data
  'Tenant',
  'ApiKey',
  // owed work the backlog gauges count (a message's vector, its LLM extraction)
  'OwedVector',
  'OwedExtraction',
  // entities the memories mention
  'Entity',
];
const RELATIONSHIP_TYPES = [
  ...Object.values(RelationType),
  'EXTRACTED_FROM',
  'HAS_MESSAGE',
  'CITES',
  'SUMMARIZES',
  'MENTIONS',
  'MERGED_INTO',
];
const PROPERTY_KEYS = [
  // ApiKey (with id, tenantId, createdAt)
  'name',
  'salt',
  'hash',
  'expiresAt',
  'revokedAt',
  // ImportRun
  'fileDigest',
  'startedAt',
  // Memory
  'id',
  'tenantId',
  'tenantKey',
  'type',
  'content',
  'context',
  // the full-text indexes' copies of content, context and speaker (lucene-query.ts searchWords, weightedWords);
  // contextWords only to remove it from memories written before weightedWords
  'contentWords',
  'contextWords',
  'weightedWords',
  'speakerWords',
  // which version of the search words a memory or message holds (lucene-query.ts SEARCH_WORDS_VERSION, MESSAGE_WORDS_VERSION)
  'wordsVersion',
  'status',
  'scope',
  'channelId',
  'projectId',
  'slot',
  'importance',
  'baseImportance',
  'centrality',
  'confidence',
  'tags',
  'fingerprint',
  'liveFingerprint',
  'activeSlot',
  'sourceRole',
  'sourceChannelId',
  'sourceMessageId',
  'sourceTaskId',
  'sourceSkillId',
  'occurredAt',
  'createdAt',
  // Message: when it was stored (the backlog gauges' age)
  'storedAt',
  'updatedAt',
  'lastAccessedAt',
  'lastSeenAt',
  'accessCount',
  'supersededBy',
  'embedding',
  'embeddingModel',
  // embedding-model migration: the previous model's vectors, and the migration's EngramMeta node
  'embeddingPrevious',
  'previousModel',
  'previousDimensions',
  'startedAt',
  'setAside',
  'messagesSetAside',
  'memoryCursor',
  'messageCursor',
  // Channel, Message, Summary
  'private',
  'tokenBudget',
  'messageCount',
  'lastMessageAt',
  'summaryId',
  'seq',
  'role',
  'speaker',
  'trust',
  'tokenCount',
  'extractedAt',
  'shared',
  'prevContent',
  'nextContent',
  'previousId',
  'fromAt',
  'toAt',
  // edges; `importing` marks, for one import statement, the edges it created
  'weight',
  'importing',
  // EngramMeta
  'key',
  'model',
  'dimensions',
  // validity in time: when a correction or retraction ended a memory
  'validUntil',
  // a memory's entity links follow its insert: owed since, and the slot value the linker reads
  'entitiesOwedAt',
  'entitiesOwedSlotValue',
  // set only on memories tagged `constraint`, indexed: the rules context reads every turn
  'constraintTag',
  // cortex: decay on Memory; Bulletin, CITES, JobState, LlmUsage
  'decayScore',
  'fading',
  'expiredAt',
  'generatedAt',
  'marker',
  'digest',
  'source',
  'createdBy',
  'position',
  'job',
  'value',
  'day',
  'calls',
  'promptTokens',
  'completionTokens',
  'lockedAt',
  // Entity (with id, tenantId, name, key, createdAt, updatedAt), MENTIONS and MERGED_INTO (tenantId, createdAt, at)
  'kind',
  'aliases',
  'keys',
  'rootId',
  'at',
  // entity drafts and merges as the statements unwind them
  'memoryId',
  'into',
  // a DateTime component, which the linter cannot tell from a property
  'epochMillis',
];
/** Every parameter a statement may use, with a sample value (the linter only checks that the name is declared). */
const PARAMETERS: Record<string, unknown> = {
  salt: 'salt',
  hash: 'hash',
  expiresAt: null,
  tenantId: 'tenant',
  fileDigest: 'digest',
  startedAt: 'time',
  id: 'id',
  ids: ['id'],
  memoryId: 'id',
  seedIds: ['id'],
  liveFingerprint: 'fingerprint',
  tenantKey: 't0',
  fingerprint: 'fingerprint',
  props: {},
  label: 'Fact',
  edges: [],
  supersededBy: 'id',
  at: '2024-01-01T00:00:00Z',
  // validity in time
  asOf: null,
  validUntil: '2024-01-01T00:00:00Z',
  seenAt: '2024-01-01T00:00:00Z',
  confidence: 0.5,
  status: 'ACTIVE',
  statuses: ['ACTIVE'],
  liveStatuses: ['ACTIVE', 'QUARANTINED'],
  types: [],
  scope: null,
  channelId: null,
  projectId: null,
  scopes: [{ scope: 'GLOBAL', id: null }],
  tags: [],
  tag: 'constraint',
  slot: 'name',
  taskId: 'task',
  taskFilter: false,
  // embedding-model migration
  previousModel: 'hash-v1-64',
  previousDimensions: 64,
  rows: [],
  kind: 'memory',
  cursor: '',
  afterCreatedAt: null,
  afterOwedAt: null,
  afterId: null,
  limit: 10,
  limitPerSeed: 3,
  direction: null,
  vector: [0.1, 0.2],
  vectorStatuses: ['ACTIVE'],
  vectorLimit: 40,
  textLimit: 40,
  k: 10,
  relationTypes: ['RELATED_TO'],
  query: 'words',
  model: 'hash-v1-64',
  dimensions: 64,
  timeoutSeconds: 300,
  // cortex
  content: 'text',
  generatedAt: '2024-01-01T00:00:00Z',
  marker: '1:2:3',
  digest: 'sha256',
  source: 'template',
  memoryIds: ['id'],
  nonce: 'uuid',
  keep: 20,
  latest: true,
  modulus: 2147483647,
  wrap: 9007199254740992,
  updates: [],
  since: null,
  job: 'importance',
  value: '{}',
  day: '2024-01-01',
  sinceDay: '2024-01-01',
  calls: 1,
  promptTokens: 10,
  completionTokens: 10,
  // conversations
  private: false,
  tokenBudget: null,
  now: '2024-01-01T00:00:00Z',
  createdAt: '2024-01-01T00:00:00Z',
  neighbourChars: 2000,
  live: false,
  beforeAt: null,
  beforeSeq: null,
  throughAt: null,
  throughSeq: null,
  excludeChannelId: null,
  after: null,
  before: null,
  span: 2,
  messageId: 'id',
  previousId: null,
  summaryId: 'id',
  // the owed-work sweep
  olderThan: '2024-01-01T00:00:00Z',
  defaultBudget: 8000,
  share: 0.8,
  // boot: search indexes compared and rebuilt, search words backfilled to their version
  name: 'memory_content',
  names: ['memory_content'],
  version: 2,
  analyzer: 'english',
  // export, import, purge
  items: [],
  extractions: [],
  channelIds: ['id'],
  skillId: 'skill',
  // entities
  drafts: [],
  entities: [],
  merges: [],
  keys: ['ana'],
  keepId: 'id',
  otherId: 'id',
  rootId: 'id',
  rootIds: ['id'],
  entityIds: ['id'],
  lookups: [{ kind: 'PERSON', keys: ['ana'] }],
  memories: 20,
  related: 4,
  expandUpTo: 200,
  // the Browser kit's entity queries
  entityName: 'Ana',
  fromName: 'Ana',
  toName: 'Copenhagen',
};
const PROCEDURES = [
  'db.index.fulltext.queryNodes',
  'db.index.fulltext.listAvailableAnalyzers',
  'db.awaitIndexes',
  'db.ping',
];
const FUNCTIONS = [
  'all',
  'avg',
  'coalesce',
  'collect',
  'count',
  'datetime',
  'left',
  'length',
  'max',
  'min',
  'range',
  'round',
  'size',
  'startNode',
  'sum',
  'toLower',
  'type',
];

function pick<T>(registry: Record<string, T> | undefined, names: readonly string[]): Record<string, T> {
  return Object.fromEntries(
    names.map((name) => {
      const entry = registry?.[name];
      if (entry === undefined) {
        throw new Error(`${name} is missing from @neo4j-cypher/language-support testData`);
      }

      return [name, entry];
    }),
  );
}

function dbSchema(): DbSchema {
  const { procedures, functions } = testData.mockSchema;

  return {
    labels: LABELS,
    relationshipTypes: RELATIONSHIP_TYPES,
    propertyKeys: PROPERTY_KEYS,
    parameters: PARAMETERS,
    procedures: {
      'CYPHER 5': pick(procedures?.['CYPHER 5'], PROCEDURES),
      'CYPHER 25': pick(procedures?.['CYPHER 25'], PROCEDURES),
    },
    functions: {
      'CYPHER 5': pick(functions?.['CYPHER 5'], FUNCTIONS),
      'CYPHER 25': pick(functions?.['CYPHER 25'], FUNCTIONS),
    },
    defaultLanguage: 'CYPHER 25',
  };
}

const SCHEMA = dbSchema();

/** `file:line:column message` for every diagnostic, warnings included. */
function lint(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const { diagnostics } = lintCypherQuery(text, SCHEMA, { consoleCommandsEnabled: false });

  return diagnostics.map(
    (d) =>
      `${relative(ROOT, path)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${typeof d.message === 'string' ? d.message : d.message.value}`,
  );
}

const registry = CypherRegistry.load();
const files = registry.names().map((name) => registry.file(name));

describe('Cypher files', () => {
  it.each(files.map((file) => [file.name, file.path] as const))('should lint %s without diagnostics', (_, path) => {
    const diagnostics = lint(path);

    expect(diagnostics).toEqual([]);
  });

  it('should hold at least one statement in every file, each starting with CYPHER 25', () => {
    const problems = files.flatMap((file) => {
      if (file.statements.length === 0) {
        return [`${file.name}: empty`];
      }

      return file.statements
        .filter((statement) => !/^CYPHER 25\s/.test(statement))
        .map((statement) => `${file.name}: "${statement.slice(0, 40)}..." does not start with CYPHER 25`);
    });

    expect(problems).toEqual([]);
  });

  it('should filter every memory and conversation statement on $tenantId, but the every-tenant sweeps (named *-all)', () => {
    const unscoped = files
      .filter((file) => file.name.startsWith('memory/') || file.name.startsWith('conversation/'))
      .filter((file) => !file.name.endsWith('-all'))
      .filter((file) => !file.statements.every((statement) => statement.includes('$tenantId')))
      .map((file) => file.name);

    expect(unscoped).toEqual([]);
  });

  it('should never build labels or relationship types from strings', () => {
    const concatenated = files
      .filter((file) => /:\s*\$\(\s*[^)]*\+/.test(file.text) || /apoc\.(create|merge)\./.test(file.text))
      .map((file) => file.name);

    expect(concatenated).toEqual([]);
  });
});

describe('Cypher lint test', () => {
  it('should report diagnostics for a broken query (proves the lint can fail)', () => {
    const diagnostics = lint(join(ROOT, 'test/fixtures/cypher/broken-query.cypher'));
    const text = diagnostics.join('\n');

    expect(text).toMatch(/^test\/fixtures\/cypher\/broken-query\.cypher:3:\d+ Label Memroy is not present/m);
    expect(text).toMatch(/tenantID is not present/);
    expect(text).toMatch(/Parameter \$undeclared is not defined/);
    expect(text).toMatch(/Procedure db\.index\.vector\.queryNodez is not present/);
    expect(text).toMatch(/Invalid input/);
  });
});

describe(CypherRegistry.name, () => {
  it('should match the names the Neo4j adapter runs, both ways', () => {
    expect(() => registry.assertAllUsed(NEO4J_QUERIES, { ignore: NEO4J_UNUSED_PREFIXES })).not.toThrow();
  });

  it('should only name registry entries in the adapter sources that the adapters declare', () => {
    const dir = join(ROOT, 'src/store/neo4j');
    const source = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.queries.ts') && file !== 'neo4j-queries.ts')
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    const referenced = [...source.matchAll(/'([a-z]+\/[a-z0-9-]+|schema)'/g)].map((m) => m[1] ?? '');
    const declared = new Set<string>(NEO4J_QUERIES);

    expect(referenced.filter((name) => !declared.has(name) || !registry.names().includes(name))).toEqual([]);
    expect(NEO4J_QUERIES.filter((name) => !referenced.includes(name))).toEqual([]);
  });

  it('should fail on a name without a file', () => {
    expect(() => registry.get('memory/does-not-exist')).toThrow(/No Cypher file "memory\/does-not-exist"/);
  });

  it('should fail on files nobody uses and on names without files', () => {
    const used = NEO4J_QUERIES.filter((name) => name !== 'memory/record-access');

    expect(() => registry.assertAllUsed([...used, 'memory/ghost'], { ignore: NEO4J_UNUSED_PREFIXES })).toThrow(
      /missing file for "memory\/ghost"[\s\S]*unused file .*record-access\.cypher/,
    );
  });

  it('should refuse get() on a file holding several statements', () => {
    expect(() => registry.get('schema')).toThrow(/exactly one statement/);
    expect(registry.statements('schema').length).toBeGreaterThan(5);
  });

  it('should split statements on a trailing semicolon and drop full-line comments', () => {
    expect(splitStatements("// note\nCYPHER 25\nMATCH (n) RETURN n;\n\nCYPHER 25 RETURN ';' AS s")).toEqual([
      'CYPHER 25\nMATCH (n) RETURN n',
      "CYPHER 25 RETURN ';' AS s",
    ]);
  });
});

describe('Neo4j full-text query', () => {
  const nasty = ['"cat mat"~2', 'cat* AND -mat', 'NEAR(cat mat)', 'content:cat OR tenantKey:x', '(a) [b] {c}^2 \\ /'];

  it.each(nasty)('should keep only words of %j, scoped to the tenant', (text) => {
    const query = luceneQuery('acme', text);

    expect(query).toMatch(/^tenantKey:t[0-9a-f]{24}0\^0 AND weightedWords:\([\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*\)$/u);
  });

  it("should leave operators out (lower-cased they are the analyzer's stop words) and give each tenant its own token", () => {
    expect(luceneQuery('acme', 'cats AND dogs OR NOT birds')).toBe(
      `tenantKey:${tenantKey('acme')}^0 AND weightedWords:(cats dogs birds)`,
    );
    expect(tenantKey('acme')).not.toBe(tenantKey('acme2'));
  });

  it('should index the words a query is made of, so the analyzer splits both alike', () => {
    expect(searchWords("John's car: v3.5 on example.com, see foo_bar")).toBe(
      'john s car v3 5 on example com see foo bar',
    );
    expect(searchWords(null)).toBeNull();
    expect(luceneQuery('acme', "John's")).toBe(`tenantKey:${tenantKey('acme')}^0 AND weightedWords:(john s)`);
  });

  it("should rank a memory by its content's words twice, then its context's, in one field", () => {
    expect(weightedWords("Yes, John's!", 'Did you go to the café?')).toBe(
      'yes john s yes john s did you go to the cafe',
    );
    expect(weightedWords('Tea', null)).toBe('tea tea');
    expect(weightedWords('Tea', '...')).toBe('tea tea');
  });

  it('should fold Latin diacritics on both sides, as FTS5 remove_diacritics does, and leave other letters be', () => {
    expect(searchWords('Crème brûlée at the Café, naïve Ærø straße Ελλάδα')).toBe(
      'creme brulee at the cafe naive ærø straße ελλάδα',
    );
    expect(searchWords('cafe\u0301')).toBe('cafe');
    expect(luceneAllWordsQuery('acme', 'Café Zoë')).toBe(
      `tenantKey:${tenantKey('acme')}^0 AND contentWords:(+cafe +zoe)`,
    );
  });

  it("should return null without a word, or with the analyzer's stop words alone (the tenant clause would match all)", () => {
    expect(luceneQuery('acme', ' "*" -- ()')).toBeNull();
    expect(luceneQuery('acme', '"')).toBeNull();
    expect(luceneQuery('acme', 'Is it the one?')).toBe(`tenantKey:${tenantKey('acme')}^0 AND weightedWords:(one)`);
    expect(luceneQuery('acme', 'is it the')).toBeNull();
    expect(luceneAllWordsQuery('acme', 'The The')).toBeNull();
    expect(messageLuceneQuery('acme', 'to be or not to be')).toBeNull();
  });
});
