import { int } from 'neo4j-driver';

import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { toDateTime } from 'src/store/neo4j/neo4j-values';
import type { Params } from 'src/store/neo4j/neo4j-values';

const AT = toDateTime(new Date('2026-01-02T03:04:05.000Z'));
const VECTOR = Array.from({ length: 64 }, (_, i) => (i === 0 ? 1 : 0));

/**
 * A representative value of every parameter name the registry's statements use, of the driver type the adapters send
 * (neo4j `int` for integers, DateTime for times, plain arrays for vectors): what an EXPLAIN needs to plan a statement
 * as the adapters run it. Kept beside the adapters' own recorded parameters by test/unit/neo4j-statement-params.spec.ts.
 */
const BY_NAME: Params = {
  tenantId: 'tenant-a',
  keys: ['ada lovelace'],
  rootId: 'entity-1',
  rootIds: ['entity-1'],
  entityIds: ['entity-1'],
  lookups: [{ kind: 'PERSON', keys: ['ada lovelace', 'ada'] }],
  memories: int(20),
  related: int(4),
  expandUpTo: int(200),
  keepId: 'entity-1',
  otherId: 'entity-2',
  drafts: [
    { id: 'entity-1', kind: 'PERSON', name: 'Ada Lovelace', key: 'ada lovelace', keys: ['ada lovelace'], aliases: [] },
  ],
  entities: [
    {
      id: 'entity-1',
      kind: 'PERSON',
      name: 'Ada Lovelace',
      key: 'ada lovelace',
      keys: ['ada lovelace'],
      aliases: [],
      rootId: 'entity-1',
      createdAt: AT,
      updatedAt: AT,
    },
  ],
  merges: [{ fromId: 'entity-2', toId: 'entity-1', at: AT }],
  tenantKey: 't0000000000000000000000000',
  id: 'id-1',
  ids: ['id-1'],
  memoryId: 'id-1',
  memoryIds: ['id-1'],
  seedIds: ['id-1'],
  messageId: 'msg-1',
  channelId: 'chat',
  channelIds: ['chat'],
  excludeChannelId: null,
  projectId: null,
  summaryId: 'sum-1',
  previousId: null,
  supersededBy: 'id-2',
  asOf: AT,
  validUntil: AT,
  afterId: '',
  afterCreatedAt: null,
  afterOwedAt: null,
  cursor: '',
  limit: int(10),
  limitPerSeed: int(3),
  span: int(2),
  keep: int(20),
  neighbourChars: int(2000),
  defaultBudget: int(8000),
  tokenBudget: null,
  timeoutSeconds: int(300),
  version: int(2),
  modulus: int(2_147_483_647),
  wrap: int(2 ** 53),
  dimensions: int(64),
  previousDimensions: int(48),
  beforeSeq: null,
  throughSeq: null,
  calls: int(1),
  promptTokens: int(10),
  completionTokens: int(10),
  share: 0.8,
  confidence: 0.7,
  at: AT,
  now: AT,
  seenAt: AT,
  createdAt: AT,
  generatedAt: AT,
  olderThan: AT,
  startedAt: AT,
  fileDigest: 'sha256-0000',
  salt: 'c2FsdA==',
  hash: 'aGFzaA==',
  expiresAt: null,
  since: null,
  after: null,
  before: null,
  beforeAt: null,
  throughAt: null,
  day: '2026-01-02',
  sinceDay: '2026-01-01',
  status: 'ACTIVE',
  statuses: ['ACTIVE'],
  liveStatuses: ['ACTIVE', 'QUARANTINED'],
  types: ['FACT'],
  scope: null,
  scopes: [{ scope: 'GLOBAL', id: null }],
  tags: ['a'],
  tag: 'constraint',
  slot: 'name',
  fingerprint: 'fp',
  liveFingerprint: 'fp',
  taskId: null,
  taskFilter: false,
  skillId: 'skill',
  label: 'Fact',
  direction: null,
  private: false,
  live: false,
  latest: true,
  kind: 'memory',
  job: 'importance',
  value: '{}',
  content: 'text',
  marker: '1:2:3',
  digest: 'sha256',
  source: 'template',
  nonce: 'nonce',
  model: 'hash-v1-64',
  previousModel: 'hash-v1-48',
  query: 'tenantKey:t0000000000000000000000000^0 AND (contentWords:(tea))',
  vector: VECTOR,
  vectorStatuses: ['ACTIVE'],
  vectorLimit: int(40),
  textLimit: int(40),
  k: int(10),
  relationTypes: ['RELATED_TO', 'UPDATES'],
  name: 'memory_content',
  names: ['memory_content'],
  props: { id: 'id-1', tenantId: 'tenant-a', content: 'text', createdAt: AT },
  edges: [{ fromId: 'id-1', toId: 'id-2', type: 'RELATED_TO', weight: 0.5, createdAt: AT }],
  extractions: [{ memoryId: 'id-1', messageId: 'msg-1', createdAt: AT }],
  updates: [{ id: 'id-1', importance: 0.5, centrality: 0.1, decayScore: 0.4, fading: false }],
  rows: [{ id: 'id-1', vector: VECTOR }],
  items: [{ id: 'id-1', channelId: 'chat', createdAt: AT }],
};

/** Where one statement needs another shape of a shared name. */
const BY_STATEMENT: Partial<Record<Neo4jQueryName, Params>> = {
  'admin/create-key': { name: 'deploy', scope: 'full' },
  'tenant/import-memories': {
    items: [{ label: 'Fact', props: { id: 'id-1', liveFingerprint: 'fp', activeSlot: null, createdAt: AT } }],
  },
  'tenant/import-bulletins': { items: [{ memoryIds: ['id-1'], props: { id: 'b-1', generatedAt: AT } }] },
  'meta/save-memory-words': { rows: [{ id: 'id-1', contentWords: 'tea', weightedWords: 'tea tea' }] },
  'meta/save-message-words': {
    rows: [
      {
        id: 'msg-1',
        contentWords: 'tea',
        speakerWords: 'ann',
        prevContent: null,
        nextContent: null,
        weightedWords: 'tea tea ann ann',
      },
    ],
  },
};

/** Schema and administration commands: EXPLAIN plans queries, not these. */
const NOT_EXPLAINABLE =
  /^\s*CYPHER 25\s+(CREATE (CONSTRAINT|INDEX|FULLTEXT INDEX|VECTOR INDEX)|DROP (INDEX|CONSTRAINT)|SHOW )/i;

export function explainable(statement: string): boolean {
  return !NOT_EXPLAINABLE.test(statement);
}

/** The parameters a statement names (`$name`, `$($name)`), comments left out. */
export function declaredParameters(statement: string): string[] {
  const code = statement.replace(/\/\/.*$/gm, '');

  return [...new Set([...code.matchAll(/\$([A-Za-z_]\w*)/g)].map((match) => match[1] ?? ''))].sort();
}

/** Representative parameters for one statement: exactly the names it declares. */
export function sampleParameters(name: Neo4jQueryName, statement: string): Params {
  const overrides = BY_STATEMENT[name] ?? {};

  return Object.fromEntries(
    declaredParameters(statement).map((param) => [param, param in overrides ? overrides[param] : BY_NAME[param]]),
  );
}

/** Names a statement declares that no sample covers. */
export function uncoveredParameters(name: Neo4jQueryName, statement: string): string[] {
  const overrides = BY_STATEMENT[name] ?? {};

  return declaredParameters(statement).filter((param) => !(param in overrides) && !(param in BY_NAME));
}
