import { toThirdPerson } from 'src/domain/third-person';

describe(toThirdPerson.name, () => {
  it.each([
    ['I live in Denver.', 'The user lives in Denver.'],
    ["I'm vegetarian, so never suggest meat.", 'The user is vegetarian, so never suggest meat.'],
    ['I’m a nurse.', 'The user is a nurse.'],
    ['My name is Kathryn.', "The user's name is Kathryn."],
    ['Always call me Kat.', 'Always call the user Kat.'],
    ['I have two kids and I watch birds.', 'The user has two kids and the user watches birds.'],
    ['I really enjoy hiking.', 'The user really enjoys hiking.'],
    ['I moved to Lisbon last year.', 'The user moved to Lisbon last year.'],
    ["I don't eat pork.", "The user doesn't eat pork."],
    ['I study law and I go to the gym.', 'The user studies law and the user goes to the gym.'],
    ["I've been working at Nike since May.", 'The user has been working at Nike since May.'],
    ['I can swim.', 'The user can swim.'],
    ['I went to Rome. My sister came too.', "The user went to Rome. The user's sister came too."],
    ['The book is mine.', "The book is the user's."],
    ['Never use emojis in your answers.', 'Never use emojis in your answers.'],
    ['The user lives in Denver.', 'The user lives in Denver.'],
    ['i work at nike lol', 'The user works at nike lol'],
  ])('%s', (input, expected) => {
    expect(toThirdPerson(input)).toBe(expected);
  });

  it('should leave words that merely contain the letters alone', () => {
    const text = 'Mimi inspects my Impala in Miami.';
    expect(toThirdPerson(text)).toBe("Mimi inspects the user's Impala in Miami.");
  });
});
