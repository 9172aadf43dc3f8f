import { MemoryScope, MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { MEMORY_COLUMNS, MEMORY_DATE_COLUMNS, memoryFromColumns } from 'src/store/neo4j/neo4j-memory-columns';

/** The `[node.a, node.b.epochMillis, …]` list the recall statement returns per memory, as written in its file. */
function statementColumns(): string[] {
  const statement = CypherRegistry.load().get('memory/recall-candidates');
  const list = /\[node IN nodes \| \[([^\]]*)\]\] AS memories/.exec(statement)?.[1];
  if (list === undefined) {
    throw new Error('memory/recall-candidates has no [node IN nodes | [...]] AS memories list');
  }

  return list.split(',').map((item) => item.trim());
}

function columns(values: Record<string, unknown>): unknown[] {
  return MEMORY_COLUMNS.map((column) => (column in values ? values[column] : null));
}

describe('memory columns of the recall read', () => {
  it('should name in the statement the columns the mapping reads, in its order, dates as epoch milliseconds', () => {
    expect(statementColumns()).toEqual(
      MEMORY_COLUMNS.map((column) =>
        MEMORY_DATE_COLUMNS.has(column) ? `node.${column}.epochMillis` : `node.${column}`,
      ),
    );
  });

  it('should read a list of columns as the memory record, dates from epoch milliseconds', () => {
    const created = Date.UTC(2025, 2, 4, 5, 6, 7, 890);
    const memory = memoryFromColumns(
      columns({
        id: 'm1',
        tenantId: 't1',
        type: MemoryType.FACT,
        content: 'Ada lives in Leeds',
        status: MemoryStatus.ACTIVE,
        scope: MemoryScope.THREAD,
        channelId: 'c1',
        importance: 0.7,
        baseImportance: 0.5,
        centrality: 0.1,
        confidence: 0.9,
        tags: ['home'],
        fingerprint: 'f1',
        sourceRole: SourceRole.USER,
        sourceMessageId: 'msg1',
        createdAt: created,
        updatedAt: created + 1000,
        lastSeenAt: created + 2000,
        validUntil: created + 3000,
        accessCount: 4,
      }),
    );

    expect(memory).toMatchObject({
      id: 'm1',
      tenantId: 't1',
      content: 'Ada lives in Leeds',
      context: null,
      scope: MemoryScope.THREAD,
      channelId: 'c1',
      projectId: null,
      importance: 0.7,
      tags: ['home'],
      source: { role: SourceRole.USER, messageId: 'msg1', channelId: null },
      occurredAt: new Date(created),
      createdAt: new Date(created),
      updatedAt: new Date(created + 1000),
      lastSeenAt: new Date(created + 2000),
      validUntil: new Date(created + 3000),
      lastAccessedAt: null,
      expiredAt: null,
      accessCount: 4,
      fading: false,
    });
  });

  it('should refuse a list of another length and a date that is no whole number of milliseconds', () => {
    expect(() => memoryFromColumns(['m1'])).toThrow(/32 columns/);
    const base = {
      id: 'm1',
      tenantId: 't1',
      type: MemoryType.FACT,
      content: 'x',
      status: MemoryStatus.ACTIVE,
      scope: MemoryScope.GLOBAL,
      importance: 0.5,
      baseImportance: 0.5,
      centrality: 0,
      confidence: 0.8,
      tags: [],
      fingerprint: 'f',
      sourceRole: SourceRole.USER,
      updatedAt: 1,
      lastSeenAt: 1,
    };
    expect(() => memoryFromColumns(columns({ ...base, createdAt: 1.5 }))).toThrow(/createdAt = 1.5/);
    expect(() => memoryFromColumns(columns({ ...base, createdAt: '2025-01-01' }))).toThrow(/createdAt/);
  });
});
