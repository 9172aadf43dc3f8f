import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EN_SLOT_CUES } from 'src/language/en/slot-rules';
import { foldCase, mayMatch, prefilterOf } from 'src/language/literal-prefilter';
import { FACT_RETRACTION_CUES, RETRACTION_CUES } from 'src/language/retractions';
import { asFirstPerson } from 'src/language/slots';

const CLAUSES = join(__dirname, '..', 'memory', 'intent', 'clauses');

/** Every clause the intent model learns from, as said, lower-cased and in the first person. */
function corpus(): string[] {
  const texts = readdirSync(CLAUSES)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(join(CLAUSES, file), 'utf8').split('\n'))
    .filter((line) => line.trim().length > 0)
    .map((line) => (JSON.parse(line) as { text: string }).text);

  return [...new Set(texts.flatMap((text) => [text, text.toLowerCase(), asFirstPerson(text)]))];
}

describe(prefilterOf.name, () => {
  it('should need the literal runs every match holds, and one of the alternatives', () => {
    expect(prefilterOf(/(?:^|, )i moved to (\w+)/u).needs).toEqual([['i moved to ']]);
    expect(prefilterOf(/my (?:wife|husband) is called/u).needs).toEqual([['my '], ['wife', 'husband'], [' is called']]);
    expect(prefilterOf(/I (?:live|stay)? in Oslo/iu).needs).toEqual([['i '], [' in oslo']]);
    expect(prefilterOf(/x(?:ab|\w+)y/u).needs).toEqual([]);
    expect(prefilterOf(/no+ way/u).needs).toEqual([['no'], [' way']]);
  });

  it('should look for caseless needs in the folded text', () => {
    const filter = prefilterOf(/i moved to/iu);

    expect(mayMatch(filter, 'I MOVED TO Riga', foldCase('I MOVED TO Riga'))).toBe(true);
    expect(mayMatch(filter, 'I moved in', foldCase('I moved in'))).toBe(false);
    expect(foldCase('Uſe')).toBe('use');
  });

  it('should never refuse a text any slot or take-back cue matches, over every clause of the intent corpus', () => {
    const expressions = [
      ...EN_SLOT_CUES.map((cue) => new RegExp(cue.pattern, 'du')),
      ...RETRACTION_CUES.map((cue) => cue.pattern),
      ...FACT_RETRACTION_CUES.map((cue) => cue.pattern),
    ];
    const texts = corpus();
    const missed: string[] = [];
    let matched = 0;
    for (const regex of expressions) {
      const filter = prefilterOf(regex);
      for (const text of texts) {
        if (regex.test(text)) {
          matched += 1;
          if (!mayMatch(filter, text, foldCase(text))) {
            missed.push(`${regex.source.slice(-60)} :: ${text}`);
          }
        }
      }
    }

    expect(missed).toEqual([]);
    // the corpus exercises the cues: thousands of matches, not a vacuous pass
    expect(matched).toBeGreaterThan(1000);
  });
});
