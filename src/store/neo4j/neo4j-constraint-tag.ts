import { int } from 'neo4j-driver';

import { CONSTRAINT_TAG } from 'src/domain/memory.enums';
import type { Neo4jSession } from 'src/store/neo4j/neo4j-session';
import { toNumber } from 'src/store/neo4j/neo4j-values';

const BATCH = 1000;

/**
 * Gives memories tagged `constraint` before the marker existed their `constraintTag` (see meta/backfill-constraint-tag),
 * one transaction per batch; a read that finds nothing once every one has it. Returns how many it changed.
 */
export async function backfillConstraintTag(connection: Neo4jSession): Promise<number> {
  let changed = 0;
  for (;;) {
    const [row] = await connection.write('backfillConstraintTag', (tx) =>
      connection.run(tx, 'meta/backfill-constraint-tag', { tag: CONSTRAINT_TAG, limit: int(BATCH) }),
    );
    const batch = row === undefined ? 0 : toNumber(row['changed'], 'changed');
    changed += batch;
    if (batch < BATCH) {
      return changed;
    }
  }
}
