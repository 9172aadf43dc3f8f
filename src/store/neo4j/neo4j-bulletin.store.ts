import { randomUUID } from 'node:crypto';
import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import type { BulletinCandidate } from 'src/domain/bulletin-candidate';
import { MemoryType } from 'src/domain/memory.enums';
import { BULLETINS_KEPT } from 'src/store/bulletin-store.port';
import type { BulletinRecord, BulletinSource, BulletinStore, LatestBulletinRow } from 'src/store/bulletin-store.port';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { toMemory } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDate, toDateTime, toEnum, toMap, toText, toTextList } from 'src/store/neo4j/neo4j-values';

const SOURCES: Record<string, BulletinSource> = { template: 'template', llm: 'llm' };

export function toBulletin(row: Row): BulletinRecord {
  const b = toMap(row['bulletin'], 'bulletin');

  return {
    id: toText(b['id'], 'id'),
    tenantId: toText(b['tenantId'], 'tenantId'),
    content: typeof b['content'] === 'string' ? b['content'] : '',
    generatedAt: toDate(b['generatedAt'], 'generatedAt'),
    memoryIds: toTextList(row['memoryIds']),
    marker: toText(b['marker'], 'marker'),
    digest: toText(b['digest'], 'digest'),
    source: toEnum(SOURCES, b['source'], 'source'),
  };
}

export class Neo4jBulletinStore implements BulletinStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async saveBulletin(bulletin: BulletinRecord): Promise<{ bulletin: BulletinRecord; created: boolean }> {
    const { tenantId } = bulletin;
    // made once, outside the transaction function: the driver may run it again after a commit whose answer was lost,
    // and that run must still recognise the bulletin as its own (created = true)
    const nonce = randomUUID();
    const created = await this.connection.write('bulletin.store#saveBulletin', async (tx) => {
      const [row] = await this.run(tx, 'cortex/save-bulletin', {
        tenantId,
        id: bulletin.id,
        content: bulletin.content,
        generatedAt: toDateTime(bulletin.generatedAt),
        marker: bulletin.marker,
        digest: bulletin.digest,
        source: bulletin.source,
        memoryIds: bulletin.memoryIds,
        nonce,
      });
      if (row?.['ours'] !== true) {
        throw new Error(`bulletin id ${bulletin.id} belongs to another tenant`);
      }
      if (row['created'] === true) {
        await this.run(tx, 'cortex/prune-bulletins', { tenantId, keep: int(BULLETINS_KEPT) });
      }

      return row['created'] === true;
    });
    const saved = await this.getBulletin(tenantId, bulletin.id);
    if (!saved) {
      throw new Error(`bulletin ${bulletin.id} was not stored`);
    }

    return { bulletin: saved, created };
  }

  latestBulletin(tenantId: string): Promise<BulletinRecord | null> {
    return this.fetch(tenantId, { latest: true, id: null });
  }

  getBulletin(tenantId: string, id: string): Promise<BulletinRecord | null> {
    return this.fetch(tenantId, { latest: false, id });
  }

  private async fetch(tenantId: string, which: { latest: boolean; id: string | null }): Promise<BulletinRecord | null> {
    const [row] = await this.connection.read('bulletin.store#getBulletin', (tx) =>
      this.run(tx, 'cortex/get-bulletins', { tenantId, ...which }),
    );

    return row ? toBulletin(row) : null;
  }

  async confirmBulletin(tenantId: string, id: string, marker: string): Promise<void> {
    await this.connection.write('bulletin.store#confirmBulletin', (tx) =>
      this.run(tx, 'cortex/confirm-bulletin', { tenantId, id, marker }),
    );
  }

  async bulletinCandidates(tenantId: string, perType: number): Promise<BulletinCandidate[]> {
    const types = Object.values(MemoryType).filter((type) => type !== MemoryType.OBSERVATION);
    const rows = await this.connection.read('bulletin.store#bulletinCandidates', (tx) =>
      this.run(tx, 'cortex/list-bulletin-candidates', { tenantId, types, limit: int(perType) }),
    );

    return rows.map((row) => toMemory(row['memory']));
  }

  async latestBulletinStates(): Promise<Map<string, LatestBulletinRow>> {
    const rows = await this.connection.read('bulletin.store#latestBulletinStates', (tx) =>
      this.run(tx, 'cortex/latest-bulletin-states', {}),
    );

    return new Map(
      rows.map((row) => [
        toText(row['tenantId'], 'tenantId'),
        {
          id: toText(row['id'], 'id'),
          marker: toText(row['marker'], 'marker'),
          generatedAt: toDate(row['generatedAt'], 'generatedAt'),
          source: toEnum(SOURCES, row['source'], 'source'),
          empty: row['empty'] === true,
        },
      ]),
    );
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }
}
