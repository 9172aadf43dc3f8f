import type { ManagedTransaction } from 'neo4j-driver';

import type { InsertMemoryCommand, InsertMemoryResult } from 'src/domain/memory-store.port';
import { isLive } from 'src/domain/memory.enums';
import { claimsSlot } from 'src/domain/slot-rule';
import { conflictFreeRounds } from 'src/store/neo4j/import-rounds';
import { insertedProperties, memoryLabel, relationType, toMemory } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDateTime, toText } from 'src/store/neo4j/neo4j-values';

type Run = (tx: ManagedTransaction, name: Neo4jQueryName, params: Params) => Promise<Row[]>;

/**
 * Rows per UNWIND statement: a round trip per row made a 5,000-item import run at a third of SQLite's rate, and one
 * statement for all of them holds every vector in one parameter map.
 */
const STATEMENT_ROWS = 500;

/** An insert that only writes its node: no slot to claim, nothing to retire, no task budget to count. */
export function isPlainInsert(command: InsertMemoryCommand): boolean {
  const { memory } = command;
  const budgeted = command.taskBudget !== undefined && command.taskBudget !== null && memory.source.taskId !== null;

  return isLive(memory.status) && !claimsSlot(memory) && command.supersede.length === 0 && !budgeted;
}

/**
 * The batch cut into runs, in order: a run of consecutive plain inserts of one tenant (written together), or a single
 * other insert.
 */
export function plainRuns(items: readonly InsertMemoryCommand[]): { start: number; end: number; plain: boolean }[] {
  const runs: { start: number; end: number; plain: boolean }[] = [];
  for (const [index, item] of items.entries()) {
    const last = runs.at(-1);
    const plain = isPlainInsert(item);
    if (plain && last?.plain === true && items[last.start]?.memory.tenantId === item.memory.tenantId) {
      last.end = index + 1;
    } else {
      runs.push({ start: index, end: index + 1, plain });
    }
  }

  return runs;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    out.push(items.slice(start, start + size));
  }

  return out;
}

/**
 * Plain inserts of one tenant (see isPlainInsert) in UNWIND statements of the caller's transaction, with the answer
 * memory/merge-memory gives one at a time. `replay`: a retried transaction function, whose earlier run may have
 * committed the node with this insert's id. Returns one result per command, in order.
 */
export async function mergePlainMemories(
  run: Run,
  tx: ManagedTransaction,
  tenantId: string,
  commands: readonly InsertMemoryCommand[],
  replay: boolean,
  working: (index: number) => void,
): Promise<InsertMemoryResult[]> {
  const rows = commands.map((command, index) => ({
    index,
    id: command.memory.id,
    liveFingerprint: command.memory.fingerprint,
    label: memoryLabel(command.memory.type),
    props: insertedProperties(command),
  }));
  const byId = new Map<string, Row>();
  for (const round of conflictFreeRounds(rows, (row) => [`id:${row.id}`, `fp:${row.liveFingerprint}`])) {
    for (const chunk of chunks(round, STATEMENT_ROWS)) {
      working(chunk[0]?.index ?? -1);
      const items = chunk.map(({ liveFingerprint, label, props }) => ({ liveFingerprint, label, props }));
      for (const row of await run(tx, 'memory/merge-memories', { tenantId, items })) {
        byId.set(toText(row['id'], 'id'), row);
      }
    }
  }

  return commands.map((command) => {
    const row = byId.get(command.memory.id);
    if (row === undefined) {
      throw new Error('insertMemories: the insert returned no row');
    }
    const memory = toMemory(row['memory']);

    return row['ours'] !== true || (row['fresh'] !== true && !replay)
      ? { created: false, memory }
      : { created: true, memory, superseded: [] };
  });
}

export interface BatchEdge {
  /** The batch item the link belongs to, named when it points at no memory. */
  index: number;
  fromId: string;
  toId: string;
  type: string;
  weight: number;
  createdAt: Date;
}

/** A batch's links of one tenant in UNWIND statements; a link whose end is no memory of the tenant fails its item. */
export async function upsertBatchEdges(
  run: Run,
  tx: ManagedTransaction,
  tenantId: string,
  edges: readonly BatchEdge[],
  working: (index: number) => void,
): Promise<void> {
  const key = (fromId: unknown, toId: unknown, type: unknown): string =>
    `${String(fromId)} ${String(toId)} ${String(type)}`;
  for (const chunk of chunks(edges, STATEMENT_ROWS)) {
    working(chunk[0]?.index ?? -1);
    const rows = await run(tx, 'memory/upsert-associations', {
      tenantId,
      edges: chunk.map((e) => ({
        fromId: e.fromId,
        toId: e.toId,
        type: relationType(e.type),
        weight: e.weight,
        createdAt: toDateTime(e.createdAt),
      })),
    });
    if (rows.length < chunk.length) {
      const made = new Set(rows.map((r) => key(r['fromId'], r['toId'], r['type'])));
      working(chunk.find((e) => !made.has(key(e.fromId, e.toId, e.type)))?.index ?? -1);
      throw new Error('a link points at no memory of the tenant');
    }
  }
}
