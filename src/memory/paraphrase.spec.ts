import { EN_FOLDS } from 'src/language/en/paraphrase-folds';
import { changesOneValue, sameStatement } from 'src/memory/paraphrase';

describe(sameStatement.name, () => {
  it.each([
    ['Loves hiking in the mountains', 'Really enjoys hiking in the mountains'],
    ['I love hiking in the mountains.', 'The user enjoys hiking in the mountains'],
    ['Is a big fan of jazz', 'Loves jazz'],
    ["Can't stand cilantro", 'Hates cilantro'],
    ['She adores her cat', 'Loves her cat'],
    ["I'm allergic to peanuts.", 'The user is allergic to peanuts.'],
    ['Dislikes early morning meetings', 'Hates meetings early in the morning'],
    ['Follows a vegetarian diet', "I'm vegetarian."],
  ])('%s = %s', (a, b) => {
    expect(sameStatement(a, b)).toBe(true);
  });

  it.each([
    ['Loves hiking', 'Hates hiking'],
    ['Loves hiking', 'Loves hiking in winter'],
    ['Likes tea', 'Likes coffee'],
    ["Doesn't like jazz", 'Likes jazz'],
    ['Went hiking in the mountains', 'Loves hiking in the mountains'],
    ['', ''],
    ['Is allergic to peanuts', 'Is allergic to cats'],
    ['Likes dogs more than cats', 'Likes cats more than dogs'],
    ['Alice reports to Bob', 'Bob reports to Alice'],
  ])('%s != %s', (a, b) => {
    expect(sameStatement(a, b)).toBe(false);
  });
});

describe(changesOneValue.name, () => {
  it.each([
    ['I have two kids.', 'Correction: I have three kids.'],
    ['My favourite colour is green.', 'Actually my favourite colour is blue.'],
    ["User's daughter Emma is 7 years old.", "User's daughter Emma is 8 years old now."],
    ['My wife is a dentist.', 'Correction: my wife is an orthodontist.'],
  ])('%j is corrected by %j', (older, newer) => {
    expect(changesOneValue(older, newer)).toBe(true);
  });

  it.each([
    ['Loves hiking in the mountains', 'Loves hiking in the Alps'],
    ['I like tea', 'I like coffee'],
    ['Has a dog named Rex', 'Has a cat named Rex'],
    ['I have two kids.', 'I have two kids.'],
    ['Paging fixture number 1 about the roadmap', 'Paging fixture number 2 about the roadmap'],
  ])('%j is not corrected by %j', (older, newer) => {
    expect(changesOneValue(older, newer)).toBe(false);
  });
});

describe('paraphrase folds', () => {
  const pairs = EN_FOLDS.flatMap((fold) => fold.same.map(([a, b]) => [fold.id, a, b] as const));

  it.each(pairs)('%s: %j is %j', (_id, a, b) => {
    expect(sameStatement(a, b)).toBe(true);
  });
});
