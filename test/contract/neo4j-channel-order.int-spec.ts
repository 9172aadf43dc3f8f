import { randomUUID } from 'node:crypto';
import { int } from 'neo4j-driver';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { toDateTime } from 'src/store/neo4j/neo4j-values';
import type { Params } from 'src/store/neo4j/neo4j-values';
import { openNeo4jStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { SPACE } from 'test/contract/memory-fixtures';
import { assertOneSuiteAtATime } from 'test/contract/store-harness';

jest.setTimeout(120_000);

const uri = process.env['NEO4J_URI'];
const MESSAGES = 300;
const registry = CypherRegistry.load();

/** Operators that read every Message of the database or of the channel, whatever the statement needs. */
const WHOLE_READS = new Set(['NodeByLabelScan', 'AllNodesScan', 'Sort', 'Top']);

/** What this suite reads of a plan or a profile (a plan's operators have no rows). */
interface Operator {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: Operator[];
  rows?: number;
}

function operators(plan: Operator): Operator[] {
  return [plan, ...plan.children.flatMap(operators)];
}

const kind = (plan: Operator): string => plan.operatorType.split('@')[0] ?? plan.operatorType;

/** Rows the profile's index seeks of message_channel_order produced. */
const seekRows = (plan: Operator): number =>
  operators(plan)
    .filter((op) => kind(op) === 'NodeIndexSeek' && JSON.stringify(op.arguments['Details'] ?? '').includes('channelId'))
    .reduce((sum, op) => sum + (op.rows ?? 0), 0);

/**
 * The statements that read a channel in order (an append's neighbours, a search hit's neighbours, context's newest
 * messages, compaction's oldest) read message_channel_order in its order and stop at their limit: planned against a
 * channel of 300 messages, no operator reads or sorts the channel whole. Only with NEO4J_URI.
 */
(uri ? describe : describe.skip)('reading a channel in order (neo4j)', () => {
  let stores: Stores;
  let connection: Neo4jConnection;
  const tenantId = `order-${randomUUID()}`;
  const channelId = 'long';
  const ids: string[] = [];

  beforeAll(async () => {
    assertOneSuiteAtATime(process.env['JEST_WORKER_ID']);
    stores = openNeo4jStores({
      uri: uri ?? '',
      user: process.env['NEO4J_USER'] ?? 'neo4j',
      password: process.env['NEO4J_PASSWORD'] ?? '',
      database: process.env['NEO4J_DATABASE'],
    });
    connection = stores.connection as Neo4jConnection;
    await connection.init(SPACE);
    const start = Date.UTC(2025, 0, 1);
    for (let i = 0; i < MESSAGES; i++) {
      const appended = await stores.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId,
          channelId,
          role: MessageRole.USER,
          speaker: null,
          trust: Trust.GUARDIAN,
          content: `message number ${i}`,
          tokenCount: 3,
          // pairs share a time: the seq tie-break is part of the order
          createdAt: new Date(start + Math.floor(i / 2) * 60_000),
          extractedAt: new Date(start),
        },
        vector: null,
        projectId: null,
      });
      ids.push(appended.message.id);
    }
  });

  afterAll(async () => {
    await stores.tenantData.purgeTenant(tenantId);
    await connection.close();
  });

  async function profile(name: Neo4jQueryName, params: Params): Promise<Operator> {
    const [statement] = registry.statements(name);
    const profiled = (statement ?? '').replace(/^(\s*CYPHER 25\s+)/, '$1PROFILE ');
    const summary = await connection.read('order', async (tx) => (await tx.run(profiled, params)).summary);
    if (summary.profile === false) {
      throw new Error(`${name}: no profile`);
    }

    return summary.profile;
  }

  function expectOrderedRead(plan: Operator, most: number): void {
    expect(
      operators(plan)
        .map(kind)
        .filter((k) => WHOLE_READS.has(k)),
    ).toEqual([]);
    expect(seekRows(plan)).toBeGreaterThan(0);
    expect(seekRows(plan)).toBeLessThanOrEqual(most);
  }

  it('should read only the neighbours of search hits', async () => {
    const seeds = [ids[40]!, ids[151]!, ids[260]!];
    const plan = await profile('conversation/list-message-neighbours', { tenantId, seedIds: seeds, span: int(2) });

    // a seek reads a few rows past the limit (the seed's own time, ties); the whole channel is 300 per side
    expectOrderedRead(plan, seeds.length * 2 * 10);
    const links = await stores.conversations.messageNeighbours(tenantId, [ids[151]!], 2);
    expect(links).toEqual([
      { seedId: ids[151], id: ids[150], offset: -1 },
      { seedId: ids[151], id: ids[149], offset: -2 },
      { seedId: ids[151], id: ids[152], offset: 1 },
      { seedId: ids[151], id: ids[153], offset: 2 },
    ]);
  });

  it.each(['conversation/list-newest-messages', 'conversation/list-oldest-messages'] as const)(
    'should read %s up to its limit',
    async (name) => {
      const plan = await profile(name, {
        tenantId,
        channelId,
        live: true,
        beforeAt: null,
        beforeSeq: null,
        throughAt: null,
        throughSeq: null,
        limit: int(10),
      });

      expectOrderedRead(plan, 40);
    },
  );

  it('should plan an append to look up only its two neighbours', async () => {
    const [statement] = registry.statements('conversation/create-message');
    const explain = (statement ?? '').replace(/^(\s*CYPHER 25\s+)/, '$1EXPLAIN ');
    const summary = await connection.write(
      'order',
      async (tx) =>
        (
          await tx.run(explain, {
            tenantId,
            channelId,
            props: { id: randomUUID(), tenantId, channelId, createdAt: toDateTime(new Date(0)), seq: int(1) },
            neighbourChars: int(200),
          })
        ).summary,
    );
    if (summary.plan === false) {
      throw new Error('create-message: no plan');
    }
    const kinds = operators(summary.plan).map(kind);

    expect(kinds.filter((k) => WHOLE_READS.has(k))).toEqual([]);
    expect(kinds.filter((k) => k === 'PartialTop')).toHaveLength(2);
  });
});
