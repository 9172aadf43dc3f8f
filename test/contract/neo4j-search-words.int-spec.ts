import { randomUUID } from 'node:crypto';
import { auth, driver as createDriver, int } from 'neo4j-driver';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryStatus } from 'src/domain/memory.enums';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { ANALYZER_STOP_WORDS, messageWeightedWords } from 'src/store/neo4j/lucene-query';
import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { backfillSearchWords } from 'src/store/neo4j/neo4j-search-words';
import { toOptionalText, toText } from 'src/store/neo4j/neo4j-values';
import { at, remember, SPACE } from 'test/contract/memory-fixtures';
import { useContractStores } from 'test/contract/memory-store.contract';
import { availableHarnesses } from 'test/contract/store-harness';

// a full-text index is dropped, made again and populated twice
jest.setTimeout(180_000);

const harness = availableHarnesses().find((candidate) => candidate.name === 'neo4j');
const ACTIVE = [MemoryStatus.ACTIVE];

/** Runs the statements of one tests-only registry file outside the stores (schema commands each on their own). */
async function runTesting(name: string, params: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const driver = createDriver(
    process.env['NEO4J_URI'] ?? '',
    auth.basic(process.env['NEO4J_USER'] ?? 'neo4j', process.env['NEO4J_PASSWORD'] ?? ''),
  );
  const session = driver.session({ database: process.env['NEO4J_DATABASE'] });
  try {
    const rows: Record<string, unknown>[] = [];
    for (const statement of CypherRegistry.load().statements(`testing/${name}`)) {
      const result = await session.run(statement, params);
      rows.push(...result.records.map((record) => record.toObject()));
    }

    return rows;
  } finally {
    await session.close();
    await driver.close();
  }
}

/**
 * What a store written before the full-text indexes stemmed and folded holds: the words copies of version 1 and
 * `memory_content` on the standard-no-stop-words analyzer. The boot brings both to the schema's (Neo4j only).
 */
