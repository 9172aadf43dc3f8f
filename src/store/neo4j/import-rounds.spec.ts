import { conflictFreeRounds } from 'src/store/neo4j/import-rounds';

describe('conflictFreeRounds', () => {
  const byKeys = (item: { name: string; keys: (string | null)[] }): (string | null)[] => item.keys;
  const names = (rounds: { name: string }[][]): string[][] => rounds.map((round) => round.map((item) => item.name));

  it('should keep a batch without shared keys in one round, in order', () => {
    const items = [
      { name: 'a', keys: ['id:1', 'fp:x'] },
      { name: 'b', keys: ['id:2', null] },
      { name: 'c', keys: ['id:3', 'fp:y'] },
    ];

    expect(names(conflictFreeRounds(items, byKeys))).toEqual([['a', 'b', 'c']]);
  });

  it('should move an item sharing any key with an earlier one to a later round, after every item it collides with', () => {
    const items = [
      { name: 'a', keys: ['id:1', 'fp:x'] },
      { name: 'b', keys: ['id:2', 'fp:x'] },
      { name: 'c', keys: ['id:1', 'slot:name'] },
      { name: 'd', keys: ['id:4', 'fp:x'] },
      { name: 'e', keys: ['id:5', 'slot:name'] },
      { name: 'f', keys: ['id:6'] },
    ];

    expect(names(conflictFreeRounds(items, byKeys))).toEqual([
      ['a', 'f'],
      ['b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('should ignore null keys (no fingerprint, no slot) and return no round for no items', () => {
    expect(
      names(
        conflictFreeRounds(
          [
            { name: 'a', keys: [null] },
            { name: 'b', keys: [null] },
          ],
          byKeys,
        ),
      ),
    ).toEqual([['a', 'b']]);
    expect(conflictFreeRounds([], byKeys)).toEqual([]);
  });
});
