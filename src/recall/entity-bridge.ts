import { USER_ENTITY_KEY } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';
import { MIN_SHARE, specificity } from 'src/recall/entity-signal';

/**
 * Recall's entity bridge, pure: after the first ranking, the entities its best memories mention (other than very
 * common ones) lead to the other memories mentioning them, which gain a share of the best fused score; a memory
 * reached through a bridge joins the candidates. For questions whose answer sits in two facts that name one thing
 * (a person, place or event) and only one of them matches the words of the question. The reads happen in
 * RecallService (EntityStore.entitiesOfMemories, mentionCounts, mentioningMemoryIds).
 */

/** The best memories of the first ranking whose entities are followed. */
export const BRIDGE_SOURCES = 5;
/** Entities followed at most (those of the best memory first). */
export const BRIDGE_ENTITIES = 4;
/** Memories read per entity followed, newest first. */
export const BRIDGE_MEMORIES = 10;
/** An entity mentioned by more memories than this (a speaker, the user) leads everywhere: not followed. */
export const BRIDGE_MAX_MENTIONS = 40;

/** An entity a bridge follows, with how many memories mention it. */
export interface Bridge {
  id: string;
  mentions: number;
}

/**
 * The entities to follow: those of the sources, in source order, mentioned by at least one other memory and at most
 * BRIDGE_MAX_MENTIONS, never the user's own entity; at most BRIDGE_ENTITIES.
 */
export function bridgeEntities(
  sources: readonly string[],
  entitiesOf: ReadonlyMap<string, readonly EntityRecord[]>,
  mentions: ReadonlyMap<string, number>,
): Bridge[] {
  const bridges: Bridge[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for (const entity of entitiesOf.get(source) ?? []) {
      const count = mentions.get(entity.id) ?? 0;
      if (seen.has(entity.id) || entity.key === USER_ENTITY_KEY || count < 2 || count > BRIDGE_MAX_MENTIONS) {
        continue;
      }
      seen.add(entity.id);
      bridges.push({ id: entity.id, mentions: count });
      if (bridges.length === BRIDGE_ENTITIES) {
        return bridges;
      }
    }
  }

  return bridges;
}

/**
 * The share each memory a bridge reaches gains: `weight` × the entity's specificity; the sources gain none (they
 * ranked already), a memory reached twice keeps its largest share, one below MIN_SHARE none.
 */
export function bridgeShares(
  bridges: readonly Bridge[],
  mentioning: ReadonlyMap<string, readonly string[]>,
  sources: readonly string[],
  weight: number,
): Map<string, number> {
  const shares = new Map<string, number>();
  const skip = new Set(sources);
  for (const bridge of bridges) {
    const share = weight * specificity(bridge.mentions);
    for (const id of mentioning.get(bridge.id) ?? []) {
      if (!skip.has(id) && share >= MIN_SHARE && share > (shares.get(id) ?? 0)) {
        shares.set(id, share);
      }
    }
  }

  return shares;
}

/** Two share maps as one, each id keeping its larger share. */
export function largerShares(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map(a);
  for (const [id, share] of b) {
    out.set(id, Math.max(share, out.get(id) ?? 0));
  }

  return out;
}
