import { START } from 'src/language/cue-parts';
import { EN_PERSONAL_RETRACTION_CUES } from 'src/language/en/retractions-personal';
import { EN_SELF_RETRACTION_CUES } from 'src/language/en/retractions-self';
import { EN_WORK_RETRACTION_CUES } from 'src/language/en/retractions-work';
import type { FactRetractionCue, RetractionCue } from 'src/language/retraction-cue';

/**
 * English ways of taking back a slot value ("I left Hooli", "I don't live in Leeds anymore"), tried in order; group 1
 * is the value (none: whatever the slot holds). Examples are run by src/language/language-tables.spec.ts.
 */
export const EN_RETRACTION_CUES: readonly RetractionCue[] = [
  ...EN_WORK_RETRACTION_CUES,
  ...EN_SELF_RETRACTION_CUES,
  ...EN_PERSONAL_RETRACTION_CUES,
];

/** English ways of taking back a habit or trait of no slot; group 1 is what ends ("I don't play tennis anymore"). */
export const EN_FACT_RETRACTION_CUES: readonly FactRetractionCue[] = [
  {
    id: 'en.retract-fact.not-anymore',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:an? )?([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer|these days|nowadays)\b`,
      'iu',
    ),
    examples: [
      { text: "I'm not vegetarian anymore", fires: true, value: 'vegetarian' },
      { text: "I'm vegetarian", fires: false },
    ],
  },
  // "turns out ..., I'm not allergic at all"
  {
    id: 'en.retract-fact.not-at-all',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:actually |really )?not (?:actually |really )?(?:an? )?([\p{L}\p{N}' -]{2,60}?) (?:at all|after all)\b`,
      'iu',
    ),
    examples: [
      { text: "I'm not allergic at all", fires: true, value: 'allergic' },
      { text: "I'm not sure", fires: false },
    ],
  },
  // "I'm done with keto", "no more coffee for me", "I haven't played piano in years"
  {
    id: 'en.retract-fact.done-with',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:done with|finished with|through with) (?!(?:it|them|that|this|you)\b)(?:the |my )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:now|for good|forever|since|after|because|and|but)\b)`,
      'iu',
    ),
    examples: [
      { text: "I'm done with keto", fires: true, value: 'keto' },
      { text: "I'm done with it", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.no-more',
    pattern: new RegExp(String.raw`(?:^|[.!;]\s*)no more ([\p{L}\p{N}' -]{2,40}?) for (?:me|us)\b`, 'iu'),
    examples: [
      { text: "no more coffee for me, doctor's orders", fires: true, value: 'coffee' },
      { text: 'no more questions', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.havent-in-years',
    pattern: new RegExp(
      String.raw`${START}i (?:haven't|have not) ([\p{L}\p{N}' -]{2,60}?) (?:in|for) (?:years|ages|months|a long time|a while|a decade)\b`,
      'iu',
    ),
    examples: [
      { text: "I haven't played piano in years", fires: true, value: 'piano' },
      { text: "I haven't slept well", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.no-longer',
    pattern: new RegExp(String.raw`${START}i(?:'m| am) no longer (?:an? )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
    examples: [
      { text: "I'm no longer a smoker", fires: true, value: 'smoker' },
      { text: "I'm a smoker", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.dont-anymore',
    pattern: new RegExp(
      String.raw`${START}i (?:don't|do not|dont) ([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer)\b`,
      'iu',
    ),
    examples: [
      { text: "I don't play tennis anymore", fires: true, value: 'tennis' },
      { text: "I don't play tennis", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.no-longer-verb',
    pattern: new RegExp(String.raw`${START}i no longer ([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
    examples: [
      { text: 'I no longer smoke', fires: true, value: 'smoke' },
      { text: 'I still smoke', fires: false },
    ],
  },
  // "I sold my Vespa", "I cancelled Netflix", "I used to play in The Loud Hours"
  {
    id: 'en.retract-fact.sold',
    pattern: new RegExp(
      String.raw`${START}(?:i|we)(?:'ve| have)? (?:just |finally )?(?:sold|cancelled|canceled|gave away|given away|got rid of|ended(?! up)|used to) (?!(?:it|them|that|this|those|these)\b)(?:my |our |the |their )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|for|since|after|when|because|but|and|membership|subscription)\b)`,
      'iu',
    ),
    examples: [
      { text: 'I sold my Vespa', fires: true, value: 'vespa' },
      { text: 'I sold it', fires: false },
    ],
  },
  // "Jonas is my ex-husband", "I'm a former member of the chess club", "The sailboat is gone"
  {
    id: 'en.retract-fact.ex',
    pattern: new RegExp(String.raw`${START}(\p{L}[\p{L}'-]+) is (?:now )?my ex\b`, 'iu'),
    examples: [
      { text: 'Jonas is my ex', fires: true, value: 'jonas' },
      { text: 'Jonas is my brother', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.former-member',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:now )?a former member of (?:the )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: "I'm a former member of the chess club", fires: true, value: 'chess club' },
      { text: "I'm a member of the chess club", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.gone',
    pattern: new RegExp(String.raw`(?:^|[.!;,]\s*)(?:the|my|our) ([\p{L}\p{N}' -]{2,40}?) (?:is|are) gone\b`, 'iu'),
    examples: [
      { text: 'The sailboat is gone', fires: true, value: 'sailboat' },
      { text: 'The sailboat is new', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.broke-up',
    pattern: new RegExp(
      String.raw`${START}(\p{L}[\p{L}'-]+) and i (?:broke up|split up|separated|divorced|got divorced)`,
      'iu',
    ),
    examples: [
      { text: 'Ines and I broke up', fires: true, value: 'ines' },
      { text: 'Ines and I met up', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.marriage-ended',
    pattern: new RegExp(
      String.raw`${START}my (?:marriage|relationship|engagement) (?:to|with) (\p{L}[\p{L}'-]+) (?:ended|is over|fell apart)`,
      'iu',
    ),
    examples: [
      { text: 'My marriage to Daniel ended', fires: true, value: 'daniel' },
      { text: 'My marriage to Daniel is great', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.gave-up',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:finally |just )?(?:gave up|given up|quit|stopped|abandoned|ditched) (?!(?:by|at|in|off|over|to|for)\b)([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|in|on|a|two|three|for|since|after|when|because|due|and|but)\b)`,
      'iu',
    ),
    examples: [
      { text: 'I gave up coffee', fires: true, value: 'coffee' },
      { text: 'User has abandoned Ironman training due to injury.', fires: true, value: 'ironman training' },
      { text: 'I ditched the pottery course', fires: true, value: 'pottery course' },
      { text: 'I gave up on it', fires: false },
      { text: 'I abandoned it', fires: false },
    ],
  },
];

/** Words of a taken-back habit that name nothing by themselves: "play tennis" is about tennis. */
export const HABIT_VERBS = new Set(
  (
    'a an the my any some play plays playing have has having do does doing eat eats eating drink drinks drinking go ' +
    'goes going use uses using like likes own owns take takes taking make get keep be being work live really ' +
    'much often every day week month year last this ago yesterday today anymore any more longer so that by at in ' +
    'on to for with from know think care remember understand feel mind want need they he she we you it weekend ' +
    'summer winter spring autumn fall holiday holidays vacation night morning evening time moment i up played ' +
    'eaten drunk had been gone done used owned taken'
  ).split(' '),
);
