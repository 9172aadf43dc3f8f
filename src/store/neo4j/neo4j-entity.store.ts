import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { EntityKind } from 'src/domain/entity.types';
import type { EntityDraft, EntityNode, EntityRecord } from 'src/domain/entity.types';
import type { OwedCount } from 'src/store/conversation-store.port';
import { groupEntities, mergeRefusal } from 'src/store/entity-groups';
import type {
  EntityLookup,
  EntityNeighbourhood,
  EntitySearch,
  EntityStore,
  ExportedEntity,
  NeighbourhoodLimits,
  OwedLinks,
  OwedLinksAfter,
  RelatedEntity,
} from 'src/store/entity-store.port';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toDateTime,
  toEnum,
  toMap,
  toNumber,
  toOptionalDate,
  toOptionalText,
  toText,
  toTextList,
} from 'src/store/neo4j/neo4j-values';
import type { ImportCounts } from 'src/store/tenant-data.port';

function toNode(value: unknown): EntityNode {
  const e = toMap(value, 'entity');

  return {
    id: toText(e['id'], 'id'),
    tenantId: toText(e['tenantId'], 'tenantId'),
    kind: toEnum(EntityKind, e['kind'], 'kind'),
    name: toText(e['name'], 'name'),
    key: toText(e['key'], 'key'),
    aliases: toTextList(e['aliases']),
    keys: toTextList(e['keys']).sort(),
    rootId: toText(e['rootId'], 'rootId'),
    mergedInto: toOptionalText(e['mergedInto'], 'mergedInto'),
    mergedAt: toOptionalDate(e['mergedAt'], 'mergedAt'),
    createdAt: toDate(e['createdAt'], 'createdAt'),
    updatedAt: toDate(e['updatedAt'], 'updatedAt'),
  };
}

const unique = (ids: string[]): string[] => [...new Set(ids)];

export class Neo4jEntityStore implements EntityStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async findEntities(tenantId: string, kind: EntityKind, keys: string[]): Promise<EntityRecord[]> {
    const nodes = await this.read('findEntities', (tx) =>
      this.run(tx, 'entity/find-entities', { tenantId, kind, keys }),
    );
    const grouped = nodes.map((row) => toNode(row['entity']));

