import { clauses, ruleParts } from 'src/memory/write/clauses';

describe(clauses.name, () => {
  it.each([
    ["I'm Anders and I live in Aarhus", ["I'm Anders", 'and I live in Aarhus']],
    ["I'm 29, live in Ghent and work for Barco", ["I'm 29", 'I live in Ghent', 'I work for Barco']],
    ["I'm a UX designer at Miro", ["I'm a UX designer", 'I work at Miro']],
    [
      "I've joined Ironwood Forestry as a safety coordinator",
      ["I've joined Ironwood Forestry", 'I work as a safety coordinator'],
    ],
    ['I joined Acme as a volunteer', ['I joined Acme as a volunteer']],
    ['I work as a data analyst for Spotify', ['I work as a data analyst', 'I work at Spotify']],
    ['Jeg hedder Mette og bor i Odense', ['Jeg hedder Mette', 'jeg bor i Odense']],
    ['Hi, I am Bo', ['Hi I am Bo']],
    [
      'Undskyld, jeg skrev forkert: min fødselsdag er 2. maj',
      ['Undskyld', 'jeg skrev forkert', 'min fødselsdag er 2. maj'],
    ],
    ['Jeg er stoppet hos Novo og er startet hos Lego', ['Jeg er stoppet hos Novo', 'jeg er startet hos Lego']],
    // a joint subject stays whole: "Camilla" alone would read as the user's name
    ['Camilla og jeg er skilt, jeg er sammen med Line nu', ['Camilla og jeg er skilt', 'jeg er sammen med Line nu']],
    // Danish: "så nu er jeg X" after a comma, and a dropped subject after "men"
    ['Jeg blev færdig i juni, så nu er jeg lærer', ['Jeg blev færdig i juni', 'så nu er jeg lærer']],
    ['Jeg er stadig hos Novo, men bor i Greve nu', ['Jeg er stadig hos Novo', 'jeg bor i Greve nu']],
    // a record of labelled values, each its own clause
    [
      'Name: Solveig Haugland - Location: Tromsø - Job: marine biologist',
      ['Name: Solveig Haugland', 'Location: Tromsø', 'Job: marine biologist'],
    ],
    ['Name: Ada Berg, Age: 41', ['Name: Ada Berg', 'Age: 41']],
    ['Long day - note to self: rest', ['Long day - note to self: rest']],
  ])('%j -> %j', (sentence, expected) => {
    expect(clauses(sentence)).toEqual(expected);
  });

  it.each([
    "I'm a student at Utrecht University",
    "I'm a big fan of Radiohead",
    'My sister is a nurse at Rigshospitalet',
  ])('should keep %j one clause', (sentence) => {
    expect(clauses(sentence)).toEqual([sentence]);
  });
});

describe(ruleParts.name, () => {
  it.each([
    ["I'm gluten intolerant, so never suggest pasta dishes", ["I'm gluten intolerant", 'never suggest pasta dishes']],
    ['Honestly I hate long emails; keep replies short', ['Honestly I hate long emails', 'keep replies short']],
    ['We moved - from now on send invoices to Aarhus', ['We moved', 'from now on send invoices to Aarhus']],
    ["I'm vegetarian so never suggest meat.", ["I'm vegetarian", 'never suggest meat.']],
    ['jeg er vegetar så aldrig foreslå kød', ['jeg er vegetar', 'aldrig foreslå kød']],
    ['I run so I never get bored', ['I run so I never get bored']],
  ])('%j -> %j', (sentence, expected) => {
    expect(ruleParts(sentence)).toEqual(expected);
  });
});
