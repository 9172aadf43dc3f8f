import type { SlotName } from 'src/language/slot-values';
import type { Intent, IntentPrediction, Subject } from 'src/memory/intent/intent.types';
import { detectIntent, ruleFloor, statesRule } from 'src/memory/write/intent';
import type { IntentClassifier, IntentOptions } from 'src/memory/write/intent';

const user: IntentOptions = { slots: true, anyPerson: true, takesBack: true };

describe(detectIntent.name, () => {
  it.each([
    ['I live in Oslo', 'state', 'location'],
    ['User mentioned they moved to Stavanger recently', 'state', 'location'],
    ['Jeg hedder Karoline nu', 'state', 'name'],
    ["I don't work at Hooli anymore", 'retract', 'employer'],
    ["I'm not vegetarian anymore", 'retract', 'diet'],
    ['I said Bristol but I meant Bath', 'correct', null],
    ['ignore what I said about my job', 'forget', 'employer'],
    ['scratch the Krakow thing', 'forget', null],
    ['Where do you live?', 'ask', null],
    ['Never use emojis', 'rule', null],
    ['Pay the rent', 'task', null],
  ])('%j is %s of %s', (text, kind, slot) => {
    expect(detectIntent(text, user)).toMatchObject({ kind, slot, by: 'pattern' });
  });

  it('should leave a plain statement to nobody', () => {
    expect(detectIntent('Keeps bees in the back garden', user)).toMatchObject({
      kind: 'state',
      slot: null,
      by: 'none',
    });
  });

  it('should not take back or forget for a write that may not (another role, a private channel)', () => {
    const other = { slots: true, anyPerson: false, takesBack: false };

    expect(detectIntent("I don't work at Hooli anymore", other).kind).not.toBe('retract');
    expect(detectIntent('ignore what I said about my job', other).kind).not.toBe('forget');
  });

  it('should mark a rule that also sets a slot', () => {
    expect(detectIntent('Always reply in Spanish', user)).toMatchObject({
      kind: 'state',
      slot: 'language',
      rule: true,
    });
  });
});

describe(statesRule.name, () => {
  it.each([
    ["I'm gluten intolerant, so never suggest pasta dishes", true],
    ['I have a toddler, so always keep meetings before 5pm', true],
    ['They always make us smile', false],
    ['I love long walks', false],
  ])('%j -> %s', (text, rule) => {
    expect(statesRule(text)).toBe(rule);
  });
});

describe('the classifier in the intent stage', () => {
  const sure =
    (intent: Intent, slot: SlotName | null, subject: Subject = 'user'): IntentClassifier =>
    (): IntentPrediction => ({ intent, slot, slots: slot === null ? [] : [slot], subject, confidence: 0.97 });
  const read = (text: string, classifier: IntentClassifier) => detectIntent(text, { ...user, classifier });

  it('should take a slot the patterns left open when the clause holds a value of its shape', () => {
    expect(read('these days my base is Sheffield', sure('state', 'location'))).toMatchObject({
      kind: 'state',
      slot: 'location',
      by: 'model',
    });
    expect(read('these days my base is by the sea', sure('state', 'location')).by).toBe('none');
  });

  it('should not take a name said after "I\'m" for a place', () => {
    expect(read("I've taken his surname, so I'm Rosalind Kowalczyk now", sure('state', 'location')).by).toBe('none');
  });

  it("should not take someone else's fact, or a name given to someone else", () => {
    expect(read('My wife got a job at Lego', sure('state', 'employer', 'other')).by).toBe('none');
    expect(read('Has a dog named Rex', sure('state', 'name')).by).toBe('none');
    // a partner's break-up takes back the partner, never names the user
    expect(read('Camilla og jeg er skilt', sure('state', 'name'))).toMatchObject({ kind: 'retract', slot: 'partner' });
    expect(read('Jonas and I met at work', sure('state', 'name')).by).toBe('none');
  });

  it('should leave to the patterns what they decide', () => {
    expect(read('I live in Oslo', sure('retract', 'location'))).toMatchObject({ kind: 'state', by: 'pattern' });
  });
});

describe(ruleFloor.name, () => {
  const at =
    (confidence: number): IntentClassifier =>
    (): IntentPrediction => ({ intent: 'rule', slot: null, slots: [], subject: 'user', confidence });
  const read = (text: string, confidence: number) => detectIntent(text, { ...user, classifier: at(confidence) });

  it('should ask less of the classifier when the words say a rule stands, in English and Danish', () => {
    expect(ruleFloor('whenever you suggest dinners keep them quick')).toBeLessThan(ruleFloor('dinners quick pls'));
    expect(ruleFloor('skriv kort fremover')).toBe(ruleFloor('keep it short from now on'));
  });

  it('should take a rule the classifier reads at 0.87 only with words that say it stands', () => {
    expect(read('make sure the dinner ideas are quick', 0.87)).toMatchObject({ kind: 'rule', by: 'model' });
    expect(read('the dinner ideas are quick', 0.87).by).toBe('none');
  });
});
