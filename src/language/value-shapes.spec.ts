import { valueShape } from 'src/language/value-shapes';

describe(valueShape.name, () => {
  it.each([
    ['these days home is Sheffield', 'location', 'Sheffield'],
    ['we ended up somewhere near New Haven', 'location', 'New Haven'],
    ['passed the bar, officially a lawyer now', 'occupation', 'lawyer'],
    ['Sorry, I spelled my name wrong earlier. It is Kathryn, with a y.', 'name', 'Kathryn'],
    ['alle kalder mig Bo nu', 'nickname', 'Bo'],
    ['reach me on kim@post.no from now on', 'email', 'kim@post.no'],
    ['the big four-oh is behind me, 41 last Tuesday', 'age', '41'],
    ['The user is a 34-year-old dental hygienist.', 'age', '34'],
    ['mine is the 14th of March', 'birthday', '14th of March'],
    ['answers in Portuguese from here on', 'language', 'Portuguese'],
    ['oh wait, Bath, not Bristol', 'location', 'Bath'],
    ['Nej, det er Vejle, ikke Horsens.', 'location', 'Vejle'],
  ] as const)('%j: %s = %j', (text, slot, value) => {
    expect(valueShape(text, slot)).toBe(value);
  });

  it.each([
    ['these days home is by the sea', 'location'],
    ['I run 10 km a day', 'age'],
    // an offset is no age: the model once read "Standups are nine UTC+1" as age 1
    ['Standups are nine UTC+1', 'age'],
    ["User's phone number: +45 20 11 33 44", 'age'],
    ['mit nye nummer er 28 14 55 90 btw', 'age'],
    ['I like my job', 'occupation'],
  ] as const)('%j holds no %s', (text, slot) => {
    expect(valueShape(text, slot)).toBeNull();
  });
});
