import { recentTexts } from 'src/common/recent-texts';

describe(recentTexts.name, () => {
  it('should read a short text once and answer again from memory, the same frozen answer', () => {
    let reads = 0;
    const read = recentTexts((text: string) => {
      reads += 1;

      return { length: text.length };
    });

    const first = read('I live in Oslo');
    const second = read('I live in Oslo');

    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(reads).toBe(1);
  });

  it('should forget the oldest text past its size, and read long texts afresh every time', () => {
    let reads = 0;
    const read = recentTexts((text: string) => {
      reads += 1;

      return text.length > 0 ? null : 'empty';
    }, 2);

    read('a');
    read('b');
    read('c');
    read('a');
    const long = 'x'.repeat(5000);
    read(long);
    read(long);

    expect(reads).toBe(6);
    expect(read('')).toBe('empty');
  });
});
