import { jointAsWe } from 'src/language/joint-subject';

describe(jointAsWe.name, () => {
  it.each([
    ['my partner and I bought our first house last Friday!', 'we bought our first house last Friday!'],
    ['Anna and I got engaged', 'we got engaged'],
    ['min kone og jeg har købt hus', 'vi har købt hus'],
    ['my partner bought a house', 'my partner bought a house'],
    ['I and my partner moved', 'I and my partner moved'],
  ])('should read %j as %j', (clause, read) => {
    expect(jointAsWe(clause)).toBe(read);
  });
});
