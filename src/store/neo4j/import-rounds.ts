/**
 * Splits an import batch into rounds in which no two items share a key (an id, a live fingerprint, an ACTIVE slot, an
 * edge's ends), keeping the order of the items that do. One Cypher statement cannot see the rows it creates itself
 * (the checks in its earlier `OPTIONAL CALL`s run before the `CREATE`s, Cypher manual, Clauses > Clause composition),
 * so a batch holding two rows with one key would create both and abort on the uniqueness constraint. Each round runs
 * as its own statement in the same transaction and sees the rounds before it: the same outcome as SQLite, which
 * imports row by row and skips the later row. Almost every batch is a single round.
 */
export function conflictFreeRounds<T>(items: readonly T[], keysOf: (item: T) => readonly (string | null)[]): T[][] {
  const rounds: T[][] = [];
  const lastRound = new Map<string, number>();
  for (const item of items) {
    const keys = keysOf(item).filter((key): key is string => key !== null);
    const round = Math.max(-1, ...keys.map((key) => lastRound.get(key) ?? -1)) + 1;
    for (const key of keys) {
      lastRound.set(key, round);
    }
    (rounds[round] ??= []).push(item);
  }

  return rounds;
}
