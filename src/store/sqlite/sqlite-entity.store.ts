import { BadInputError, NotFoundError } from 'src/common/errors';
import type { EntityDraft, EntityKind, EntityNode, EntityRecord } from 'src/domain/entity.types';
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
import { column } from 'src/store/sqlite/sqlite-columns';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { countOwedLinks, listOwedLinks, settleOwedLinks } from 'src/store/sqlite/sqlite-owed-links';
import type { ImportCounts } from 'src/store/tenant-data.port';

interface EntityRow {
  id: string;
  tenant_id: string;
  kind: string;
  name: string;
  key: string;
  aliases: string;
  root_id: string;
  merged_into: string | null;
  merged_at: number | null;
  created_at: number;
  updated_at: number;
  keys: string | null;
}

/**
 * Entity rows with their keys (a JSON array), fixed SQL: the WHERE clause names bound values only. The reads from an
 * entity to its memories join with CROSS JOIN, which fixes SQLite's join order: left to choose, it scanned the
 * tenant's memories (10,000 rows) instead of the entity's mentions.
 */
const NODE_COLUMNS = `e.*, (SELECT json_group_array(k.key) FROM entity_keys k WHERE k.entity_id = e.id) AS keys`;
const GROUP_NODES = `SELECT ${NODE_COLUMNS} FROM entities e
  WHERE e.tenant_id = ? AND e.root_id IN (SELECT value FROM json_each(?))`;

