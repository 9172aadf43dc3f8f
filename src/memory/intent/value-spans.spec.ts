import { extractValueSpans, personaFacts, slotValue, valueForSlot } from 'src/memory/intent/value-spans';

describe('extractValueSpans', () => {
  it('finds places, organisations, people, dates and e-mail addresses', () => {
    const spans = extractValueSpans('fwiw I moved to Cape Town and work at the Red Cross, mail me at kim@x.org', 'en');

    expect(spans).toEqual(
      expect.arrayContaining([
        { kind: 'place', text: 'Cape Town' },
        { kind: 'organization', text: 'Red Cross' },
        { kind: 'email', text: 'kim@x.org' },
      ]),
    );
    expect(extractValueSpans('my bday is on the 9th of October', 'en')).toContainEqual({
      kind: 'date',
      text: '9th of October',
    });
  });

  it('keeps Danish proper nouns without their lowercase neighbours and reads Danish dates', () => {
    expect(valueForSlot('name', extractValueSpans('jeg hedder Sofie nu', 'da'))).toBe('Sofie');
    expect(valueForSlot('location', extractValueSpans('så nu er det København der er hjemme', 'da'))).toBe('København');
    expect(valueForSlot('birthday', extractValueSpans('min fødselsdag er den 3. juni', 'da'))).toBe('3. juni');
  });
});

describe('valueForSlot', () => {
  it('takes the kind that fits the slot, and the last of several (the new value comes last)', () => {
    const spans = extractValueSpans('User left Accenture and now works at Bain.', 'en');

    expect(valueForSlot('employer', spans)).toBe('Bain');
    expect(valueForSlot('employer', extractValueSpans("I'm on the payroll at Rema 1000 now", 'en'))).toBe('Rema 1000');
  });

  it('gives nothing for a slot no span fits', () => {
    expect(valueForSlot('age', extractValueSpans("I'm 34", 'en'))).toBeNull();
    expect(valueForSlot('location', extractValueSpans('lol ok', 'en'))).toBeNull();
  });
});

describe('personaFacts', () => {
  it.each([
    ['The user is a 52-year-old stonemason from Aarau.', '52', 'stonemason', 'Aarau'],
    ['a 40 year old software engineer in West Berlin', '40', 'software engineer', 'West Berlin'],
    ['Brugeren er en 45-årig dyrlæge fra Grenaa.', '45', 'dyrlæge', 'Grenaa'],
  ])('%j: age %s, job %j, home %j', (clause, age, occupation, location) => {
    expect(personaFacts(clause)).toEqual([
      { slot: 'age', value: age },
      { slot: 'occupation', value: occupation },
      { slot: 'location', value: location },
    ]);
  });

  it('should read no persona line where there is none', () => {
    expect(personaFacts('a 3-year-old in Paris')).toEqual([]);
    expect(personaFacts('I am 52 and live in Aarau')).toEqual([]);
  });
});

describe('slotValue of an occupation said after "I\'m a"', () => {
  it.each([
    ["i'm a court reporter", 'court reporter'],
    ["I'm now a court reporter by trade", 'court reporter'],
    ["i'm a big fan", null],
    ["i'm a realist", null],
    ["i'm a dog person", null],
  ])('%j -> %j', (clause, value) => {
    expect(slotValue(clause, 'occupation', 'en')).toBe(value);
  });
});

describe('personaFacts of a persona list', () => {
  it.each([
    [
      "i'm emeka, 28, arborist in asheville",
      [
        { slot: 'name', value: 'emeka' },
        { slot: 'age', value: '28' },
        { slot: 'occupation', value: 'arborist' },
        { slot: 'location', value: 'asheville' },
      ],
    ],
    [
      'me: ngozi, 37, midwife, lagos',
      [
        { slot: 'name', value: 'ngozi' },
        { slot: 'age', value: '37' },
        { slot: 'occupation', value: 'midwife' },
        { slot: 'location', value: 'lagos' },
      ],
    ],
    [
      'jeg er sigrid, 34, tømrer i odense',
      [
        { slot: 'name', value: 'sigrid' },
        { slot: 'age', value: '34' },
        { slot: 'occupation', value: 'tømrer' },
        { slot: 'location', value: 'odense' },
      ],
    ],
  ])('should read the name, age, job and home of %s', (clause, facts) => {
    expect(personaFacts(clause)).toEqual(facts);
  });

  it('should read no job from how the user is, and no list without an age', () => {
    expect(personaFacts("i'm 40, tired, broke")).toEqual([{ slot: 'age', value: '40' }]);
    expect(personaFacts("i'm tired, 3 hours sleep")).toEqual([]);
    expect(personaFacts('ok, 25, whatever')).toEqual([]);
  });
});
