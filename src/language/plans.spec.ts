import { aboutSomeoneElse, isPlannedChange, OTHER_SUBJECT_CUES, PLAN_CUES } from 'src/language/plans';

const cases = [...PLAN_CUES, ...OTHER_SUBJECT_CUES].flatMap((cue) =>
  cue.examples.map((example) => [cue.id, example, cue] as const),
);

describe('plan cues', () => {
  it.each(cases)('%s: %j', (_id, example, cue) => {
    expect(cue.pattern.test(example.text)).toBe(example.fires);
  });

  it('should have unique ids and an example taken and one left alone for every cue', () => {
    const cues = [...PLAN_CUES, ...OTHER_SUBJECT_CUES];

    expect(new Set(cues.map((cue) => cue.id)).size).toBe(cues.length);
    expect(cues.filter((c) => !c.examples.some((e) => e.fires) || c.examples.every((e) => e.fires))).toEqual([]);
  });

  it.each([
    ["we're moving to Lyon in March", true],
    ['Next year I will move to Berlin.', true],
    ["I'll be 30 next week", true],
    ['I live in Lyon', false],
    ['I quit Acme, I’m at Globex now', false],
  ] as const)('%s: %s', (text, plan) => {
    expect(isPlannedChange(text)).toBe(plan);
  });
});

describe(aboutSomeoneElse.name, () => {
  it.each([
    ['My daughter Ella turns 7 next week', true],
    ["and my wife's birthday is 3 June", true],
    ['I live in Oslo with my husband', false],
  ] as const)('%s: %s', (text, other) => {
    expect(aboutSomeoneElse(text)).toBe(other);
  });

  it('should read he / she as someone else only when asked to (what the user says in chat)', () => {
    expect(aboutSomeoneElse("she's 7 now", true)).toBe(true);
    expect(aboutSomeoneElse('She is a nurse in Oslo.')).toBe(false);
  });
});