function textList(json: string | null): string[] {
  const parsed: unknown = JSON.parse(json ?? '[]');

  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

function toNode(row: EntityRow): EntityNode {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: column.entityKind(row.kind),
    name: row.name,
    key: row.key,
    aliases: textList(row.aliases),
    keys: textList(row.keys).sort(),
    rootId: row.root_id,
    mergedInto: row.merged_into,
    mergedAt: row.merged_at === null ? null : new Date(row.merged_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** A synchronous call as a promise: what it throws (a refused merge) rejects instead of escaping the caller's await. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export class SqliteEntityStore implements EntityStore {
  constructor(private readonly database: SqliteDatabase) {}

  findEntities(tenantId: string, kind: EntityKind, keys: string[]): Promise<EntityRecord[]> {
    const roots = this.database
      .stmt<{ root_id: string }>(
        `SELECT DISTINCT e.root_id FROM entity_keys k JOIN entities e ON e.id = k.entity_id
         WHERE k.tenant_id = ? AND k.kind = ? AND k.key IN (SELECT value FROM json_each(?))`,
      )
      .all(tenantId, kind, JSON.stringify(keys))
      .map((r) => r.root_id);

    return Promise.resolve(this.groups(tenantId, roots));
  }

  linkMentions(tenantId: string, memoryId: string, drafts: EntityDraft[], now: Date): Promise<EntityRecord[]> {
    const roots = this.database.transaction(() => {
      const ours = this.database.stmt('SELECT 1 FROM memories WHERE tenant_id = ? AND id = ?').get(tenantId, memoryId);
      if (ours === undefined) {
        return [];
      }
      settleOwedLinks(this.database, tenantId, memoryId);
      const linked: string[] = [];
      for (const draft of drafts) {
        const node = this.upsert(tenantId, draft, now);
        this.database
          .stmt(
            `INSERT INTO entity_mentions (tenant_id, memory_id, entity_id, created_at) VALUES (?, ?, ?, ?)
             ON CONFLICT DO NOTHING`,
          )
          .run(tenantId, memoryId, node.id, now.getTime());
        if (!linked.includes(node.root_id)) {
          linked.push(node.root_id);
        }
      }

      return linked;
    });

    return Promise.resolve(this.groups(tenantId, roots));
  }

  listOwedLinks(olderThan: Date, after: OwedLinksAfter | null, limit: number): Promise<OwedLinks[]> {
    return Promise.resolve(listOwedLinks(this.database, olderThan, after, limit));
  }

  countOwedLinks(tenantId: string | null): Promise<OwedCount> {
    return Promise.resolve(countOwedLinks(this.database, tenantId));
  }

  /** The draft's entity, created or given the draft's keys and name; inside linkMentions' transaction. */
  private upsert(tenantId: string, draft: EntityDraft, now: Date): { id: string; root_id: string } {
    const at = now.getTime();
    this.database
      .stmt(
        `INSERT INTO entities (id, tenant_id, kind, name, key, root_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, kind, key) DO NOTHING`,
      )
      .run(draft.id, tenantId, draft.kind, draft.name, draft.key, draft.id, at, at);
    const row = this.database
      .stmt<{ id: string; root_id: string; name: string; aliases: string }>(
        'SELECT id, root_id, name, aliases FROM entities WHERE tenant_id = ? AND kind = ? AND key = ?',
      )
      .get(tenantId, draft.kind, draft.key);
    if (!row) {
      throw new Error(`entity ${draft.key} vanished inside its transaction`);
    }
    const aliases = textList(row.aliases);
    if (draft.name !== row.name && !aliases.includes(draft.name)) {
      this.database
        .stmt('UPDATE entities SET aliases = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify([...aliases, draft.name]), at, row.id);
    }
    const addKey = this.database.stmt(
      'INSERT INTO entity_keys (tenant_id, kind, key, entity_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    for (const key of new Set([draft.key, ...draft.keys])) {
      addKey.run(tenantId, draft.kind, key, row.id);
    }

    return row;
  }

  getEntity(tenantId: string, id: string): Promise<EntityRecord | null> {
    const root = this.rootOf(tenantId, id);

    return Promise.resolve(root === null ? null : (this.groups(tenantId, [root])[0] ?? null));
  }

  searchEntities(tenantId: string, search: EntitySearch): Promise<EntityRecord[]> {
    const roots = this.database
      .stmt<{ root_id: string }>(
        `SELECT e.root_id, COUNT(DISTINCT m.memory_id) AS mentions, MIN(r.name) AS name
         FROM entities e
         JOIN entities r ON r.id = e.root_id
         LEFT JOIN entity_mentions m ON m.entity_id = e.id
         WHERE e.tenant_id = ? AND (? IS NULL OR e.kind = ?)
           AND (? IS NULL OR e.root_id IN (SELECT e2.root_id FROM entity_keys k JOIN entities e2 ON e2.id = k.entity_id
                WHERE k.tenant_id = e.tenant_id AND instr(k.key, ?) > 0))
         GROUP BY e.root_id ORDER BY mentions DESC, name, e.root_id LIMIT ?`,
      )
      .all(tenantId, search.kind, search.kind, search.query, search.query, search.limit)
      .map((r) => r.root_id);

    return Promise.resolve(this.groups(tenantId, roots));
  }

  entityNeighbourhoods(
    tenantId: string,
    lookups: EntityLookup[],
    limits: NeighbourhoodLimits,
  ): Promise<EntityNeighbourhood[]> {
    const pairs = lookups.flatMap((l) => l.keys.map((key) => [l.kind, key]));
    if (pairs.length === 0) {
      return Promise.resolve([]);
    }
    const roots = this.database
      .values<string>(
        `SELECT DISTINCT r.id FROM json_each(?) j
         CROSS JOIN entity_keys k ON k.tenant_id = ? AND k.kind = json_extract(j.value, '$[0]')
           AND k.key = json_extract(j.value, '$[1]')
         CROSS JOIN entities e ON e.id = k.entity_id
         CROSS JOIN entities r ON r.id = e.root_id
         ORDER BY r.created_at, r.id`,
      )
      .all(JSON.stringify(pairs), tenantId);
    const answer = this.groups(tenantId, roots).map((entity) => {
      const own = this.newestMentioning(tenantId, entity.id, limits.memories);
      const related =
        own.mentions > limits.expandUpTo
          ? []
          : this.relatedRows(tenantId, entity.id, limits.related).map((row) => ({
              rootId: row.root_id,
              shared: row.shared,
              ...this.newestMentioning(tenantId, row.root_id, limits.memories),
            }));

      return { entity, ...own, related };
    });

    return Promise.resolve(answer);
  }

  mentionCounts(tenantId: string, entityIds: string[]): Promise<Map<string, number>> {
    const rows = this.database
      .stmt<{ id: string; mentions: number }>(
        `SELECT j.value AS id, COUNT(DISTINCT m.memory_id) AS mentions FROM json_each(?) j
         CROSS JOIN entities asked ON asked.tenant_id = ? AND asked.id = j.value
         CROSS JOIN entities e ON e.tenant_id = asked.tenant_id AND e.root_id = asked.root_id
         CROSS JOIN entity_mentions m ON m.entity_id = e.id AND m.tenant_id = e.tenant_id
         GROUP BY j.value`,
      )
      .all(JSON.stringify(entityIds), tenantId);
    const counts = new Map(entityIds.map((id) => [id, 0]));
    for (const row of rows) {
      counts.set(row.id, row.mentions);
    }

    return Promise.resolve(counts);
  }

  /** How many memories mention the group rooted at `root`, and the newest `limit` of them. */
  private newestMentioning(tenantId: string, root: string, limit: number): { mentions: number; memoryIds: string[] } {
    const mentions = this.database
      .values<number>(
        `SELECT COUNT(DISTINCT m.memory_id) FROM entities e
         CROSS JOIN entity_mentions m ON m.entity_id = e.id AND m.tenant_id = e.tenant_id
         WHERE e.tenant_id = ? AND e.root_id = ?`,
      )
      .get(tenantId, root);

    return { mentions: mentions ?? 0, memoryIds: this.mentioning(tenantId, root, limit) };
  }

  /** The newest `limit` memories mentioning the group rooted at `root`. */
  private mentioning(tenantId: string, root: string, limit: number): string[] {
    return this.database
      .values<string>(
        `SELECT DISTINCT mem.id FROM entities e
         CROSS JOIN entity_mentions m ON m.entity_id = e.id
         CROSS JOIN memories mem ON mem.id = m.memory_id AND mem.tenant_id = e.tenant_id
         WHERE e.tenant_id = ? AND e.root_id = ?
         ORDER BY mem.occurred_at DESC, mem.id DESC LIMIT ?`,
      )
      .all(tenantId, root, limit);
  }

  mentioningMemoryIds(tenantId: string, entityId: string, limit: number): Promise<string[]> {
    const root = this.rootOf(tenantId, entityId);
    if (root === null) {
      return Promise.resolve([]);
    }
    const ids = this.mentioning(tenantId, root, limit);

    return Promise.resolve(ids);
  }

  entitiesOfMemories(tenantId: string, memoryIds: string[]): Promise<Map<string, EntityRecord[]>> {
    const rows = this.database
      .stmt<{ memory_id: string; root_id: string }>(
        `SELECT m.memory_id, e.root_id FROM entity_mentions m JOIN entities e ON e.id = m.entity_id
         WHERE m.tenant_id = ? AND e.tenant_id = m.tenant_id AND m.memory_id IN (SELECT value FROM json_each(?))
         ORDER BY m.created_at, e.name, e.id`,
      )
      .all(tenantId, JSON.stringify(memoryIds));
    const groups = new Map(this.groups(tenantId, [...new Set(rows.map((r) => r.root_id))]).map((g) => [g.id, g]));
    const answer = new Map<string, EntityRecord[]>(memoryIds.map((id) => [id, []]));
    for (const row of rows) {
      const group = groups.get(row.root_id);
      const list = answer.get(row.memory_id);
      if (group && list && !list.includes(group)) {
        list.push(group);
      }
    }

    return Promise.resolve(answer);
  }

  relatedEntities(tenantId: string, entityId: string, limit: number): Promise<RelatedEntity[]> {
    const root = this.rootOf(tenantId, entityId);
    if (root === null) {
      return Promise.resolve([]);
    }
    const rows = this.relatedRows(tenantId, root, limit);
    const groups = new Map(
      this.groups(
        tenantId,
        rows.map((r) => r.root_id),
      ).map((g) => [g.id, g]),
    );

    return Promise.resolve(
      rows.flatMap((row) => {
        const entity = groups.get(row.root_id);

        return entity ? [{ entity, shared: row.shared }] : [];
      }),
    );
  }

  /** Groups sharing memories with the group rooted at `root`, the most shared first. */
  private relatedRows(tenantId: string, root: string, limit: number): { root_id: string; shared: number }[] {
    return this.database
      .stmt<{ root_id: string; shared: number }>(
        `SELECT o.root_id, COUNT(DISTINCT theirs.memory_id) AS shared
         FROM entities e
         CROSS JOIN entity_mentions ours ON ours.entity_id = e.id
         CROSS JOIN entity_mentions theirs ON theirs.memory_id = ours.memory_id AND theirs.tenant_id = e.tenant_id
         CROSS JOIN entities o ON o.id = theirs.entity_id AND o.tenant_id = e.tenant_id
         WHERE e.tenant_id = ? AND e.root_id = ? AND o.root_id <> e.root_id
         GROUP BY o.root_id ORDER BY shared DESC, o.root_id LIMIT ?`,
      )
      .all(tenantId, root, limit);
  }

  mergeEntities(tenantId: string, keepId: string, otherId: string, now: Date): Promise<EntityRecord> {
    return settle(() => this.merge(tenantId, keepId, otherId, now));
  }

  private merge(tenantId: string, keepId: string, otherId: string, now: Date): EntityRecord {
    const root = this.database.transaction(() => {
      const keep = this.rootNode(tenantId, keepId);
      const other = this.rootNode(tenantId, otherId);
      const refusal = mergeRefusal(keep, other);
      if (refusal !== null) {
        throw new BadInputError(refusal);
      }
      this.database
        .stmt('UPDATE entities SET merged_into = ?, merged_at = ?, updated_at = ? WHERE id = ?')
        .run(keep.id, now.getTime(), now.getTime(), other.id);
      this.database
        .stmt('UPDATE entities SET root_id = ? WHERE tenant_id = ? AND root_id = ?')
        .run(keep.id, tenantId, other.id);

      return keep.id;
    });

    return this.group(tenantId, root);
  }

  splitEntity(tenantId: string, memberId: string, now: Date): Promise<EntityRecord> {
    return settle(() => this.split(tenantId, memberId, now));
  }

  private split(tenantId: string, memberId: string, now: Date): EntityRecord {
    this.database.transaction(() => {
      const member = this.node(tenantId, memberId);
      if (member.mergedInto === null) {
        throw new BadInputError(`entity ${JSON.stringify(memberId)} was never merged into another`);
      }
      this.database
        .stmt('UPDATE entities SET merged_into = NULL, merged_at = NULL, updated_at = ? WHERE id = ?')
        .run(now.getTime(), member.id);
      this.database
        .stmt(
          `WITH RECURSIVE below(id) AS (
             SELECT ? UNION SELECT e.id FROM entities e JOIN below ON e.merged_into = below.id
           )
           UPDATE entities SET root_id = ? WHERE id IN (SELECT id FROM below)`,
        )
        .run(member.id, member.id);
    });

    return this.group(tenantId, memberId);
  }

  exportEntities(tenantId: string): Promise<ExportedEntity[]> {
    const nodes = this.database
      .stmt<EntityRow>(`SELECT ${NODE_COLUMNS} FROM entities e WHERE e.tenant_id = ? ORDER BY e.id`)
      .all(tenantId)
      .map(toNode);
    const mentions = this.database
      .stmt<{ entity_id: string; memory_id: string; created_at: number }>(
        'SELECT entity_id, memory_id, created_at FROM entity_mentions WHERE tenant_id = ? ORDER BY memory_id',
      )
      .all(tenantId);

    return Promise.resolve(
      nodes.map((node) => ({
        ...node,
        mentions: mentions
          .filter((m) => m.entity_id === node.id)
          .map((m) => ({ memoryId: m.memory_id, createdAt: new Date(m.created_at) })),
      })),
    );
  }

  importEntities(tenantId: string, entities: ExportedEntity[]): Promise<ImportCounts> {
    const counts = this.database.transaction(() => {
      const result: ImportCounts = { created: 0, existing: 0, conflicts: 0 };
      const kept = new Set<string>();
      for (const entity of entities) {
        const held = this.database
          .stmt<{ tenant_id: string }>('SELECT tenant_id FROM entities WHERE id = ?')
          .get(entity.id);
        if (held) {
          result[held.tenant_id === tenantId ? 'existing' : 'conflicts'] += 1;
          continue;
        }
        const inserted = this.database
          .stmt(
            `INSERT INTO entities (id, tenant_id, kind, name, key, aliases, root_id, merged_into, merged_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?) ON CONFLICT (tenant_id, kind, key) DO NOTHING`,
          )
          .run(
            entity.id,
            tenantId,
            entity.kind,
            entity.name,
            entity.key,
            JSON.stringify(entity.aliases),
            entity.id,
            entity.createdAt.getTime(),
            entity.updatedAt.getTime(),
          );
        if (inserted.changes === 0) {
          result.conflicts += 1;
          continue;
        }
        result.created += 1;
        kept.add(entity.id);
        const addKey = this.database.stmt(
          'INSERT INTO entity_keys (tenant_id, kind, key, entity_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        );
        for (const key of new Set([entity.key, ...entity.keys])) {
          addKey.run(tenantId, entity.kind, key, entity.id);
        }
        const mention = this.database.stmt(
          `INSERT INTO entity_mentions (tenant_id, memory_id, entity_id, created_at)
           SELECT ?, id, ?, ? FROM memories WHERE tenant_id = ? AND id = ? ON CONFLICT DO NOTHING`,
        );
        for (const m of entity.mentions) {
          mention.run(tenantId, entity.id, m.createdAt.getTime(), tenantId, m.memoryId);
        }
      }
      // merges after every node is in (a merge may point forwards), only between entities this import created
      for (const entity of entities) {
        if (entity.mergedInto !== null && kept.has(entity.id) && kept.has(entity.mergedInto)) {
          this.database
            .stmt('UPDATE entities SET merged_into = ?, merged_at = ? WHERE id = ?')
            .run(entity.mergedInto, entity.mergedAt?.getTime() ?? null, entity.id);
        }
      }
      this.database
        .stmt(
          `WITH RECURSIVE chain(id, root) AS (
             SELECT id, id FROM entities WHERE tenant_id = ? AND merged_into IS NULL
             UNION SELECT e.id, chain.root FROM entities e JOIN chain ON e.merged_into = chain.id
           )
           UPDATE entities SET root_id = (SELECT root FROM chain WHERE chain.id = entities.id)
           WHERE tenant_id = ? AND id IN (SELECT id FROM chain)`,
        )
        .run(tenantId, tenantId);

      return result;
    });

    return Promise.resolve(counts);
  }

  private rootOf(tenantId: string, id: string): string | null {
    const row = this.database
      .stmt<{ root_id: string }>('SELECT root_id FROM entities WHERE tenant_id = ? AND id = ?')
      .get(tenantId, id);

    return row?.root_id ?? null;
  }

  private node(tenantId: string, id: string): EntityNode {
    const row = this.database
      .stmt<EntityRow>(`SELECT ${NODE_COLUMNS} FROM entities e WHERE e.tenant_id = ? AND e.id = ?`)
      .get(tenantId, id);
    if (!row) {
      throw new NotFoundError('Entity', id);
    }

    return toNode(row);
  }

  private rootNode(tenantId: string, id: string): EntityNode {
    return this.node(tenantId, this.node(tenantId, id).rootId);
  }

  private group(tenantId: string, id: string): EntityRecord {
    const root = this.rootOf(tenantId, id);
    const group = root === null ? undefined : this.groups(tenantId, [root])[0];
    if (!group) {
      throw new NotFoundError('Entity', id);
    }

    return group;
  }

  /** The groups of these roots, in the order given. */
  private groups(tenantId: string, roots: string[]): EntityRecord[] {
    if (roots.length === 0) {
      return [];
    }
    const nodes = this.database.stmt<EntityRow>(GROUP_NODES).all(tenantId, JSON.stringify(roots)).map(toNode);
    const groups = groupEntities(nodes);

    return roots.flatMap((root) => {
      const group = groups.get(root);

      return group ? [group] : [];
    });
  }
}
