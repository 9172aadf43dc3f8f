import { AGREED_STATE_FLOOR, STATE_FLOOR, stateFloor } from 'src/memory/write/state-floor';

describe(stateFloor.name, () => {
  it.each([
    ["i'm anouk", 'name', 'anouk'],
    ["i'm sam", 'name', 'sam'],
    ["I'm based in innsbruck", 'location', 'innsbruck'],
    ['you can call me T, everyone does', 'nickname', 'T'],
  ] as const)('lowers the bar when the value looks like a name or place: %j', (clause, slot, value) => {
    expect(stateFloor(clause, slot, value, 'en')).toBe(AGREED_STATE_FLOOR);
  });

  it.each([
    ["i'm fine", 'nickname', 'fine', 'en'],
    ['The conference is in Bergen', 'location', 'Bergen', 'en'],
    ["i'm knackered", 'name', 'knackered', 'en'],
    ['i live in a big house', 'location', 'big house', 'en'],
    ['I work at Acme', 'employer', 'Acme', 'en'],
    ['jeg er træt', 'name', 'træt', 'da'],
  ] as const)('keeps the bar for a word that is no name, another slot or Danish: %j', (clause, slot, value, lang) => {
    expect(stateFloor(clause, slot, value, lang)).toBeGreaterThanOrEqual(STATE_FLOOR);
  });

  it.each(["i'm pumped", "i'm stoked", "i'm wiped"])('never takes a word of state for a name: %j', (clause) => {
    expect(stateFloor(clause, 'name', clause.slice(4), 'en')).toBe(Number.POSITIVE_INFINITY);
  });

  it('lowers the bar for a value a persona line names by its shape', () => {
    expect(stateFloor('Brugeren er en 31-årig landmand fra Thy.', 'age', '31', 'da')).toBe(AGREED_STATE_FLOOR);
  });

  it.each([
    ["It's two metres by three.", 'two metres'],
    ["it's 4 of us", '4'],
  ])('never takes a number for a name: %j', (clause, value) => {
    expect(stateFloor(clause, 'name', value, 'en')).toBe(Number.POSITIVE_INFINITY);
  });
});
