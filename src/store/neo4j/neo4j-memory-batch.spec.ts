import type { InsertMemoryCommand } from 'src/domain/memory-store.port';
import { MemoryStatus, SourceRole } from 'src/domain/memory.enums';
import { isPlainInsert, plainRuns } from 'src/store/neo4j/neo4j-memory-batch';
import { draft } from 'test/contract/memory-fixtures';

const insert = (tenantId: string, overrides: Parameters<typeof draft>[2] = {}, supersede: string[] = []) =>
  ({
    memory: draft(tenantId, 'The user likes tea', overrides),
    vector: null,
    links: [],
    supersede,
  }) satisfies InsertMemoryCommand;

describe('isPlainInsert', () => {
  it('should take a live memory with nothing to claim, retire or count', () => {
    expect(isPlainInsert(insert('t'))).toBe(true);
    expect(isPlainInsert(insert('t', { status: MemoryStatus.QUARANTINED }))).toBe(true);
  });

  it('should leave slot claims, retirements, retired memories and budgeted task writes to the one-by-one path', () => {
    expect(isPlainInsert(insert('t', { slot: 'name' }))).toBe(false);
    expect(isPlainInsert(insert('t', {}, ['old-id']))).toBe(false);
    expect(isPlainInsert(insert('t', { status: MemoryStatus.SUPERSEDED }))).toBe(false);
    const task = insert('t', {
      source: { role: SourceRole.TASK, channelId: null, messageId: null, taskId: 'task-1', skillId: null },
    });
    expect(isPlainInsert({ ...task, taskBudget: 3 })).toBe(false);
    expect(isPlainInsert({ ...task, taskBudget: null })).toBe(true);
  });
});

describe('plainRuns', () => {
  it('should group consecutive plain inserts of one tenant and keep the batch order', () => {
    const items = [insert('a'), insert('a'), insert('a', { slot: 'name' }), insert('a'), insert('b'), insert('b')];

    expect(plainRuns(items)).toEqual([
      { start: 0, end: 2, plain: true },
      { start: 2, end: 3, plain: false },
      { start: 3, end: 4, plain: true },
      { start: 4, end: 6, plain: true },
    ]);
    expect(plainRuns([])).toEqual([]);
  });
});
