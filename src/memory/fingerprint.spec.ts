import { fingerprint, normalizeForFingerprint } from 'src/memory/fingerprint';

describe(fingerprint.name, () => {
  it.each([
    ['I like tea.', '  i LIKE tea '],
    ['I like tea', 'I like tea!!!'],
    ['"I like tea."', 'i like tea'],
    ['“I like tea”.', "'I like tea'"],
    ['I  like\n\ttea', 'i like tea'],
    ['Ｉ ｌｉｋｅ ｔｅａ', 'I like tea'],
    ['I like tea…', 'I like tea?'],
  ])('should match %j and %j', (a, b) => {
    expect(fingerprint(a)).toBe(fingerprint(b));
  });

  it.each([
    ['I like tea', 'I like coffee'],
    ['I like tea', 'I like tea a lot'],
    ['I like tea', 'I liked tea'],
    ['Version 1.2', 'Version 12'],
  ])('should tell %j from %j', (a, b) => {
    expect(fingerprint(a)).not.toBe(fingerprint(b));
  });

  it('should be a sha256 hex digest', () => {
    expect(fingerprint('I like tea')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['  "Hello,   World!"  ', 'hello, world'],
    ['Keep inner. Punctuation.', 'keep inner. punctuation'],
    ['', ''],
  ])('should normalise %j to %j', (input, expected) => {
    expect(normalizeForFingerprint(input)).toBe(expected);
  });
});
