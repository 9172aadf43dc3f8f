import { AM, CLAUSE_START, I, MY, PHONE } from 'src/language/en/slot-parts';
import { DIETS, NOT_A_NAME, NOT_A_NICKNAME, NOT_A_PARTNER, phoneDigits, properName } from 'src/language/en/slot-words';
import type { SlotCue } from 'src/language/slot-cue';

/** English self-descriptions of the user's private life: phone number, partner, diet. */

const PARTNER_WORDS = String.raw`(?:husband|wife|partner|girlfriend|boyfriend|fianc[eé]e?|spouse|hubby|missus|bf|gf)`;
// one word: a partner is named by a first name ("married to Kofi for six years" -> "Kofi")
const FIRST_NAME = String.raw`(\p{L}[\p{L}'-]+)`;
const AFTER_NOW = String.raw`(?= (?:now|rn|atm|these days|nowadays|at the moment)\b)`;

/** A first name said in lower case after words that can only name a person ("engaged to sam"). */
function partnerName(value: string): boolean {
  const word = value.toLowerCase();

  return !NOT_A_PARTNER.has(word) && !NOT_A_NAME.has(word) && !NOT_A_NICKNAME.has(word);
}

const capitalisedPartner = (value: string): boolean => properName(value) && partnerName(value);

