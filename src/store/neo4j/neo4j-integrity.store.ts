import type { ManagedTransaction } from 'neo4j-driver';

import { LIVE_STATUSES, RelationType } from 'src/domain/memory.enums';
import { IntegrityProblemKind } from 'src/store/integrity-store.port';
import type { IntegrityProblem, IntegrityReport, IntegrityStore, TenantCounts } from 'src/store/integrity-store.port';
import { unfinishedImport } from 'src/store/integrity/integrity-report';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Row } from 'src/store/neo4j/neo4j-values';
import { toDate, toNumber, toOptionalText, toText } from 'src/store/neo4j/neo4j-values';
import { tenantSearchToken } from 'src/store/search-terms';

type CountField = 'associations' | 'channels' | 'messages' | 'summaries' | 'bulletins';
const COUNT_FIELDS: readonly CountField[] = ['associations', 'channels', 'messages', 'summaries', 'bulletins'];
const ASSOCIATION_TYPES = Object.values(RelationType);

function emptyCounts(tenantId: string): TenantCounts {
  return {
    tenantId,
    memories: 0,
    byStatus: {},
    withoutVector: 0,
    associations: 0,
    channels: 0,
    messages: 0,
    summaries: 0,
    bulletins: 0,
  };
}

/** Search-index rows of one memory or message: what its row says is wrong with it. */
function searchProblems(row: Row, tenantId: string, subject: 'memory' | 'message'): IntegrityProblem[] {
  const id = toText(row['id'], 'id');
  const problems: IntegrityProblem[] = [];
  const problem = (kind: IntegrityProblemKind, detail: string): void => {
    problems.push({ kind, tenantId, subject, id, detail });
  };
  const model = toOptionalText(row['embeddingModel'], 'embeddingModel');
  if (model !== null && row['hasVector'] !== true) {
    problem(IntegrityProblemKind.MISSING_VECTOR, `no embedding property (embedded by ${model})`);
  }
  const tenantKey = toOptionalText(row['tenantKey'], 'tenantKey');
  if (row['hasText'] !== true || tenantKey === null) {
    problem(IntegrityProblemKind.MISSING_TEXT, 'no content or tenantKey: the full-text index cannot find it');
  } else if (tenantKey !== tenantSearchToken(tenantId)) {
    problem(IntegrityProblemKind.STALE_TEXT, "its tenantKey is another tenant's");
  }
  if (row['badFingerprint'] === true) {
    problem(
      IntegrityProblemKind.UNGUARDED_MEMORY,
      'liveFingerprint is not its own fingerprint, or it is retired and still holds it',
    );
  }
  if (row['badSlot'] === true) {
    problem(
      IntegrityProblemKind.UNGUARDED_MEMORY,
      'activeSlot is not its own slot, or it is not ACTIVE and still holds it',
    );
  }

  return problems;
}

export class Neo4jIntegrityStore implements IntegrityStore {
  constructor(private readonly connection: Neo4jConnection) {}

  checkIntegrity(): Promise<IntegrityReport> {
    return this.connection.read('integrity.store#checkIntegrity', async (tx) => {
      const tenants = await this.countTenants(tx);
      const problems: IntegrityProblem[] = [];
      for (const { tenantId } of tenants) {
        const params = { tenantId, tenantKey: tenantSearchToken(tenantId), liveStatuses: [...LIVE_STATUSES] };
        for (const row of await this.connection.run(tx, 'integrity/memory-problems', params)) {
          problems.push(...searchProblems(row, tenantId, 'memory'));
        }
        for (const row of await this.connection.run(tx, 'integrity/message-problems', params)) {
          problems.push(...searchProblems(row, tenantId, 'message'));
        }
      }
      const edges = [
        ...(await this.connection.run(tx, 'integrity/dangling-edges', { types: ASSOCIATION_TYPES })),
        ...(await this.connection.run(tx, 'integrity/dangling-references', {})),
      ];
      for (const row of edges) {
        problems.push({
          kind: IntegrityProblemKind.DANGLING_EDGE,
          tenantId: toOptionalText(row['tenantId'], 'tenantId'),
          subject: toText(row['subject'], 'subject'),
          id: toText(row['id'], 'id'),
          detail: 'points to a node that is missing, of another tenant or of the wrong kind',
        });
      }
      for (const row of await this.connection.run(tx, 'integrity/duplicate-active', {})) {
        const subject = toText(row['subject'], 'subject');
        const ids = Array.isArray(row['ids']) ? row['ids'].map(String) : [];
        problems.push({
          kind:
            subject === 'slot'
              ? IntegrityProblemKind.DUPLICATE_ACTIVE_SLOT
              : IntegrityProblemKind.DUPLICATE_ACTIVE_FINGERPRINT,
          tenantId: toText(row['tenantId'], 'tenantId'),
          subject,
          id: toText(row['key'], 'key'),
          detail: `${ids.length} ACTIVE memories: ${ids.join(', ')}`,
        });
      }

      for (const row of await this.connection.run(tx, 'integrity/unfinished-imports', {})) {
        problems.push(
          unfinishedImport(
            toText(row['tenantId'], 'tenantId'),
            toText(row['fileDigest'], 'fileDigest'),
            toDate(row['startedAt'], 'startedAt'),
          ),
        );
      }

      return { store: 'neo4j', tenants, problems };
    });
  }

  private async countTenants(tx: ManagedTransaction): Promise<TenantCounts[]> {
    const tenants = new Map<string, TenantCounts>();
    const of = (tenantId: string): TenantCounts => {
      const counts = tenants.get(tenantId) ?? emptyCounts(tenantId);
      tenants.set(tenantId, counts);

      return counts;
    };
    for (const row of await this.connection.run(tx, 'integrity/memory-counts', {})) {
      const counts = of(toText(row['tenantId'], 'tenantId'));
      const n = toNumber(row['n'], 'n');
      counts.memories += n;
      counts.byStatus[toText(row['status'], 'status')] = n;
      counts.withoutVector += toNumber(row['withoutVector'], 'withoutVector');
    }
    for (const row of await this.connection.run(tx, 'integrity/node-counts', { types: ASSOCIATION_TYPES })) {
      const kind = toText(row['kind'], 'kind');
      const field = COUNT_FIELDS.find((f) => f === kind);
      if (field) {
        of(toText(row['tenantId'], 'tenantId'))[field] += toNumber(row['n'], 'n');
      }
    }

    return [...tenants.values()].sort((a, b) => a.tenantId.localeCompare(b.tenantId));
  }
}