(harness ? describe : describe.skip)('Neo4j full-text: analyzer and search words brought up to date at boot', () => {
  const suite = useContractStores(harness!, 'words');

  it('should leave out exactly the stop words the english analyzer drops', async () => {
    const [row] = await runTesting('analyzer-stop-words', { analyzer: 'english' });

    expect([...((row?.['stopwords'] as string[] | undefined) ?? [])].sort()).toEqual([...ANALYZER_STOP_WORDS].sort());
  });

  it('should rebuild an index made with the old analyzer and rewrite older search words once, then find by stems and without diacritics', async () => {
    const t = suite.tenant();
    const memories = suite.stores().memories;
    const lunch = await remember(memories, t, 'Lunches at the Café Crème', { vectorText: null });
    const reply = await remember(memories, t, 'Yes, every Friday', {
      vectorText: null,
      overrides: { context: 'Do you still swim at the lido?' },
    });
    await remember(memories, t, 'Something else entirely', { vectorText: null });
    const message = await suite.stores().conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: t,
        channelId: 'chat',
        role: MessageRole.USER,
        speaker: 'Zoë',
        trust: Trust.GUARDIAN,
        content: 'Dinner at the Brasserie Müller',
        tokenCount: 5,
        createdAt: at(1),
        extractedAt: null,
      },
      vector: null,
      projectId: null,
    });
    await runTesting('old-search-words', { tenantId: t });
    await runTesting('old-memory-text-index', {});
    const connection = suite.stores().connection;
    if (!(connection instanceof Neo4jConnection)) {
      throw new Error('the Neo4j harness opens a Neo4jConnection');
    }
    await connection.read('test', (tx) => connection.run(tx, 'meta/await-indexes', { timeoutSeconds: int(120) }));
    // as an old store answers: neither the unfolded words nor the unstemmed index match
    await expect(memories.searchText(t, 'cafe', 5, { statuses: ACTIVE })).resolves.toEqual([]);
    await expect(memories.searchText(t, 'lunch', 5, { statuses: ACTIVE })).resolves.toEqual([]);
    await expect(memories.searchText(t, 'lido', 5, { statuses: ACTIVE })).resolves.toEqual([]);
    await expect(
      suite.stores().conversations.searchMessageText(t, 'muller', 5, { channelId: 'chat' }),
    ).resolves.toEqual([]);

    const booted = harness!.open();
    try {
      await booted.connection.init(SPACE);

      const shown = await connection.read('test', (tx) => connection.run(tx, 'meta/show-search-indexes', {}));
      const analyzers = shown
        .filter((row) => row['name'] === 'memory_content' || row['name'] === 'message_text')
        .map((row) => [
          toText(row['name'], 'name'),
          (row['indexConfig'] as Record<string, unknown>)['fulltext.analyzer'],
        ]);
      expect(analyzers.sort()).toEqual([
        ['memory_content', 'english'],
        ['message_text', 'english'],
      ]);
      for (const query of ['cafe', 'café', 'lunch', 'cremes']) {
        expect((await booted.memories.searchText(t, query, 5, { statuses: ACTIVE })).map((hit) => hit.id)).toEqual([
          lunch.id,
        ]);
      }
      // a context's words are ranked through weightedWords (the content's words twice, then the context's)
      for (const query of ['lido', 'swimming']) {
        expect((await booted.memories.searchText(t, query, 5, { statuses: ACTIVE })).map((hit) => hit.id)).toEqual([
          reply.id,
        ]);
      }
      const written = await runTesting('memory-words', { tenantId: t });
      expect(written.filter((row) => row['hasContextWords'] !== false)).toEqual([]);
      expect(written.filter((row) => row['id'] === lunch.id || row['id'] === reply.id)).toEqual(
        [
          {
            id: lunch.id,
            weightedWords: 'lunches at the cafe creme lunches at the cafe creme',
            hasContextWords: false,
          },
          {
            id: reply.id,
            weightedWords: 'yes every friday yes every friday do you still swim at the lido',
            hasContextWords: false,
          },
        ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      for (const query of ['muller', 'brasseries', 'zoe']) {
        expect(
          (await booted.conversations.searchMessageText(t, query, 5, { channelId: 'chat' })).map((hit) => hit.id),
        ).toEqual([message.message.id]);
      }
      // every node holds the current version now: a second pass finds nothing to rewrite
      await expect(backfillSearchWords(connection, () => undefined)).resolves.toBe(0);
    } finally {
      await booted.connection.close();
    }
  });
  /** Each message's weightedWords as stored, and as messageWeightedWords makes them from its stored parts. */
  async function messageWords(tenantId: string): Promise<{ stored: string[][]; made: string[][] }> {
    const rows = await runTesting('message-words', { tenantId });
    const text = (row: Record<string, unknown>, key: string): string | null => toOptionalText(row[key], key);

    return {
      stored: rows.map((row) => (text(row, 'weightedWords') ?? '').split(' ').filter(Boolean)),
      made: rows.map((row) =>
        messageWeightedWords(
          text(row, 'contentWords') ?? '',
          text(row, 'speakerWords'),
          text(row, 'prevContent'),
          text(row, 'nextContent'),
        )
          .split(' ')
          .filter(Boolean),
      ),
    };
  }

  it('should give a message the weightedWords its content, speaker and neighbours make, appended out of order and imported', async () => {
    const t = suite.tenant();
    const { conversations, tenantData } = suite.stores();
    const append = (content: string, speaker: string, minute: number) =>
      conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId: t,
          channelId: 'chat',
          role: MessageRole.USER,
          speaker,
          trust: Trust.GUARDIAN,
          content,
          tokenCount: 5,
          createdAt: at(minute),
          extractedAt: null,
        },
        vector: null,
        projectId: null,
      });
    await append('Do you still swim at the lido?', 'Ann', 1);
    await append('Every Friday, with Zoë', 'Bo', 3);
    // between the two: both neighbours' words change with it
    await append("It's the Café Crème's pool", 'Cy', 2);

    const appended = await messageWords(t);
    expect(appended.stored).toEqual(appended.made);
    expect(appended.stored.map((words) => words.join(' '))).toContain(
      'it s the cafe creme s pool it s the cafe creme s pool cy cy do you still swim at the lido every friday with zoe',
    );

    const channels = await tenantData.exportChannels(t, null, 10);
    const messages = await tenantData.exportMessages(t, null, 10);
    await tenantData.purgeTenant(t);
    await tenantData.importChannels(t, channels);
    await tenantData.importMessages(
      t,
      messages.map((message) => ({ message, vector: null })),
    );
    await tenantData.refreshChannels(t, ['chat']);

    const imported = await messageWords(t);
    expect(imported.stored).toEqual(appended.stored);
    const found = await conversations.searchMessageText(t, 'lido', 5, { channelId: 'chat' });
    // the question, and the message after it (its previous message's words)
    expect(found).toHaveLength(2);
  });
});
