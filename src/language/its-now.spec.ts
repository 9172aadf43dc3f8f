import { itsNowValue } from 'src/language/its-now';

describe('itsNowValue', () => {
  it.each([
    ["it's Tyna now", 'Tyna'],
    ["it's dodo now 😅", 'dodo'],
    ['now it is Braga', 'Braga'],
    ["and it's Mary Jane now", 'Mary Jane'],
    ['det er Mulle nu', 'Mulle'],
    ['jeg mente Bang & Olufsen', 'Bang & Olufsen'],
    ["it's actually Malmö", 'Malmö'],
  ])('%j points at %j', (text, value) => {
    expect(itsNowValue(text)).toBe(value);
  });

  it.each([
    "it's dead now",
    "it's fine now",
    "it's Tyna",
    'it is what it is now',
    'I live in Oslo now',
    'I meant to call you',
  ])('%j points at nothing', (text) => {
    expect(itsNowValue(text)).toBeNull();
  });
});
