import { ANYMORE, START } from 'src/language/cue-parts';
import type { RetractionCue } from 'src/language/retraction-cue';

/** English ways of taking back a partner or a diet: "Astrid and I aren't together anymore", "I'm not vegan anymore". */

const BROKE_UP = String.raw`(?:split(?: up)?|broke up|separated|divorced|got divorced|are divorced|called it quits|(?:are|'re) (?:not|no longer) together|aren't together)`;
// what follows a break-up, so "Tom and I split the bill" is none
const BROKE_UP_END = String.raw`(?=$|[.,!;]| (?:anymore|any more|last|in|over|after|this|recently|and|so|a|months|weeks|years|for)\b)`;
const DIETS =
  'vegetarian|vegan|pescatarian|pescetarian|flexitarian|plant-based|gluten-free|dairy-free|lactose-free|keto|paleo|halal|kosher';

export const EN_PERSONAL_RETRACTION_CUES: readonly RetractionCue[] = [
  // "Astrid and I aren't together anymore", "mia and i split": the name is said first, in any case
  {
    id: 'en.retract.partner.and-i',
    slot: 'partner',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?:me and |i and )?(\p{L}[\p{L}'-]+) and (?:i|me) ${BROKE_UP}${BROKE_UP_END}`,
      'iu',
    ),
    examples: [
      { text: "Astrid and I aren't together anymore", fires: true, value: 'astrid' },
      { text: 'ok update: mia and i split, seeing jonas now', fires: true, value: 'mia' },
      { text: 'Tom and I split the bill', fires: false },
    ],
  },
  {
    id: 'en.retract.partner.broke-up-with',
    slot: 'partner',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |finally )?(?:broke up with|broken up with|split up with|split from|separated from|divorced|left|dumped) (?!(?:my|the|a|an|work|home|it|him|her|them)\b)(\p{L}[\p{L}'-]+)(?= |$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: 'I broke up with Nina last week', fires: true, value: 'nina' },
      { text: 'I broke up with my band', fires: false },
    ],
  },
  // "Jonas is my ex-husband now", "Mia is an ex": the name first, in any case
  {
    id: 'en.retract.partner.my-ex',
    slot: 'partner',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(\p{L}[\p{L}'-]+) is (?:now )?(?:my|an|the) ex(?:-| )?(?:husband|wife|partner|girlfriend|boyfriend|fianc[eé]e?|spouse)?(?= now|$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Jonas is my ex-husband now.', fires: true, value: 'jonas' },
      { text: 'Jonas is my husband', fires: false },
    ],
  },
  // "we broke up", "we split up last month", "Vi slog op": no value, so whoever the slot holds
  {
    id: 'en.retract.partner.we-broke-up',
    slot: 'partner',
    pattern: new RegExp(
      String.raw`${START}we(?:'ve| have)? (?:just |finally )?(?:broke up|broken up|split up|separated|divorced|got divorced|called it quits)(?=$|[.,!;]| (?:last|in|over|a|after|this|recently|and|so|months|weeks|years)\b)`,
      'iu',
    ),
    examples: [
      { text: 'We broke up last month', fires: true, value: null },
      { text: 'We broke up the work into tickets', fires: false },
    ],
  },
  {
    id: 'en.retract.diet.not-anymore',
    slot: 'diet',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:doing |on |following |eating )?(?:a |an |the )?(?:${DIETS})(?: diet)?(?= ${ANYMORE}|$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: "I'm not vegan anymore", fires: true, value: null },
      { text: "I'm no longer a vegetarian", fires: true, value: null },
      { text: "I'm not doing keto any more, please update that", fires: true, value: null },
      { text: "I'm not on the paleo diet anymore", fires: true, value: null },
      { text: "I'm not vegan but I like tofu", fires: false },
    ],
  },
  // "I gave up keto a while ago", "I stopped being vegan", "I'm done with paleo"
  {
    id: 'en.retract.diet.gave-up',
    slot: 'diet',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have|'m| am)? (?:gave up|given up|quit|stopped|dropped|ditched|done with|finished with)(?: being| eating| the| my)? (?:a |an )?(?:${DIETS})(?![\p{L}-])`,
      'iu',
    ),
    examples: [
      { text: 'I gave up keto a while ago.', fires: true, value: null },
      { text: "I'm done with being vegan", fires: true, value: null },
      { text: 'My mum gave up keto', fires: false },
      { text: 'I gave up sugar', fires: false },
    ],
  },
  {
    id: 'en.retract.diet.eat-meat-again',
    slot: 'diet',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:started |begun )?(?:eat|eating) meat again\b(?![^.!?]*\bi(?:'m| am) (?:${DIETS}))`,
      'iu',
    ),
    examples: [
      { text: 'I eat meat again', fires: true, value: null },
      { text: 'I eat meat', fires: false },
    ],
  },
];
