import { MemoryType } from 'src/domain/memory.enums';
import { detectFactRetraction, detectRetraction, namesAll } from 'src/language/retractions';
import { isShortImperative, isStandingRule, ruleType } from 'src/language/rules';
import { detectUserClaim } from 'src/language/slots';
import { detectValueSwap, swapValue } from 'src/language/value-swaps';

describe('detectRetraction', () => {
  it.each([
    ["I quit Umbrella, I don't work there anymore.", 'employer', 'umbrella'],
    ['I no longer work at Dunder Mifflin', 'employer', 'dunder mifflin'],
    ["I don't work there any more", 'employer', null],
    ['The user left Hooli.', 'employer', 'hooli'],
    ["The user doesn't live in Perth anymore.", 'location', 'perth'],
    ["I don't live in Leeds anymore.", 'location', 'leeds'],
    ["I'm not a firefighter anymore", 'occupation', 'firefighter'],
    ['I used to be a pilot, but not anymore.', 'occupation', 'pilot'],
    ['Jeg bor ikke længere i Horsens', 'location', 'horsens'],
    ['Jeg arbejder ikke mere hos Danfoss', 'employer', 'danfoss'],
    ['Stop calling the user Bunny; forget that nickname.', 'nickname', 'bunny'],
  ])('%j takes back %s = %j', (text, slot, value) => {
    expect(detectRetraction(text)).toMatchObject({ slot, value });
  });

  it.each([
    ['no longer works at Acme Corp', 'employer', 'acme corp'],
    ["I've moved on from Acme.", 'employer', 'acme'],
    ['Not living in Tallinn anymore.', 'location', 'tallinn'],
  ])('%j, its subject dropped, takes back %s = %j', (text, slot, value) => {
    expect(detectRetraction(text)).toMatchObject({ slot, value });
  });

  it.each([
    'I live in Leeds',
    'I left my keys at home',
    'I work at Hooli now',
    'My sister no longer lives in Oslo',
    'Bob quit Hooli',
  ])('%j is no retraction', (text) => {
    expect(detectRetraction(text)).toBeNull();
  });
});

describe('standing rules', () => {
  it.each([
    ['Always use metric units in answers', MemoryType.PREFERENCE],
    ['Should always use metric units in answers', MemoryType.PREFERENCE],
    ['Remember that I always want answers in bullet points', MemoryType.PREFERENCE],
    ['From now on, reply in short paragraphs', MemoryType.PREFERENCE],
    ['Never deploy on Fridays', MemoryType.DECISION],
    ['Never push directly to main', MemoryType.DECISION],
    ['Svar altid på dansk', MemoryType.PREFERENCE],
    ['Make sure to always double-check units', MemoryType.PREFERENCE],
    ["when you're writing code for me, use typescript not python, always", MemoryType.DECISION],
    ['so please answer in German from now on, even when I write in English', MemoryType.PREFERENCE],
    ['User never wants the assistant to suggest pork dishes.', MemoryType.PREFERENCE],
  ])('%j is a rule (%s)', (text, type) => {
    expect(isStandingRule(text)).toBe(true);
    expect(ruleType(text)).toBe(type);
  });

  it.each([
    'I always forget my keys',
    'We went to Rome last year',
    'Had coffee with Priya',
    'Keep in mind that I always forget',
    'He always asks for the bill',
  ])('%j is no rule', (text) => {
    expect(isStandingRule(text)).toBe(false);
  });
});

describe('short imperatives', () => {
  it.each(['Pay rent', 'Email Sam', 'Book the car service', 'Renew passport', 'Call the dentist'])(
    '%j is a TODO',
    (text) => {
      expect(isShortImperative(text)).toBe(true);
    },
  );

  it.each(['Had coffee', 'Sam emailed me', 'Paris is lovely', `Call ${'the '.repeat(30)}dentist`])(
    '%j is not',
    (text) => {
      expect(isShortImperative(text)).toBe(false);
    },
  );
});

describe('claims about the user in the third person and label notes', () => {
  it.each([
    ['The user lives in Vienna.', 'location', 'Vienna'],
    ['User now works at Pied Piper', 'employer', 'Pied Piper'],
    ['The user is employed by Wayne Enterprises.', 'employer', 'Wayne Enterprises'],
    ['User is located in Lyon.', 'location', 'Lyon'],
    ['User is a pharmacist.', 'occupation', 'pharmacist'],
    ['The user is 51 years old.', 'age', '51'],
    ['User name: Eve', 'name', 'Eve'],
    ["The user's location - Lagos", 'location', 'Lagos'],
    ['Employer changed: Quillstone Publishing (previously Stonebridge Bank)', 'employer', 'Quillstone Publishing'],
    ['Actually my name is Tom.', 'name', 'Tom'],
    ["I just had my birthday, I'm 26 now.", 'age', '26'],
    ['I recently joined Cyberdyne as a tester.', 'employer', 'Cyberdyne'],
    ['My new e-mail address is second@example.net', 'email', 'second@example.net'],
    ['I retrained as a nurse', 'occupation', 'nurse'],
    ['These days I live in Nantes.', 'location', 'Nantes'],
    ["I've been living in Sheffield since March.", 'location', 'Sheffield'],
    ['I became a consultant last year.', 'occupation', 'consultant'],
  ])('%j holds %s = %j', (text, slot, value) => {
    expect(detectUserClaim(text)).toEqual({ slot, value });
  });

  it.each(['My sister lives in Berlin', 'I joined the gym', 'Bob said I live in Paris'])('%j holds no slot', (text) => {
    expect(detectUserClaim(text)).toBeNull();
  });
});

