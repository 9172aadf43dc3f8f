import type { EntityNode, EntityRecord } from 'src/domain/entity.types';

/**
 * The groups these nodes form (by rootId), each answered as its root with every member's names and keys; groups
 * whose root is not among the nodes are left out. Both adapters read a group's nodes and answer through this.
 */
export function groupEntities(nodes: EntityNode[]): Map<string, EntityRecord> {
  const byRoot = new Map<string, EntityNode[]>();
  for (const node of nodes) {
    const members = byRoot.get(node.rootId) ?? [];
    if (!members.some((m) => m.id === node.id)) {
      members.push(node);
    }
    byRoot.set(node.rootId, members);
  }
  const groups = new Map<string, EntityRecord>();
  for (const [rootId, members] of byRoot) {
    const root = members.find((m) => m.id === rootId);
    if (!root) {
      continue;
    }
    const others = members
      .filter((m) => m.id !== rootId)
      .sort((a, b) => (a.mergedAt?.getTime() ?? 0) - (b.mergedAt?.getTime() ?? 0) || a.id.localeCompare(b.id));
    const names = new Set<string>();
    for (const member of [root, ...others]) {
      for (const name of [member.name, ...member.aliases]) {
        if (name !== root.name) {
          names.add(name);
        }
      }
    }
    groups.set(rootId, {
      id: root.id,
      tenantId: root.tenantId,
      kind: root.kind,
      name: root.name,
      key: root.key,
      aliases: [...names],
      keys: [...new Set(members.flatMap((m) => m.keys))],
      createdAt: root.createdAt,
      updatedAt: new Date(Math.max(...members.map((m) => m.updatedAt.getTime()))),
      mergedIds: others.map((m) => m.id),
    });
  }

  return groups;
}

/** What a merge must refuse, from the two groups' roots (null: the merge may go ahead). */
export function mergeRefusal(keep: EntityNode, other: EntityNode): string | null {
  if (keep.kind !== other.kind) {
    return `cannot merge a ${other.kind} into a ${keep.kind}`;
  }
  if (keep.rootId === other.rootId) {
    return 'the two entities are already one';
  }

  return null;
}
