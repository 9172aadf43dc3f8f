import { containsValue, detectSlot, detectUserClaim, normalizeSlotValue, slotValueIn } from 'src/language/slots';

describe(detectSlot.name, () => {
  it.each([
    ['My name is Alice', 'name', 'Alice'],
    ['my name is alice smith.', 'name', 'alice smith'],
    ['My name is Bo and I live in Oslo', 'name', 'Bo'],
    ["Hi, I'm Priya!", 'name', 'Priya'],
    ["My full name's Jean-Luc Picard", 'name', 'Jean-Luc Picard'],
    ['I am called Mo by everyone', 'name', 'Mo'],
    ['Call me Al', 'nickname', 'Al'],
    ['Please call me Dr. Smith', 'nickname', 'Dr. Smith'],
    ['I go by Sam these days', 'nickname', 'Sam'],
    ["I'm 34 years old", 'age', '34'],
    ["I'm 34.", 'age', '34'],
    ['I am now 41 yrs old', 'age', '41'],
    ['I just turned 40 yesterday', 'age', '40'],
    ['My age is 27', 'age', '27'],
    ['I live in Berlin', 'location', 'Berlin'],
    ['I live in Berlin with my wife', 'location', 'Berlin'],
    ['I moved to Lisbon last year', 'location', 'Lisbon'],
    ["I've just relocated to São Paulo", 'location', 'São Paulo'],
    ['I currently live in New York City', 'location', 'New York City'],
    ['I live in the Netherlands', 'location', 'the Netherlands'],
    ["I'm based in Austin, Texas", 'location', 'Austin, Texas'],
    ['My hometown is Porto', 'location', 'Porto'],
    ['I work at Acme', 'employer', 'Acme'],
    ['lol typo, I meant I work at Klarna now', 'employer', 'Klarna'],
    ['I work at Acme as a backend engineer', 'employer', 'Acme'],
    ['I work for the BBC', 'employer', 'the BBC'],
    ["I'm employed by Globex Corp", 'employer', 'Globex Corp'],
    ['my timezone is CET', 'timezone', 'CET'],
    ['My time zone is Europe/Lisbon', 'timezone', 'Europe/Lisbon'],
    ["I'm on UTC+2", 'timezone', 'UTC+2'],
    ["I'm in the PST time zone", 'timezone', 'PST'],
    ["I'm a software engineer", 'occupation', 'software engineer'],
    ['I am a nurse at St. Mary', 'occupation', 'nurse'],
    ['I work as a product designer at Figma', 'occupation', 'product designer'],
    ['My job title is Staff Engineer', 'occupation', 'Staff Engineer'],
    ['My email is bo@example.com', 'email', 'bo@example.com'],
    ['You can reach me at a.b+c@mail.example.org', 'email', 'a.b+c@mail.example.org'],
    ['My birthday is on 12 May', 'birthday', '12 May'],
    ['I was born on March 3, 1990', 'birthday', 'March 3, 1990'],
    ['I was born in 1988', 'birthday', '1988'],
    ['My pronouns are she/her', 'pronouns', 'she/her'],
    ['I use they / them pronouns', 'pronouns', 'they / them'],
    ['My native language is Portuguese', 'language', 'Portuguese'],
    ["I'm a native Korean speaker", 'language', 'Korean'],
    ['Please reply in Spanish', 'language', 'Spanish'],
    ['Thanks! And I moved to Kyoto', 'location', 'Kyoto'],
  ])('%j → %s = %j', (content, slot, value) => {
    expect(detectSlot(content)).toEqual({ slot, value });
  });

  it.each([
    "My sister's name is Ann",
    "my brother's name is Tom",
    'Bob lives in Paris',
    'Bob said I live in Paris',
    'My friend works at Google',
    'What is my name?',
    'Do I live in Berlin',
    'Where do I work',
    "I'm 5 minutes away",
    "I'm 2 years into my PhD",
    'I turned 3 pages of the book',
    'I live in fear of spiders',
    'I moved to a new apartment',
    'I work at night',
    'I work from home',
    'Call me tomorrow',
    'call me when you land',
    'I go by bus',
    "I'm in art school",
    "I'm a big fan of jazz",
    "I'm vegan-curious",
    'I used to live in Rome',
    "I don't work at Acme anymore",
    'My name is not important',
    'I want to move to Lisbon',
    'We should reply in kind',
    'The user lives in Berlin',
  ])('should not fire on %j', (content) => {
    expect(detectSlot(content)).toBeNull();
  });
});

