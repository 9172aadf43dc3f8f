import { DateTime, int, isDateTime, isInt } from 'neo4j-driver';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { MemoryDraft } from 'src/domain/memory-store.port';
import { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { fingerprint } from 'src/memory/fingerprint';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { Neo4jBulletinStore } from 'src/store/neo4j/neo4j-bulletin.store';
import { Neo4jConversationStore } from 'src/store/neo4j/neo4j-conversation.store';
import { Neo4jEmbeddingMigrationStore } from 'src/store/neo4j/neo4j-embedding-migration.store';
import { Neo4jLlmUsageStore } from 'src/store/neo4j/neo4j-llm-usage.store';
import { Neo4jMemoryGraphStore } from 'src/store/neo4j/neo4j-memory-graph.store';
import { Neo4jMemoryStore } from 'src/store/neo4j/neo4j-memory.store';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { Neo4jTenantDataStore } from 'src/store/neo4j/neo4j-tenant-data.store';
import type { Params } from 'src/store/neo4j/neo4j-values';
import { declaredParameters } from 'test/support/neo4j-sample-params';
import { RecordingNeo4jConnection } from 'test/support/recording-neo4j';
import type { Answer } from 'test/support/recording-neo4j';

const T = 'tenant-a';
const AT = new Date('2026-01-02T03:04:05.000Z');
const embedder = new HashEmbedder(64);

async function vector(text: string): Promise<Float32Array> {
  const [v] = await embedder.embed([text]);

  return v ?? new Float32Array(64);
}

function memory(id: string, content: string, overrides: Partial<MemoryDraft> = {}): MemoryDraft {
  return {
    id,
    tenantId: T,
    type: MemoryType.FACT,
    content,
    context: "From John's chat",
    status: MemoryStatus.ACTIVE,
    scope: MemoryScope.GLOBAL,
    channelId: null,
    projectId: null,
    slot: null,
    importance: 0.5,
    baseImportance: 0.5,
    centrality: 0,
    confidence: 0.7,
    tags: ['t'],
    fingerprint: fingerprint(content),
    source: { role: SourceRole.USER, channelId: 'chat', messageId: 'msg-1', taskId: null, skillId: null },
    occurredAt: AT,
    createdAt: AT,
    updatedAt: AT,
    lastSeenAt: AT,
    embeddingModel: 'hash-v1-64',
    ...overrides,
  };
}

/** Every adapter call below, each failing or not on the fake's empty answers: what matters is what it sent. */
async function recordAdapterCalls(connection: RecordingNeo4jConnection): Promise<void> {
  const memories = new Neo4jMemoryStore(connection);
  const conversations = new Neo4jConversationStore(connection);
  const bulletins = new Neo4jBulletinStore(connection);
  const graph = new Neo4jMemoryGraphStore(connection);
  const usage = new Neo4jLlmUsageStore(connection);
  const migration = new Neo4jEmbeddingMigrationStore(connection);
  const tenantData = new Neo4jTenantDataStore(connection);
  const visibility = { statuses: [MemoryStatus.ACTIVE], channelId: 'chat' };
  const calls: (() => Promise<unknown>)[] = [
    async () =>
      memories.insertMemory({
        memory: memory('m-1', "John's bike is v3.5", { slot: 'bike' }),
        vector: await vector("John's bike"),
        links: [{ toId: 'm-0', type: RelationType.RELATED_TO, weight: 0.5 }],
        supersede: [],
      }),
    () => memories.reinforceMemory(T, 'm-1', { confidence: 0.9, seenAt: AT }),
    () => memories.supersedeInto(T, 'm-1', ['m-2'], AT),
    () => memories.setStatus(T, 'm-1', MemoryStatus.FORGOTTEN, AT),
    () => memories.deleteMemory(T, 'm-1'),
    () => memories.getMemories(T, ['m-1', 'm-2']),
    () => memories.findByFingerprint(T, 'fp'),
    () => memories.findActiveBySlot(T, 'bike'),
    () => memories.countByTask(T, 'task-1'),
    () =>
      memories.listMemories(T, { statuses: [MemoryStatus.ACTIVE], types: [MemoryType.FACT], tags: ['t'] }, 10, null),
    () => memories.listMemories(T, { statuses: [MemoryStatus.ACTIVE], tags: ['constraint'] }, 50, null),
    () => memories.queryByMetadata(T, visibility, 'recent', 5),
    () => memories.queryByMetadata(T, visibility, 'importance', 5),
    () => memories.queryByMetadata(T, visibility, 'accessed', 5),
    async () => memories.searchVectors(T, await vector('bike'), 5, visibility),
    () => memories.searchText(T, "John's bike", 5, visibility),
    () => memories.findMentions(T, 'example.com', [MemoryStatus.ACTIVE], 5),
    () =>
      memories.upsertAssociation({
        tenantId: T,
        fromId: 'm-1',
        toId: 'm-2',
        type: RelationType.CAUSED_BY,
        weight: 0.4,
        createdAt: AT,
      }),
    () => memories.listAssociations(T, 'm-1', { types: [RelationType.RELATED_TO], direction: Direction.OUT, limit: 5 }),
    () => memories.neighbours(T, ['m-1'], 3),
    () => memories.recordAccess(T, ['m-1'], AT),
    () => conversations.getChannel(T, 'chat'),
    () => conversations.listChannels(T, 10, null),
    () => conversations.configureChannel(T, 'chat', { private: true, projectId: null, tokenBudget: 4000 }, AT),
    () => conversations.deleteChannel(T, 'chat'),
    async () =>
      conversations.appendMessage({
        message: {
          id: 'msg-1',
          tenantId: T,
          channelId: 'chat',
          role: MessageRole.USER,
          speaker: "O'Brien",
          trust: Trust.GUARDIAN,
          content: 'Mail goes through example.com',
          tokenCount: 5,
          createdAt: AT,
          extractedAt: null,
        },
        vector: await vector('Mail'),
        projectId: null,
      }),
    () => conversations.getMessages(T, ['msg-1']),
    () => conversations.listMessages(T, 'chat', { limit: 10, end: 'oldest' }),
    () => conversations.liveStats(T, 'chat'),
    () => conversations.searchMessageText(T, 'example.com', 5, { channelId: 'chat' }),
    async () => conversations.searchMessageVectors(T, await vector('mail'), 5, { excludeChannelId: 'chat', after: AT }),
    () => conversations.searchMessageText(T, 'example.com', 5, { channelId: 'chat', projectId: 'apollo' }),
    async () =>
      conversations.searchMessageVectors(T, await vector('mail'), 5, { channelId: 'chat', projectId: 'apollo' }),
    () => conversations.messageNeighbours(T, ['msg-1'], 2),
    () => conversations.markExtracted(T, ['msg-1'], AT),
    () => conversations.linkExtracted(T, 'm-1', 'msg-1', AT),
    () => conversations.extractedFrom(T, 'msg-1'),
    () => conversations.getSummary(T, 'sum-1'),
    () => conversations.summarizedBy(T, 'sum-1'),
    () => bulletins.latestBulletin(T),
    () => bulletins.confirmBulletin(T, 'b-1', '1:2:3'),
    () => bulletins.bulletinCandidates(T, 5),
    () => graph.listTenants(),
    () => graph.readImportanceGraph(T),
    () => graph.writeImportance(T, [{ id: 'm-1', importance: 0.6, centrality: 0.2 }]),
    () => graph.readDecayFacts(T, null, 100),
    () => graph.writeDecay(T, [{ id: 'm-1', decayScore: 0.3, fading: true, expiredAt: null }], AT),
    () => graph.readConsolidationCandidates(T, AT, 50),
    () => graph.readJobState(T, 'importance'),
    () => graph.writeJobState(T, 'importance', '{"at":1}'),
    () =>
      usage.addUsage({
        tenantId: T,
        job: 'rewrite-bulletin',
        day: '2026-01-02',
        calls: 1,
        promptTokens: 100,
        completionTokens: 20,
      }),
    () => usage.callsOn(T, 'rewrite-bulletin', '2026-01-02'),
    () => usage.listUsage('2026-01-01'),
    () => migration.state(),
    () => migration.pending('memory', 2),
    async () => migration.searchPrevious(T, await vector('bike'), 3, visibility),
    async () =>
      migration.searchPreviousMessages(T, await vector('mail'), 5, {
        channelId: 'chat',
        projectId: 'apollo',
        after: AT,
      }),
    async () => migration.searchPreviousMessages(T, await vector('mail'), 5, { excludeChannelId: 'chat' }),
    () => tenantData.exportMemories(T, null, 100),
    () => tenantData.existingIds(T, 'message', ['msg-1']),
    () => tenantData.refreshChannels(T, ['chat']),
    () => tenantData.purgeChannel(T, 'chat', true),
    () => tenantData.purgeSkill(T, 'skill-1'),
  ];
  for (const call of calls) {
    await call().catch(() => undefined);
  }
}

/** An embedding-model migration under way, so the migration store's searches reach their statements. */
const MIGRATING: Answer = ({ name }) =>
  name === 'migration/read-state'
    ? [
        {
          previousModel: 'hash-v1-64',
          previousDimensions: int(64),
          startedAt: DateTime.fromStandardDate(AT),
          setAside: true,
          messagesSetAside: true,
          memoryCursor: '',
          messageCursor: '',
        },
      ]
    : undefined;

/** Driver values as plain text (DateTime, Integer), so the snapshot reads as what the server receives. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.length > 8 && value.every((item) => typeof item === 'number')
      ? `[${value.length} numbers]`
      : value.map(plain);
  }
  if (value !== null && typeof value === 'object') {
    if (isDateTime(value) || isInt(value)) {
      return `${value.constructor.name}(${value.toString()})`;
    }

    // the nonce is random and `now` the wall clock: their presence is what the snapshot pins
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'nonce' || key === 'now' ? `<${key}>` : plain(item)]),
    );
  }

  return value;
}

describe('Neo4j adapters: the parameters of every statement they run', () => {
  const registry = CypherRegistry.load();

  async function recorded(): Promise<{ name: Neo4jQueryName; params: Params }[]> {
    const connection = new RecordingNeo4jConnection(MIGRATING);
    await recordAdapterCalls(connection);
    await connection.close();

    return connection.runs;
  }

  it('should send each statement every parameter it declares (a missing one fails only on the server)', async () => {
    const runs = await recorded();
    const missing = runs.flatMap(({ name, params }) =>
      declaredParameters(registry.get(name))
        .filter((param) => !(param in params))
        .map((param) => `${name}: $${param}`),
    );

    expect(missing).toEqual([]);
    expect(new Set(runs.map((run) => run.name)).size).toBeGreaterThan(50);
  });

  it('should build the same parameter objects as before (snapshot; update it on purpose with jest -u)', async () => {
    expect((await recorded()).map(({ name, params }) => ({ name, params: plain(params) }))).toMatchSnapshot();
  });
});
