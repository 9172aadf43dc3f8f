import { USE_THRESHOLDS } from 'src/embedding/similarity-thresholds';

/** Cosine above which two ACTIVE memories are merged: the service passes the embedding model's value. */
export const CONSOLIDATION_THRESHOLD = USE_THRESHOLDS.consolidation;
/** Cosine above which episodic observations count as the same thing noticed again: likewise per model. */
export const PROMOTION_THRESHOLD = USE_THRESHOLDS.promotion;
/** Distinct channels an observation must come up in before it is promoted to one semantic memory. */
export const PROMOTION_MIN_CHANNELS = 3;

export interface ClusterMember {
  id: string;
  type: string;
  /** Scope plus the channel or project it is tied to: memories of different visibility are never merged. */
  scopeKey: string;
  slot: string | null;
  confidence: number;
  importance: number;
  accessCount: number;
  createdAt: Date;
  /** The conversation the memory came from, if any (promotion counts distinct ones). */
  channelId: string | null;
}

export interface SimilarPair {
  a: string;
  b: string;
  similarity: number;
}

export interface Cluster {
  /** The strongest member: it survives and is reinforced. */
  survivorId: string;
  /** The others, retired into the survivor. */
  mergedIds: string[];
}

/** Strongest first: confidence, then importance, then use, then the older (the original statement), then id. */
export function byStrength(a: ClusterMember, b: ClusterMember): number {
  return (
    b.confidence - a.confidence ||
    b.importance - a.importance ||
    b.accessCount - a.accessCount ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function compatible(a: ClusterMember, b: ClusterMember): boolean {
  return a.type === b.type && a.scopeKey === b.scopeKey && a.slot === b.slot;
}

function adjacency(
  members: ReadonlyMap<string, ClusterMember>,
  pairs: readonly SimilarPair[],
  threshold: number,
): Map<string, Set<string>> {
  const near = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const a = members.get(pair.a);
    const b = members.get(pair.b);
    if (!a || !b || a.id === b.id || pair.similarity <= threshold || !compatible(a, b)) {
      continue;
    }
    near.set(a.id, (near.get(a.id) ?? new Set()).add(b.id));
    near.set(b.id, (near.get(b.id) ?? new Set()).add(a.id));
  }

  return near;
}

/**
 * Greedy clustering around the strongest memory: the strongest unassigned member takes every unassigned member
 * directly similar to it (no chaining: A≈B and B≈C does not merge A with C unless A≈C). Same type, same
 * visibility and same slot only. Clusters of one are not returned.
 */
export function clusterNearDuplicates(
  members: readonly ClusterMember[],
  pairs: readonly SimilarPair[],
  threshold = CONSOLIDATION_THRESHOLD,
): Cluster[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const near = adjacency(byId, pairs, threshold);
  const assigned = new Set<string>();
  const clusters: Cluster[] = [];
  for (const member of [...members].sort(byStrength)) {
    if (assigned.has(member.id)) {
      continue;
    }
    assigned.add(member.id);
    const mergedIds = [...(near.get(member.id) ?? [])]
      .filter((id) => !assigned.has(id))
      .sort((a, b) => byStrength(byId.get(a) ?? member, byId.get(b) ?? member));
    mergedIds.forEach((id) => assigned.add(id));
    if (mergedIds.length > 0) {
      clusters.push({ survivorId: member.id, mergedIds });
    }
  }

  return clusters;
}

/**
 * Groups of episodic memories that say the same thing in at least `minChannels` distinct conversations: the
 * candidates an LLM may promote to one semantic memory. Greedy around the strongest, like the merge clusters, but
 * across visibility (a timezone mentioned in three channels is about the user, not about any one channel).
 */
export function promotionGroups(
  members: readonly ClusterMember[],
  pairs: readonly SimilarPair[],
  threshold = PROMOTION_THRESHOLD,
  minChannels = PROMOTION_MIN_CHANNELS,
): ClusterMember[][] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const near = new Map<string, Set<string>>();
  for (const pair of pairs) {
    if (pair.a !== pair.b && byId.has(pair.a) && byId.has(pair.b) && pair.similarity > threshold) {
      near.set(pair.a, (near.get(pair.a) ?? new Set()).add(pair.b));
      near.set(pair.b, (near.get(pair.b) ?? new Set()).add(pair.a));
    }
  }
  const assigned = new Set<string>();
  const groups: ClusterMember[][] = [];
  for (const member of [...members].sort(byStrength)) {
    if (assigned.has(member.id)) {
      continue;
    }
    const group = [
      member,
      ...[...(near.get(member.id) ?? [])].filter((id) => !assigned.has(id)).flatMap((id) => byId.get(id) ?? []),
    ];
    const channels = new Set(group.map((m) => m.channelId).filter((c): c is string => c !== null));
    if (channels.size >= minChannels) {
      group.forEach((m) => assigned.add(m.id));
      groups.push(group.sort(byStrength));
    }
  }

  return groups;
}
