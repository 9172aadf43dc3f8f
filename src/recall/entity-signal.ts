import type { EntityKind } from 'src/domain/entity.types';
import { findMentions } from 'src/entities/find-mentions';
import { keyMention, lookupKeys, pickEntity } from 'src/entities/resolve-mentions';
import type { KeyedMention } from 'src/entities/resolve-mentions';
import type { RankingWeights } from 'src/recall/fusion-weights';
import type { EntityLookup, EntityNeighbourhood, NeighbourhoodLimits } from 'src/store/entity-store.port';

/**
 * Recall's entity signal, pure: the things a query names are found and keyed as the linker does (`findMentions`,
 * `keyMention`), looked up in one store read (`EntityStore.entityNeighbourhoods`) and resolved by the linker's rule
 * (`pickEntity`); a memory that mentions a named entity gains a share of the best fused score, one that mentions an
 * entity co-mentioned with it (one hop) a smaller one. The read happens in RecallService.
 */

/** What one read brings back per named entity: its newest memories, and those of its 3 most co-mentioned entities. */
export const NEIGHBOURHOOD_LIMITS: NeighbourhoodLimits = { memories: 10, related: 3, expandUpTo: 200 };

/** A share below this cannot move a rank: the memory is not lifted, and its record is not read. */
export const MIN_SHARE = 0.02;

/** An entity mentioned by at most this many memories is specific (specificity 1); above, FOCUS / mentions. */
export const FOCUS = 10;

/** The things the query names, keyed as the linker keys a memory's (the user's own entity is never named by a query). */
export function queryMentions(query: string): KeyedMention[] {
  return findMentions(query, null)
    .map(keyMention)
    .filter((k): k is KeyedMention => k !== null);
}

/** One lookup per kind named, with every key its mentions are looked up by. */
export function entityLookups(keyed: readonly KeyedMention[]): EntityLookup[] {
  const byKind = new Map<EntityKind, Set<string>>();
  for (const k of keyed) {
    const keys = byKind.get(k.kind) ?? new Set<string>();
    for (const key of lookupKeys(k)) {
      keys.add(key);
    }
    byKind.set(k.kind, keys);
  }

  return [...byKind.entries()].map(([kind, keys]) => ({ kind, keys: [...keys] }));
}

/** 1 for an entity few memories mention, less for a common one (the user, a speaker named in every turn). */
export function specificity(mentions: number, focus = FOCUS): number {
  return mentions <= focus ? 1 : focus / mentions;
}

/**
 * The share each memory gains: `entity` × specificity for one mentioning an entity the query names (resolved as the
 * linker resolves: `pickEntity` among the groups read), `entityHop` × the specificity of both for one mentioning an
 * entity co-mentioned with it; a memory reached several ways keeps its largest share, and one below MIN_SHARE none.
 */
export function entityShares(
  keyed: readonly KeyedMention[],
  neighbourhoods: readonly EntityNeighbourhood[],
  weights: Pick<RankingWeights, 'entity' | 'entityHop'>,
): Map<string, number> {
  const shares = new Map<string, number>();
  const raise = (id: string, share: number): void => {
    if (share >= MIN_SHARE && share > (shares.get(id) ?? 0)) {
      shares.set(id, share);
    }
  };
  const named = new Set<EntityNeighbourhood>();
  for (const k of keyed) {
    const picked = pickEntity(
      k,
      neighbourhoods.filter((n) => n.entity.kind === k.kind).map((n) => n.entity),
    );
    const hood = picked === null ? undefined : neighbourhoods.find((n) => n.entity.id === picked.id);
    if (hood) {
      named.add(hood);
    }
  }
  for (const hood of named) {
    const own = specificity(hood.mentions);
    for (const id of hood.memoryIds) {
      raise(id, weights.entity * own);
    }
    for (const related of hood.related) {
      for (const id of related.memoryIds) {
        raise(id, weights.entityHop * own * specificity(related.mentions));
      }
    }
  }

  return shares;
}

/** Whether the weights leave the signal anything to do: off, recall reads no entity. */
export function entitySignalOn(
  weights: Pick<RankingWeights, 'entity' | 'entityHop'> & { entityBridge?: number },
): boolean {
  return weights.entity > 0 || weights.entityHop > 0 || (weights.entityBridge ?? 0) > 0;
}
