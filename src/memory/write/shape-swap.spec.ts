import { oldValueOfShape } from 'src/memory/write/shape-swap';

describe(oldValueOfShape.name, () => {
  const held = [
    { slot: 'birthday', value: '12 april' },
    { slot: 'age', value: '41' },
    { slot: 'location', value: 'bristol' },
  ];

  it.each([
    ['March', 'april'],
    // the day of the birthday is a number too
    ['46', null],
    ['Bath', 'bristol'],
  ])('%j replaces %j', (to, from) => {
    expect(oldValueOfShape(held, to)).toBe(from);
  });

  it('should name no old value when two held values have the shape', () => {
    expect(oldValueOfShape([...held, { slot: 'employer', value: 'acme' }], 'Bath')).toBeNull();
  });

  it('should replace the language held with a language, not a name', () => {
    expect(oldValueOfShape([...held, { slot: 'language', value: 'french' }], 'German')).toBe('french');
  });

  it('should replace the one number held', () => {
    expect(oldValueOfShape([{ slot: 'age', value: '41' }], '46')).toBe('41');
  });

  it('should replace with a name in lower case only a value the user also wrote in lower case', () => {
    const written = [
      { slot: 'location', value: 'copenhagen', lowerCase: true },
      { slot: 'name', value: 'ada', lowerCase: false },
    ];

    expect(oldValueOfShape(written, 'malmö', true)).toBe('copenhagen');
    expect(oldValueOfShape([{ slot: 'location', value: 'copenhagen', lowerCase: false }], 'malmö', true)).toBeNull();
  });

  it('should name no old value when none has the shape', () => {
    expect(oldValueOfShape([{ slot: 'location', value: 'bristol' }], 'March')).toBeNull();
  });
});
