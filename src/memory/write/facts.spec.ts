import type { SlotName } from 'src/language/slot-values';
import { classifyIntent } from 'src/memory/intent/classify-intent';
import type { IntentPrediction } from 'src/memory/intent/intent.types';
import { furtherSlots, replacedSlot, separateFacts } from 'src/memory/write/facts';
import type { IntentClassifier } from 'src/memory/write/intent';

/** A classifier that reads every clause as the user's statement of `slots`. */
const saying =
  (slots: SlotName[], confidence = 0.97): IntentClassifier =>
  (): IntentPrediction => ({ intent: 'state', slot: slots[0] ?? null, slots, subject: 'user', confidence });

describe(separateFacts.name, () => {
  it('should leave out the word that joined a clause to the one before it', () => {
    expect(separateFacts('I live in Aarhus and I am vegetarian, so never suggest meat.')).toEqual([
      'I live in Aarhus',
      'I am vegetarian, so never suggest meat.',
    ]);
    expect(separateFacts('Jeg bor i Vejle og jeg er vegetar, så foreslå aldrig kød.')).toEqual([
      'Jeg bor i Vejle',
      'Jeg er vegetar, så foreslå aldrig kød.',
    ]);
  });

  it('should cut a remember of several slots into one memory per clause', () => {
    expect(separateFacts("I'm 29, live in Ghent and work for Barco")).toEqual([
      "I'm 29",
      'I live in Ghent',
      'I work for Barco',
    ]);
  });

  it('should write each slot of a clause that names two as its own slot sentence', () => {
    const facts = separateFacts('The user is a 34-year-old dental hygienist.', saying(['age', 'occupation']));

    expect(facts).toHaveLength(2);
    expect(facts?.[1]).toMatch(/dental hygienist/u);
    expect(facts?.[0]).toMatch(/34/u);
    expect(facts?.[0]).not.toMatch(/hygienist/u);
  });

  it('should leave a remember of one slot, or of none, as one memory', () => {
    expect(separateFacts('I live in Oslo and my sister lives in Bergen')).toBeNull();
    expect(separateFacts('Keeps bees in the back garden')).toBeNull();
  });
});

describe(furtherSlots.name, () => {
  const stated = { kind: 'state', slot: 'occupation', rule: false, by: 'pattern', confidence: 1 } as const;

  it('should give no slot whose value is the value already read', () => {
    expect(furtherSlots('I work as a nurse', stated, saying(['occupation', 'employer']))).toEqual([]);
  });

  it('should give nothing when the classifier is not sure, or reads someone else', () => {
    const clause = 'just started at Marlowe Books as a buyer';

    expect(furtherSlots(clause, stated, saying(['occupation', 'employer']))).toEqual([
      { slot: 'employer', value: 'Marlowe Books' },
    ]);
    expect(furtherSlots(clause, stated, saying(['occupation', 'employer'], 0.6))).toEqual([]);
  });
});

describe(furtherSlots.name, () => {
  it('should name no employer for a role said with "at" that is no job: "a student at Utrecht University"', () => {
    const intent = { kind: 'state', slot: 'occupation', rule: false, by: 'pattern', confidence: 1 } as const;

    expect(furtherSlots("I'm a student at Utrecht University.", intent, saying(['occupation', 'employer']))).toEqual(
      [],
    );
  });
});

describe(replacedSlot.name, () => {
  it.each([
    ["I quit Acme, I'm at Globex now", { content: 'I work at Globex.', slot: 'employer' }],
    ["I don't live in Oslo anymore, I live in Bergen now.", { content: 'I live in Bergen.', slot: 'location' }],
    ["I lost my job at Philips, I'm unemployed now.", null],
    ['I live in Oslo and work at Acme', null],
    [
      "nobody calls me Flo these days, it's Tyna now, please use that",
      { content: 'Please call me Tyna.', slot: 'nickname' },
    ],
    ["I'm not in Madrid anymore, it's Lisbon now.", { content: 'I live in Lisbon.', slot: 'location' }],
    ["kim@old.net doesn't work, it's dead now", null],
    ["wait no, that's my old job, it's Lego now", { content: 'I work at Lego.', slot: 'employer' }],
    [
      'Forkert, jeg mente Bang & Olufsen, Lego var mit gamle job.',
      { content: 'Jeg arbejder hos Bang & Olufsen.', slot: 'employer' },
    ],
    ['Nej nej, det er køge, roskilde var før vi flyttede.', { content: 'Jeg bor i køge.', slot: 'location' }],
    ["I don't live in Leeds anymore, it's complicated", null],
    // the take-back read by the classifier, the new value in a later clause
    ["that thing i said abt being 25, ignore it, i'm 52 lol", { content: 'I am 52 years old.', slot: 'age' }],
    [
      "It turns out I told you the wrong birthday; it's 13 September, I always mix them up.",
      { content: 'My birthday is 13 September.', slot: 'birthday' },
    ],
  ])('%j -> %j', (text, expected) => {
    expect(replacedSlot(text, classifyIntent)).toEqual(expected);
  });
});