export const EN_PERSONAL_CUES: readonly SlotCue[] = [
  {
    id: 'en.slot.phone.my',
    slot: 'phone',
    pattern: String.raw`${MY} (?:(?:mobile |cell |work |home )?(?:phone|mobile|cell|telephone)(?: ?number| no\.?)?|(?:phone |mobile |cell )?number)(?: is| has changed to| changed to|:|'s)(?: now)? ${PHONE}`,
    accept: phoneDigits,
    examples: [
      { text: 'My phone number is 0470 11 22 33.', value: '0470 11 22 33' },
      { text: 'my phone is 0612 345 678', value: '0612 345 678' },
      { text: 'My new number is +45 20 11 33 44', value: '+45 20 11 33 44' },
      { text: 'My phone number is 12', value: null },
      { text: 'my number is 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1', value: null },
      { text: "My brother's number is 0612 345 678", value: null },
    ],
  },
  // "My phone number changed, it's now 07700 900461", "my number has changed to 0470 98 76 54 since ..."
  {
    id: 'en.slot.phone.changed',
    slot: 'phone',
    pattern: String.raw`${MY} (?:(?:mobile |cell )?(?:phone|mobile|cell|telephone) ?)?number (?:has )?(?:changed|is different now|is new)[^.!?\d]{0,30}?${PHONE}`,
    accept: phoneDigits,
    examples: [
      { text: "My phone number changed, it's now 07700 900461.", value: '07700 900461' },
      { text: 'my number has changed to 0470 98 76 54 since I switched carriers', value: '0470 98 76 54' },
      { text: 'My phone number changed last week', value: null },
    ],
  },
  {
    id: 'en.slot.phone.new-number',
    slot: 'phone',
    pattern: String.raw`${CLAUSE_START}(?:the |my )?new (?:phone |mobile |cell )?number(?: is|:|'s)? ${PHONE}`,
    accept: phoneDigits,
    examples: [
      { text: 'new number is 0412 887 301, lost my old phone at a gig', value: '0412 887 301' },
      { text: "Anna's new number is 0412 887 301", value: null },
    ],
  },
  {
    id: 'en.slot.phone.reach-me',
    slot: 'phone',
    pattern: String.raw`${CLAUSE_START}(?:you can |u can |please |pls )?(?:call|text|reach|ring|whatsapp) me (?:on|at) ${PHONE}`,
    accept: phoneDigits,
    examples: [
      { text: 'You can reach me on 0612 345 678', value: '0612 345 678' },
      { text: 'Call me at 5', value: null },
    ],
  },
  {
    id: 'en.slot.partner.my-named',
    slot: 'partner',
    pattern: String.raw`${MY} ${PARTNER_WORDS}(?:'s name is|'s called| is called| is named| goes by| name is)(?: now)? ${FIRST_NAME}`,
    accept: partnerName,
    examples: [
      { text: 'My husband is called Pedro.', value: 'Pedro' },
      { text: "my partner's name is luca", value: 'luca' },
      { text: "My sister's husband is called Pedro", value: null },
    ],
  },
  {
    id: 'en.slot.partner.my-is',
    slot: 'partner',
    pattern: String.raw`${MY} ${PARTNER_WORDS}(?: is|:)(?: now)? ${FIRST_NAME}`,
    accept: capitalisedPartner,
    examples: [
      { text: 'My girlfriend is Astrid.', value: 'Astrid' },
      { text: 'My wife is a doctor', value: null },
      { text: 'My husband is Italian', value: null },
    ],
  },
  {
    id: 'en.slot.partner.married',
    slot: 'partner',
    pattern: String.raw`${CLAUSE_START}(?:i(?:${AM}|'ve been| have been|'ve| have|m) )?(?:now |just |finally |recently |happily |officially )?(?:got |getting )?(?:married|engaged) to ${FIRST_NAME}`,
    accept: partnerName,
    examples: [
      { text: "I've been married to Kofi for six years now", value: 'Kofi' },
      { text: 'engaged to sam as of last night!!!', value: 'sam' },
      { text: 'I am married to Haruto.', value: 'Haruto' },
      { text: 'My sister got married to Tom', value: null },
      { text: "I'm married to the job", value: null },
    ],
  },
  {
    id: 'en.slot.partner.dating',
    slot: 'partner',
    pattern: String.raw`${CLAUSE_START}(?:i(?:${AM}|m) )?(?:now |currently |also )?(?:dating|going out with|in a relationship with|together with) ${FIRST_NAME}`,
    accept: partnerName,
    examples: [
      { text: 'dating mia rn', value: 'mia' },
      { text: "I'm in a relationship with Noor", value: 'Noor' },
      { text: 'My brother is dating Mia', value: null },
      { text: "I'm dating again", value: null },
    ],
  },
  // "Pedro and I separated, and I'm now with Tomás": after a break-up, the one the user is with now
  {
    id: 'en.slot.partner.moved-on',
    slot: 'partner',
    pattern: String.raw`\b(?:separated|split(?: up)?|broke up|divorced|aren't together|are not together)\b[^.!?]{0,60}?\bi(?:${AM}|m) (?:now |currently )?(?:with|seeing|dating|together with) ${FIRST_NAME}`,
    accept: partnerName,
    examples: [
      { text: "Pedro and I separated over the winter, and I'm now with Tomás.", value: 'Tomás' },
      { text: "We split up and I'm now with you", value: null },
      { text: "I'm now with Siemens", value: null },
    ],
  },
  {
    id: 'en.slot.partner.seeing-now-lower',
    slot: 'partner',
    pattern: String.raw`${CLAUSE_START}(?:i(?:${AM}|m) )?seeing ${FIRST_NAME}${AFTER_NOW}`,
    accept: partnerName,
    examples: [
      { text: 'mia and i split, seeing jonas now', value: 'jonas' },
      { text: 'seeing a therapist now', value: null },
    ],
  },
  {
    id: 'en.slot.diet.am',
    slot: 'diet',
    pattern: String.raw`${I}(?:${AM}|m)(?: now| currently| strictly| fully| completely| mostly| still| a| an)* (${DIETS})(?![\p{L}-])`,
    examples: [
      { text: "I'm vegan.", value: 'vegan' },
      { text: "I don't eat meat or fish, I'm strictly vegetarian", value: 'vegetarian' },
      { text: 'I am a vegetarian who loves hiking', value: 'vegetarian' },
      { text: "so I'm vegetarian now rather than vegan", value: 'vegetarian' },
      { text: "I'm not vegan", value: null },
      { text: 'My mum is vegan', value: null },
    ],
  },
  {
    id: 'en.slot.diet.went',
    slot: 'diet',
    pattern: String.raw`(?:${I}(?:'ve| have|${AM})? |${CLAUSE_START})(?:now |just |recently |finally |officially )?(?:gone|went|turned|became|become|going|switched to|switched to being) (?:full |fully |completely |100% |strictly )?(${DIETS})(?![\p{L}-])`,
    examples: [
      { text: 'gone full vegan since jan', value: 'vegan' },
      { text: "I've turned pescatarian", value: 'pescatarian' },
      { text: 'My mum has decided to go vegan at 68', value: null },
      { text: 'my friend jess went vegan, not me tho', value: null },
    ],
  },
  {
    id: 'en.slot.diet.eat',
    slot: 'diet',
    pattern: String.raw`(?:${I}(?:${AM})?|${MY} diet is|${MY} diet:) (?:now |currently |strictly |mostly )?(?:(?:eat|follow|keep|on|eating|following|keeping)(?: a| an)? )?(?:strict(?:ly)? )?(${DIETS})(?![\p{L}-])`,
    examples: [
      { text: 'I keep kosher', value: 'kosher' },
      { text: 'I follow a gluten-free diet', value: 'gluten-free' },
      { text: 'My diet is vegan', value: 'vegan' },
      { text: 'My diet is a mess', value: null },
    ],
  },
  // a diet said alone with a hedge: "ok fine i eat fish now, pescatarian i guess"
  {
    id: 'en.slot.diet.bare',
    slot: 'diet',
    pattern: String.raw`(?:^|[.!;,:]\s*)(?:so |now |basically |technically )?(?:a )?(${DIETS})(?= (?:now|i guess|i think|i suppose|these days|nowadays|from now on)\b|(?<=[,;:]\s*(?:so |now |basically |technically )?(?:a )?[\p{L}-]+)\s*[.!]*$)`,
    examples: [
      { text: 'ok fine i eat fish now, pescatarian i guess', value: 'pescatarian' },
      { text: 'fine I eat fish now, pescatarian', value: 'pescatarian' },
      { text: 'vegan food is great', value: null },
      { text: 'Vegan.', value: null },
    ],
  },
];