    return this.inOrder(grouped, unique(grouped.filter((n) => n.id === n.rootId).map((n) => n.id)));
  }

  async linkMentions(tenantId: string, memoryId: string, drafts: EntityDraft[], now: Date): Promise<EntityRecord[]> {
    // with no draft too: the statement settles the memory's owed links
    const rows = await this.connection.write('entity.store#linkMentions', (tx) =>
      this.run(tx, 'entity/link-mentions', {
        tenantId,
        memoryId,
        now: toDateTime(now),
        drafts: drafts.map((d) => ({ ...d, keys: unique([d.key, ...d.keys]) })),
      }),
    );

    return this.groups(tenantId, unique(rows.map((row) => toText(row['rootId'], 'rootId'))));
  }

  async listOwedLinks(olderThan: Date, after: OwedLinksAfter | null, limit: number): Promise<OwedLinks[]> {
    const rows = await this.read('listOwedLinks', (tx) =>
      this.run(tx, 'entity/list-owed-links', {
        olderThan: toDateTime(olderThan),
        afterOwedAt: after ? toDateTime(after.owedAt) : null,
        afterId: after?.memoryId ?? '',
        limit: int(limit),
      }),
    );

    return rows.map((row) => {
      const slot = toOptionalText(row['slot'], 'slot');
      const value = toOptionalText(row['slotValue'], 'slotValue');

      return {
        tenantId: toText(row['tenantId'], 'tenantId'),
        memoryId: toText(row['memoryId'], 'memoryId'),
        content: toText(row['content'], 'content'),
        slot: slot !== null && value !== null ? { name: slot, value } : null,
        owedAt: toDate(row['owedAt'], 'owedAt'),
      };
    });
  }

  async countOwedLinks(tenantId: string | null): Promise<OwedCount> {
    const [row] = await this.read('countOwedLinks', (tx) => this.run(tx, 'entity/count-owed-links', { tenantId }));

    return {
      items: row ? toNumber(row['items'], 'items') : 0,
      oldest: row ? toOptionalDate(row['oldest'], 'oldest') : null,
    };
  }

  async getEntity(tenantId: string, id: string): Promise<EntityRecord | null> {
    const node = await this.node(tenantId, id);

    return node ? ((await this.groups(tenantId, [node.rootId]))[0] ?? null) : null;
  }

  async searchEntities(tenantId: string, search: EntitySearch): Promise<EntityRecord[]> {
    const rows = await this.read('searchEntities', (tx) =>
      this.run(tx, 'entity/search-entities', {
        tenantId,
        query: search.query,
        kind: search.kind,
        limit: int(search.limit),
      }),
    );

    return this.groups(
      tenantId,
      rows.map((row) => toText(row['rootId'], 'rootId')),
    );
  }

  async entityNeighbourhoods(
    tenantId: string,
    lookups: EntityLookup[],
    limits: NeighbourhoodLimits,
  ): Promise<EntityNeighbourhood[]> {
    const asked = lookups.filter((l) => l.keys.length > 0);
    if (asked.length === 0) {
      return [];
    }
    const rows = await this.read('entityNeighbourhoods', (tx) =>
      this.run(tx, 'entity/entity-neighbourhoods', {
        tenantId,
        lookups: asked.map((l) => ({ kind: l.kind, keys: unique(l.keys) })),
        memories: int(limits.memories),
        related: int(limits.related),
        expandUpTo: int(limits.expandUpTo),
      }),
    );

    return rows.flatMap((row) => {
      const rootId = toText(row['rootId'], 'rootId');
      const members = (Array.isArray(row['members']) ? row['members'] : []).map(toNode);
      const entity = this.inOrder(members, [rootId])[0];
      if (!entity) {
        return [];
      }
      const related = (Array.isArray(row['related']) ? row['related'] : []).map((value: unknown) => {
        const r = toMap(value, 'related');

        return {
          rootId: toText(r['rootId'], 'rootId'),
          shared: toNumber(r['shared'], 'shared'),
          mentions: toNumber(r['mentions'], 'mentions'),
          memoryIds: toTextList(r['memoryIds']),
        };
      });

      return [
        {
          entity,
          mentions: toNumber(row['mentions'], 'mentions'),
          memoryIds: toTextList(row['memoryIds']),
          related,
        },
      ];
    });
  }

  async mentionCounts(tenantId: string, entityIds: string[]): Promise<Map<string, number>> {
    const counts = new Map(entityIds.map((id) => [id, 0]));
    if (entityIds.length === 0) {
      return counts;
    }
    const rows = await this.read('mentionCounts', (tx) =>
      this.run(tx, 'entity/mention-counts', { tenantId, entityIds: unique(entityIds) }),
    );
    for (const row of rows) {
      counts.set(toText(row['entityId'], 'entityId'), toNumber(row['mentions'], 'mentions'));
    }

    return counts;
  }

  async mentioningMemoryIds(tenantId: string, entityId: string, limit: number): Promise<string[]> {
    const node = await this.node(tenantId, entityId);
    if (!node) {
      return [];
    }
    const rows = await this.read('mentioningMemoryIds', (tx) =>
      this.run(tx, 'entity/mentioning-memories', { tenantId, rootId: node.rootId, limit: int(limit) }),
    );

    return rows.map((row) => toText(row['id'], 'id'));
  }

  async entitiesOfMemories(tenantId: string, memoryIds: string[]): Promise<Map<string, EntityRecord[]>> {
    const rows = await this.read('entitiesOfMemories', (tx) =>
      this.run(tx, 'entity/entities-of-memories', { tenantId, memoryIds }),
    );
    const links = rows.map((row) => ({
      memoryId: toText(row['memoryId'], 'memoryId'),
      rootId: toText(row['rootId'], 'rootId'),
    }));
    const groups = new Map((await this.groups(tenantId, unique(links.map((l) => l.rootId)))).map((g) => [g.id, g]));
    const answer = new Map<string, EntityRecord[]>(memoryIds.map((id) => [id, []]));
    for (const link of links) {
      const group = groups.get(link.rootId);
      const list = answer.get(link.memoryId);
      if (group && list && !list.includes(group)) {
        list.push(group);
      }
    }

    return answer;
  }

  async relatedEntities(tenantId: string, entityId: string, limit: number): Promise<RelatedEntity[]> {
    const node = await this.node(tenantId, entityId);
    if (!node) {
      return [];
    }
    const rows = await this.read('relatedEntities', (tx) =>
      this.run(tx, 'entity/related-entities', { tenantId, rootId: node.rootId, limit: int(limit) }),
    );
    const shared = rows.map((row) => ({
      rootId: toText(row['rootId'], 'rootId'),
      shared: toNumber(row['shared'], 'shared'),
    }));
    const groups = new Map(
      (
        await this.groups(
          tenantId,
          shared.map((s) => s.rootId),
        )
      ).map((g) => [g.id, g]),
    );

    return shared.flatMap((s) => {
      const entity = groups.get(s.rootId);

      return entity ? [{ entity, shared: s.shared }] : [];
    });
  }

  async mergeEntities(tenantId: string, keepId: string, otherId: string, now: Date): Promise<EntityRecord> {
    const rootId = await this.connection.write('entity.store#mergeEntities', async (tx) => {
      const keep = await this.rootNode(tx, tenantId, keepId);
      const other = await this.rootNode(tx, tenantId, otherId);
      const refusal = mergeRefusal(keep, other);
      if (refusal !== null) {
        throw new BadInputError(refusal);
      }
      await this.run(tx, 'entity/merge-entities', {
        tenantId,
        keepId: keep.id,
        otherId: other.id,
        now: toDateTime(now),
      });

      return keep.id;
    });

    return this.group(tenantId, rootId);
  }

  async splitEntity(tenantId: string, memberId: string, now: Date): Promise<EntityRecord> {
    await this.connection.write('entity.store#splitEntity', async (tx) => {
      const member = await this.nodeIn(tx, tenantId, memberId);
      if (!member) {
        throw new NotFoundError('Entity', memberId);
      }
      if (member.mergedInto === null) {
        throw new BadInputError(`entity ${JSON.stringify(memberId)} was never merged into another`);
      }
      await this.run(tx, 'entity/split-entity', { tenantId, id: memberId, now: toDateTime(now) });
    });

    return this.group(tenantId, memberId);
  }

  async exportEntities(tenantId: string): Promise<ExportedEntity[]> {
    const rows = await this.read('exportEntities', (tx) => this.run(tx, 'entity/export-entities', { tenantId }));

    return rows.map((row) => ({
      ...toNode(row['entity']),
      mentions: (Array.isArray(row['mentions']) ? row['mentions'] : [])
        .map((m: unknown) => {
          const mention = toMap(m, 'mention');

          return {
            memoryId: toText(mention['memoryId'], 'memoryId'),
            createdAt: toDate(mention['createdAt'], 'createdAt'),
          };
        })
        .sort((a, b) => a.memoryId.localeCompare(b.memoryId)),
    }));
  }

  async importEntities(tenantId: string, entities: ExportedEntity[]): Promise<ImportCounts> {
    return this.connection.write('entity.store#importEntities', async (tx) => {
      const rows = await this.run(tx, 'entity/import-entities', {
        tenantId,
        entities: entities.map((e) => ({
          id: e.id,
          kind: e.kind,
          name: e.name,
          key: e.key,
          aliases: e.aliases,
          keys: unique([e.key, ...e.keys]),
          createdAt: toDateTime(e.createdAt),
          updatedAt: toDateTime(e.updatedAt),
          mentions: e.mentions.map((m) => ({ memoryId: m.memoryId, createdAt: toDateTime(m.createdAt) })),
        })),
      });
      const counts: ImportCounts = { created: 0, existing: 0, conflicts: 0 };
      const created = new Set<string>();
      for (const row of rows) {
        const outcome = toText(row['outcome'], 'outcome');
        if (outcome === 'created') {
          counts.created += 1;
          created.add(toText(row['id'], 'id'));
        } else {
          counts[outcome === 'existing' ? 'existing' : 'conflicts'] += 1;
        }
      }
      const merges = entities
        .filter((e) => e.mergedInto !== null && created.has(e.id) && created.has(e.mergedInto))
        .map((e) => ({ id: e.id, into: e.mergedInto, at: e.mergedAt ? toDateTime(e.mergedAt) : null }));
      if (merges.length > 0) {
        await this.run(tx, 'entity/import-merges', { tenantId, merges });
      }
      await this.run(tx, 'entity/refresh-roots', { tenantId });

      return counts;
    });
  }

  private async node(tenantId: string, id: string): Promise<EntityNode | null> {
    return this.read('getEntity', (tx) => this.nodeIn(tx, tenantId, id));
  }

  private async nodeIn(tx: ManagedTransaction, tenantId: string, id: string): Promise<EntityNode | null> {
    const [row] = await this.run(tx, 'entity/get-entity', { tenantId, id });

    return row ? toNode(row['entity']) : null;
  }

  private async rootNode(tx: ManagedTransaction, tenantId: string, id: string): Promise<EntityNode> {
    const node = await this.nodeIn(tx, tenantId, id);
    const root = node ? await this.nodeIn(tx, tenantId, node.rootId) : null;
    if (!root) {
      throw new NotFoundError('Entity', id);
    }

    return root;
  }

  private async group(tenantId: string, id: string): Promise<EntityRecord> {
    const group = await this.getEntity(tenantId, id);
    if (!group) {
      throw new NotFoundError('Entity', id);
    }

    return group;
  }

  /** The groups of these roots, in the order given. */
  private async groups(tenantId: string, rootIds: string[]): Promise<EntityRecord[]> {
    if (rootIds.length === 0) {
      return [];
    }
    const rows = await this.read('getGroups', (tx) => this.run(tx, 'entity/get-groups', { tenantId, rootIds }));

    return this.inOrder(
      rows.map((row) => toNode(row['entity'])),
      rootIds,
    );
  }

  private inOrder(nodes: EntityNode[], rootIds: string[]): EntityRecord[] {
    const groups = groupEntities(nodes);

    return rootIds.flatMap((id) => {
      const group = groups.get(id);

      return group ? [group] : [];
    });
  }

  private read<T>(method: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.read(`entity.store#${method}`, work);
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }
}
