import { int } from 'neo4j-driver';

import type { Neo4jSession } from 'src/store/neo4j/neo4j-session';
import { toNumber } from 'src/store/neo4j/neo4j-values';

const BATCH = 1000;

/**
 * Gives memories retired before validity in time their validUntil (see meta/backfill-valid-until), one transaction
 * per batch; a read that finds nothing once every retired memory has one. Returns how many it changed.
 */
export async function backfillValidUntil(connection: Neo4jSession): Promise<number> {
  let changed = 0;
  for (;;) {
    const [row] = await connection.write('backfillValidUntil', (tx) =>
      connection.run(tx, 'meta/backfill-valid-until', { limit: int(BATCH) }),
    );
    const batch = row === undefined ? 0 : toNumber(row['changed'], 'changed');
    changed += batch;
    if (batch < BATCH) {
      return changed;
    }
  }
}