describe('detectFactRetraction', () => {
  it.each([
    ["I'm not vegetarian anymore.", ['vegetarian']],
    ["I don't play tennis anymore.", ['tennis']],
    ["Rex passed away, so I don't have a dog anymore.", ['dog']],
    ['I gave up coffee.', ['coffee']],
    ['I no longer smoke', ['smoke']],
    ['The user no longer eats meat.', ['meat']],
  ])('%j ends what names %j', (text, words) => {
    expect(detectFactRetraction(text)).toEqual(words);
  });

  it.each(["I don't think so", 'I stopped by the shop', 'I quit last week', "I don't know anymore", 'I play tennis'])(
    '%j takes nothing back',
    (text) => {
      expect(detectFactRetraction(text)).toBeNull();
    },
  );

  it('names a word or its forms, not a longer word', () => {
    expect(namesAll('Smokes a pack a day', ['smoke'])).toBe(true);
    expect(namesAll('Has two dogs', ['dog'])).toBe(true);
    expect(namesAll('Loves dogma', ['dog'])).toBe(false);
  });
});

describe('a retraction that names a value two slots may hold', () => {
  it('"I left Madrid" ends an employer or a home', () => {
    expect(detectRetraction('I left Madrid in June.')).toEqual({
      slot: 'employer',
      value: 'madrid',
      orSlot: 'location',
    });
  });
});

describe('detectValueSwap', () => {
  it.each([
    ['Sorry, I said Bristol but I meant Bath.', 'Bristol', 'Bath'],
    ["Typo: it's Jacob, not Jakob.", 'Jakob', 'Jacob'],
    ['Siemens? No, Bosch. I mixed them up.', 'Siemens', 'Bosch'],
    ['I said New York but I meant New Jersey', 'New York', 'New Jersey'],
    ['I said 34 but I meant 43', '34', '43'],
    ['wait, I meant March', null, 'March'],
    ['sorry i meant 46', null, '46'],
    ['Undskyld, jeg mente marts.', null, 'marts'],
    ["wait no, it's actually Malmö, crossed the bridge last month", null, 'Malmö'],
    ['oops 31 actually, lying to myself', null, '31'],
    ['actually no, German. French was a phase', null, 'German'],
    ['actually no, german. french was a phase lol', null, 'german'],
    ['Nej vent, det er faktisk Køge', null, 'Køge'],
    ['No wait, Malmö.', null, 'Malmö'],
    ['nej vent, det er Køge', null, 'Køge'],
    ['Make that Aarhus.', null, 'Aarhus'],
    ['Correction: Malmö', null, 'Malmö'],
    ['Not Copenhagen, Malmö.', 'Copenhagen', 'Malmö'],
    ['On second thought, Fred suits me better than Freddie, please use that.', 'Freddie', 'Fred'],
    ['Undskyld, jeg staver det Jens-Ole, hele navnet.', null, 'Jens-Ole'],
  ])('%j swaps %j for %j', (text, from, to) => {
    expect(detectValueSwap(text)).toEqual({ from, to });
  });

  it.each([
    ["wait no, it's actually malmö, crossed the bridge last month lol", 'malmö'],
    ['actually scratch that, dan is fine', 'dan'],
    ['nej nej, det er køge', 'køge'],
  ])('%j swaps in a name written in lower case, %j', (text, to) => {
    expect(detectValueSwap(text)).toEqual({ from: null, to, lowerCase: true });
  });

  it.each([
    "It's raining, not snowing",
    'I said hello but I meant goodbye',
    'I live in Bath',
    'I meant it',
    'I meant to call you',
    "wait no, it's actually fine",
    'oops, my bad actually',
    'actually no, never mind',
    'no wait, tomorrow',
    'oh no, Bob!',
    'sorry, it is fine',
    'not today, thanks',
  ])('%j swaps nothing', (text) => {
    expect(detectValueSwap(text)).toBeNull();
  });

  it('writes the new value where the holder said the old one', () => {
    expect(swapValue('I live in Bristol.', { from: 'bristol', to: 'Bath' })).toBe('I live in Bath.');
    expect(swapValue('I live in Bristolville.', { from: 'Bristol', to: 'Bath' })).toBeNull();
  });
});

describe('detectFactRetraction', () => {
  it.each([
    ['not vegetarian anymore lol, bacon won', ['vegetarian']],
    ["don't eat meat anymore", ['meat']],
    ['Jeg spiser ikke kød længere.', ['kød']],
    ['Jeg ryger ikke længere.', ['ryger']],
    ['Jeg er holdt op med at ryge.', ['ryge']],
    ['Ikke vegetar længere.', ['vegetar']],
    ['Jeg har ikke nogen hund mere.', ['hund']],
    ["I'm done with keto.", ['keto']],
    ["I'm not a vegetarian these days.", ['vegetarian']],
    ['we sold the boat', ['boat']],
    ["I haven't played piano in years.", ['piano']],
  ])('%j ends %j', (text, words) => {
    expect(detectFactRetraction(text)).toEqual(words);
  });

  it.each(['not bad at all, thanks', "don't call me Bob", 'Jeg spiser kød', 'Jeg spiser ikke kød i dag'])(
    '%j ends nothing',
    (text) => {
      expect(detectFactRetraction(text)).toBeNull();
    },
  );

  it('a Danish verb names its present tense, a definite noun its indefinite form', () => {
    expect(namesAll('Jeg ryger ti cigaretter om dagen', ['ryge'])).toBe(true);
    expect(namesAll('Jeg er medlem af en løbeklub.', ['løbeklubben'])).toBe(true);
  });
});
