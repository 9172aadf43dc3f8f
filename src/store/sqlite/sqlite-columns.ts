import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EntityKind } from 'src/domain/entity.types';
import { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { BulletinSource } from 'src/store/bulletin-store.port';

/**
 * A TEXT column that holds one of a fixed set of values, read back checked: a value outside the set (a hand edit, a
 * row written by another version) fails the read with the column and the value, instead of travelling on as a
 * wrongly typed enum. The Neo4j adapter does the same with `toEnum` (neo4j-values.ts).
 */
export function enumColumn<E extends string>(values: readonly E[], column: string): (value: string) => E {
  const allowed = new Set<string>(values);
  const isAllowed = (value: string): value is E => allowed.has(value);

  return (value) => {
    if (!isAllowed(value)) {
      throw new Error(`SQLite ${column} holds ${JSON.stringify(value)}, which is not one of ${values.join(', ')}`);
    }

    return value;
  };
}

const BULLETIN_SOURCES: readonly BulletinSource[] = ['template', 'llm'];

export const column = {
  memoryType: enumColumn(Object.values(MemoryType), 'memories.type'),
  memoryStatus: enumColumn(Object.values(MemoryStatus), 'memories.status'),
  memoryScope: enumColumn(Object.values(MemoryScope), 'memories.scope'),
  sourceRole: enumColumn(Object.values(SourceRole), 'memories.source_role'),
  relationType: enumColumn(Object.values(RelationType), 'associations.type'),
  direction: enumColumn(Object.values(Direction), 'association direction'),
  messageRole: enumColumn(Object.values(MessageRole), 'messages.role'),
  trust: enumColumn(Object.values(Trust), 'messages.trust'),
  bulletinSource: enumColumn(BULLETIN_SOURCES, 'bulletins.source'),
  entityKind: enumColumn(Object.values(EntityKind), 'entities.kind'),
} as const;