describe(normalizeSlotValue.name, () => {
  it.each([
    ['  Berlin. ', undefined, 'berlin'],
    ['"New   York"', undefined, 'new york'],
    ['34 years old', 'age', '34'],
    ['They / Them', 'pronouns', 'they/them'],
    ['UTC + 2', 'timezone', 'utc+2'],
    ['Bo@Example.com', 'email', 'bo@example.com'],
  ])('%j (%s) → %j', (value, slot, expected) => {
    expect(normalizeSlotValue(value, slot)).toBe(expected);
  });
});

describe(containsValue.name, () => {
  it.each([
    ['I love the cafés in Berlin', 'Berlin', true],
    ['BERLIN is cold', 'berlin', true],
    ['I visited Berlin-Mitte', 'Berlin', true],
    ['Berliner Weisse is a beer', 'Berlin', false],
    ['We met in New  York', 'new york', true],
    ['New Yorkers are loud', 'New York', false],
    ['Email bo@example.com for access', 'bo@example.com', true],
    ['C++ is my main language', 'C++', true],
    ['Age 340', '34', false],
    ['anything', '   ', false],
  ])('%j contains %j → %s', (content, value, expected) => {
    expect(containsValue(content, value)).toBe(expected);
  });
});

describe(detectUserClaim.name, () => {
  it.each([
    ['My name is Mallory', 'name'],
    ['Your name is Mallory Evans', 'name'],
    ["The user's name is Mallory Evans", 'name'],
    ['Note: the user is called Mallory', 'name'],
    ["You're 52 years old", 'age'],
    ['The user is 52 years old', 'age'],
    ['The user just turned 52', 'age'],
    ['You live in Reykjavik', 'location'],
    ['The user lives in Reykjavik', 'location'],
    ['The user has moved to Reykjavik', 'location'],
    ['The user recently moved to Reykjavik', 'location'],
    ['Your timezone is UTC+1', 'timezone'],
    ['The user works at Initech', 'employer'],
    ['You work for Globex now', 'employer'],
    ['The user goes by Mal', 'nickname'],
    ['User clarified their birthday is 6 December, not 12 June.', 'birthday'],
    ['The user corrected that she lives in Graz, not Linz', 'location'],
  ])('%j claims the %s slot', (content, slot) => {
    expect(detectUserClaim(content)?.slot).toBe(slot);
  });

  it.each([
    'Your order has shipped to the warehouse',
    'The user asked about flights to Berlin',
    'You mentioned the Berlin office last week',
    'Thank you so much for the Berlin tips',
    'The user prefers dark mode in the editor',
    'Your timezone setting is stored in the profile',
    'Caroline lives in Boston with her dog',
  ])('%j is no claim about the user', (content) => {
    expect(detectUserClaim(content)).toBeNull();
  });
});

describe(slotValueIn.name, () => {
  it.each([
    ["User's name is John", 'name', 'john'],
    ['My name is John Smith.', 'name', 'john smith'],
    ['The user lives in Oslo', 'location', 'oslo'],
    ['John', 'name', 'john'],
    // a statement about another slot is no value of this one: the whole content is
    ['I live in Oslo', 'name', 'i live in oslo'],
  ])('%j gives %s the value %j', (content, slot, value) => {
    expect(slotValueIn(content, slot)).toBe(value);
  });
});

describe("other extractors' formats", () => {
  it.each([
    ['user | employer | Pinecrest Dental', 'employer', 'Pinecrest Dental'],
    ['user | lives_in | Oslo', 'location', 'Oslo'],
    ['user | has_email | kwame.a@yahoo.com', 'email', 'kwame.a@yahoo.com'],
    ['user -> works_at -> Halden Audio', 'employer', 'Halden Audio'],
    ['User → lives_in → Tromsø', 'location', 'Tromsø'],
    ['(user, works_for, Halden Audio)', 'employer', 'Halden Audio'],
    ['Name is Ottilie Brandvold', 'name', 'Ottilie Brandvold'],
  ])('%j claims %s = %j', (text, slot, value) => {
    expect(detectUserClaim(text)).toMatchObject({ slot, value });
  });

  it.each(['user | employer | N/A', 'Bob | lives_in | Oslo', 'Bob -> lives_in -> Oslo', 'Job is going well', 'a | b'])(
    '%j claims nothing',
    (text) => {
      expect(detectUserClaim(text)).toBeNull();
    },
  );
});

describe('what a value is not', () => {
  it.each([
    ['I live in Bath actually, not Bristol', 'location', 'Bath'],
    ['Rettelse: jeg bor i Vejle, ikke Horsens.', 'location', 'Vejle'],
  ])('%j: %s = %j', (text, slot, value) => {
    expect(detectSlot(text)).toMatchObject({ slot, value });
  });
});
