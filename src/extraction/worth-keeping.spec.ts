import { extractDeterministic, LANGUAGE_TABLES } from 'src/extraction/deterministic-extractor';
import type { Extraction } from 'src/extraction/deterministic-extractor';
import { classifyIntent } from 'src/memory/intent/classify-intent';

/** What chat keeps with the checked-in classifier: pattern id, content and slot of each memory. */
function kept(text: string): [string, string, string | null][] {
  return extractDeterministic(text, LANGUAGE_TABLES, classifyIntent).flatMap((e: Extraction) =>
    e.kind === 'memory' ? [[e.patternId, e.content, e.slot] as [string, string, string | null]] : [],
  );
}

describe('what chat keeps that no pattern reads (the classifier decides it is worth keeping)', () => {
  it.each([
    'decided to go with leasing the car instead of buying it',
    'going to run a marathon in May',
    'we got a puppy last week',
    'Vi har besluttet at sælge sommerhuset.',
  ])('keeps a decision, a plan or a life event: %s', (text) => {
    expect(kept(text).map(([id, , slot]) => [id, slot])).toEqual([['model.keep', null]]);
  });

  it.each([
    'Ugh, the bus was late again and it rained all day.',
    "I'm a bit nervous but mostly excited.",
    'Just testing whether you work today. Seems fine now.',
    'Being a pharmacist in winter is no joke.',
  ])("leaves the day's small talk and restated traits: %s", (text) => {
    expect(kept(text)).toEqual([]);
  });
});

describe('rules, tasks and persona lists chat keeps by the classifier', () => {
  it.each([
    'pls keep answers short',
    "whenever you suggest restaurants make sure they're vegan",
    'please use metric units',
  ])('keeps a rule whose words and the classifier both read it: %s', (text) => {
    expect(kept(text).map(([id]) => id)).toEqual(['model.rule']);
  });

  it('keeps a rule the classifier reads under 0.9 when its words say it stands, and no sentence only one reads', () => {
    expect(kept('btw whenever u give me recipes make them gluten free, celiac here')).toEqual([
      ['model.rule', 'Whenever you give me recipes make them gluten free, celiac here.', null],
    ]);
    expect(kept('whenever it rains my knee hurts')).toEqual([]);
  });

  it.each(['Keep going and never give up!', 'They always make us smile', 'Always remember to be kind.'])(
    'keeps no encouragement as a rule: %s',
    (text) => {
      expect(kept(text)).toEqual([]);
    },
  );

  it('keeps a task the classifier is sure of', () => {
    expect(kept("need to cancel my gym membership before the 1st, don't let me forget").map(([id]) => id)).toEqual([
      'model.task',
    ]);
  });

  it('writes each slot of a persona list', () => {
    expect(kept("i'm emeka, 28, arborist in asheville 🌳").map(([, content, slot]) => [slot, content])).toEqual([
      ['age', 'I am 28 years old.'],
      ['name', 'My name is emeka.'],
      ['occupation', 'I work as an arborist.'],
      ['location', 'I live in asheville.'],
    ]);
  });
});

describe('service reports, fixed by mechanism', () => {
  it('reads a rule after "so" with no comma, and the diet it stands on', () => {
    expect(kept("I'm vegetarian so never suggest meat.")).toEqual([
      ['en.slot', 'I am vegetarian.', 'diet'],
      ['rule', "I'm vegetarian so never suggest meat.", null],
    ]);
  });

  it.each([
    'My daughter Ella turns 7 next week.',
    'Ella turns 7 next week.',
    "My sister's birthday is tomorrow.",
    "It's my mother's 70th birthday on Sunday.",
  ])("keeps a relative's fact, never as the user's slot: %s", (text) => {
    const found = kept(text);

    expect(found).toHaveLength(1);
    expect(found[0]?.[2]).toBeNull();
  });

  it.each(['my grandad passed away on tuesday 💔', 'Min mormor døde i går', 'My brother just got engaged.'])(
    "keeps someone else's life event as theirs, claiming no slot of the user's: %s",
    (text) => {
      const found = extractDeterministic(text, LANGUAGE_TABLES, classifyIntent);

      expect(found).toMatchObject([{ kind: 'memory', patternId: 'model.others', slot: null, othersFact: true }]);
    },
  );

  it("keeps someone else's clause as said and the user's own slot beside it", () => {
    const found = extractDeterministic(
      'Min bror bor i Middelfart, jeg bor selv i Nyborg.',
      LANGUAGE_TABLES,
      classifyIntent,
    );

    expect(found).toMatchObject([
      { patternId: 'model.others', slot: null, othersFact: true },
      { content: 'Jeg bor i Nyborg.', slot: 'location' },
    ]);
  });

  it("marks a relative's slot fact as someone else's, so the write path claims no slot from it", () => {
    expect(extractDeterministic('She lives in Thessaloniki now.', LANGUAGE_TABLES, classifyIntent)).toMatchObject([
      { patternId: 'model.others', slot: null, othersFact: true },
    ]);
  });

  it.each(["we're moving to Lyon in March", 'I live in Paris but we are moving to Lyon next month.'])(
    'keeps a planned move as said, of no slot: %s',
    (text) => {
      const found = kept(text);

      expect(found.some(([, content, slot]) => /Lyon/u.test(content) && slot === null)).toBe(true);
      expect(found.filter(([, content, slot]) => slot === 'location' && /Lyon/u.test(content))).toEqual([]);
    },
  );

  it.each(['yeet my email outta ur memory thx', 'fjern lige min mail fra hukommelsen'])(
    'forgets the slot a casual request names in words, the classifier less sure: %s',
    (text) => {
      expect(extractDeterministic(text, LANGUAGE_TABLES, classifyIntent)).toMatchObject([
        { kind: 'forget', slots: ['email'] },
      ]);
    },
  );

  it('writes the user\'s new address said as a note: "ny mail: ..."', () => {
    expect(kept('ny mail: asger.bach@proton.me, den gamle er lukket')).toEqual([
      ['model.slot', 'Min e-mail er asger.bach@proton.me.', 'email'],
    ]);
  });

  it('writes a job change as the new employer, which supersedes the old', () => {
    expect(kept("I quit Acme, I'm at Globex now")).toEqual([['replaced', 'I work at Globex.', 'employer']]);
  });
});
