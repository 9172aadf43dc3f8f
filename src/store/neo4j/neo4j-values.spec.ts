import { int } from 'neo4j-driver';

import { toNumber, toTextList } from 'src/store/neo4j/neo4j-values';

describe('toNumber', () => {
  it('should pass safe integers and floats, and refuse an integer already rounded beyond 2^53', () => {
    expect(toNumber(2 ** 53 - 1, 'n')).toBe(2 ** 53 - 1);
    expect(toNumber(0.25, 'n')).toBe(0.25);
    expect(toNumber(int(42), 'n')).toBe(42);
    expect(() => toNumber(2 ** 53 + 2, 'createdSum')).toThrow(/createdSum = 9007199254740994, an integer beyond 2\^53/);
  });
});

describe('toTextList', () => {
  it('should keep the strings of a list in order, and read a missing list or any other value as empty', () => {
    expect(toTextList(['a', 1, null, 'b'])).toEqual(['a', 'b']);
    expect(toTextList(null)).toEqual([]);
    expect(toTextList('a')).toEqual([]);
  });
});
