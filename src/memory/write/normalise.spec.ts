import { DA_FILLER } from 'src/language/da/filler';
import { EN_CASUAL_EXAMPLES } from 'src/language/en/casual-spellings';
import { EN_FILLER } from 'src/language/en/filler';
import { normalise } from 'src/memory/write/normalise';

const examples = [...EN_FILLER, ...DA_FILLER].flatMap((entry) =>
  entry.examples.map((example) => [entry.id, example.text, example.value] as const),
);

describe(normalise.name, () => {
  it.each(examples)('%s: %j -> %j', (_id, text, value) => {
    expect(normalise(text)).toBe(value);
  });

  it.each([
    ['"I live in Oslo"', 'I live in Oslo'],
    ['> I work at Kiva', 'I work at Kiva'],
    ['so yeah lol ok so fwiw I am 40 haha', 'I am 40'],
    ['I live in Pisa 🎉', 'I live in Pisa'],
    // the filler goes, the clause boundary after it stays
    ['was a teacher lol, im a developer now', "was a teacher, I'm a developer now"],
    // a Danish sentence's dropped "jeg" given back, not before a pronoun
    ['Bor stadig i Thisted', 'Jeg bor stadig i Thisted'],
    ['Er ikke vegetar mere', 'Jeg er ikke vegetar mere'],
    ['flyttet til hillerød', 'Jeg er flyttet til hillerød'],
    ['Bor du i Aarhus?', 'Bor du i Aarhus?'],
    // an English chat fragment's dropped "I", after the two words that start it
    ['live in aberdeen, love it', 'I live in aberdeen, love it'],
    ['based in innsbruck', "I'm based in innsbruck"],
    ['Live the dream', 'Live the dream'],
  ])('should leave what %j says: %j', (text, value) => {
    expect(normalise(text)).toBe(value);
  });

  it.each(EN_CASUAL_EXAMPLES)('should write out the chat spellings of %j: %j', (text, value) => {
    expect(normalise(text)).toBe(value);
  });

  it('should leave Danish words alone: "i" is a preposition there', () => {
    expect(normalise('jeg bor i Vejle')).toBe('jeg bor i Vejle');
  });

  it.each(['lol', 'okay', 'haha 🎉', 'Hmm'])('should keep %j as said when it is filler alone', (text) => {
    expect(normalise(text)).toBe(text);
  });
});
