import { detectIntent } from 'src/memory/write/intent';
import { extractValues } from 'src/memory/write/values';

const read = (text: string, slot: string | null = null) =>
  extractValues(text, detectIntent(text, { slots: true, anyPerson: true, takesBack: true }), slot);

describe(extractValues.name, () => {
  it('should read the value of the slot the write holds', () => {
    expect(read('I live in Oslo now', 'location').slot).toEqual({ name: 'location', value: 'oslo' });
  });

  it('should read what a retraction takes back', () => {
    expect(read("I don't live in Leeds anymore")).toMatchObject({ retracts: { slot: 'location', value: 'leeds' } });
    expect(read("I don't play tennis anymore")).toMatchObject({ retracts: null, retractsFact: ['tennis'] });
  });

  it('should turn a forget request into what it drops: slots it names, else its words', () => {
    expect(read('ignore what I said about my job').retracts).toEqual({
      slot: 'employer',
      value: null,
      orSlot: 'occupation',
    });
    expect(read('scratch the Krakow thing').retractsFact).toEqual(['krakow']);
    expect(read('User asked that their pronouns not be recorded.').retracts).toEqual({ slot: 'pronouns', value: null });
  });

  it("should read no lower-case value into a forget request the classifier read: 'to forget' names no place", () => {
    const intent = { kind: 'forget', slot: 'location', rule: false, by: 'model', confidence: 0.93 } as const;

    expect(extractValues('User asked the assistant to forget their location.', intent, null).retracts).toEqual({
      slot: 'location',
      value: null,
    });
  });

  it('should read both values of a correction', () => {
    expect(read('I said Bristol but I meant Bath').swap).toEqual({ from: 'Bristol', to: 'Bath' });
  });

  it('should read no retraction for a write that holds a slot', () => {
    expect(read('I quit Hooli, I work at Initech now', 'employer')).toMatchObject({ retracts: null, swap: null });
  });
});
