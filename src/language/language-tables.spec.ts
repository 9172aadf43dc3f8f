import { EN_SLOT_CUES } from 'src/language/en/slot-rules';
import type { CueExample } from 'src/language/pattern-table';
import {
  FACT_RETRACTION_CUES,
  matchFactRetractionCue,
  matchRetractionCue,
  RETRACTION_CUES,
} from 'src/language/retractions';
import { matchSlotCue } from 'src/language/slots';
import { mentionedSlots } from 'src/language/tables';

/** Every cue of every language table proves what it takes and what it leaves alone. */
const slotCases = EN_SLOT_CUES.flatMap((cue) => cue.examples.map((example) => [cue.id, example, cue] as const));
const retractionCases = RETRACTION_CUES.flatMap((cue) =>
  cue.examples.map((example) => [cue.id, example, cue] as const),
);
const factCases = FACT_RETRACTION_CUES.flatMap((cue) => cue.examples.map((example) => [cue.id, example, cue] as const));

function wellExampled(cues: readonly { id: string; examples: readonly CueExample[] }[]): string[] {
  return cues.filter((c) => !c.examples.some((e) => e.fires) || !c.examples.some((e) => !e.fires)).map((c) => c.id);
}

describe('slot cues', () => {
  it.each(slotCases)('%s: %j', (_id, example, cue) => {
    const found = matchSlotCue(cue, example.text);

    expect(found === null ? null : found.value).toBe(example.value);
    if (found) {
      expect(found.slot).toBe(cue.slot);
    }
  });

  it('should have unique ids and an example taken and one left alone for every cue', () => {
    const ids = EN_SLOT_CUES.map((cue) => cue.id);

    expect(new Set(ids).size).toBe(ids.length);
    expect(EN_SLOT_CUES.filter((c) => !c.examples.some((e) => e.value !== null)).map((c) => c.id)).toEqual([]);
    expect(EN_SLOT_CUES.filter((c) => !c.examples.some((e) => e.value === null)).map((c) => c.id)).toEqual([]);
  });
});

describe('retraction cues', () => {
  it.each(retractionCases)('%s: %j', (_id, example, cue) => {
    const found = matchRetractionCue(cue, example.text);

    expect(found !== null).toBe(example.fires);
    if (found && example.value !== undefined) {
      expect(found.value).toBe(example.value);
    }
  });

  it.each(factCases)('%s: %j', (_id, example, cue) => {
    const found = matchFactRetractionCue(cue, example.text);

    expect(found !== null).toBe(example.fires);
    if (found && example.value !== undefined) {
      expect(found.join(' ')).toBe(example.value);
    }
  });

  it('should have unique ids and an example that fires and one that does not for every cue', () => {
    const ids = [...RETRACTION_CUES, ...FACT_RETRACTION_CUES].map((cue) => cue.id);

    expect(new Set(ids).size).toBe(ids.length);
    expect(wellExampled([...RETRACTION_CUES, ...FACT_RETRACTION_CUES])).toEqual([]);
  });
});

describe(mentionedSlots.name, () => {
  it.each([
    ['my job', ['employer', 'occupation']],
    ['the birthday thing', ['birthday']],
    ['their birthday', ['birthday']],
    ['min mailadresse', ['email']],
    ['det kælenavn', ['nickname']],
    ["the user's employer", ['employer']],
    ["where i'm staying", ['location']],
    ['what i do for work please', ['occupation']],
    ['hvad jeg arbejder med', ['occupation']],
    ['the location', ['location']],
    ['the email address', ['email']],
    ['min arbejdsplads, det skal ikke gemmes', ['employer']],
  ])('%j names %j', (query, slots) => {
    expect(mentionedSlots(query)).toEqual(slots);
  });

  it('should name no slot of a birthday party', () => {
    expect(mentionedSlots('the birthday party plans')).toEqual([]);
  });
});
