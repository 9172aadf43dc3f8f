import { ADV, JEG, LEAD, subjectFirst } from 'src/language/da/words';
import { regexPattern } from 'src/language/pattern-table';
import type { ExtractionPattern, PatternExample } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slot-values';

/** Danish self-descriptions of the user's private life: phone number, partner, diet. */

function slotExamples(slot: SlotName, examples: [string, string | null][]): PatternExample[] {
  return examples.map(([text, value]) => (value === null ? { text, value } : { text, value, slot }));
}

const PARTNER_WORDS = 'kæreste|kone|mand|hustru|partner|forlovede|ægtefælle|samlever|kærest';
const DIETS =
  'vegetar|vegetarianer|veganer|pescetar|pescetarianer|pescatar|fleksitar|fleksitarianer|vegansk|vegetarisk|' +
  'glutenfri|laktosefri|plantebaseret';
/** Words after "sammen med", "gift med" that name no partner. */
const NOT_A_PARTNER = new Set(
  'en et min mit mine din dit dig ham hende dem nogen nogle familien vennerne kollegerne'.split(' '),
);

/** A number of six to fifteen digits, cut where the digits end. */
function cleanPhone(value: string): string | null {
  const number = /^\+?\(?\d[\d ()./-]*\d/u.exec(value.trim())?.[0] ?? '';
  const digits = number.replace(/\D/gu, '').length;

  return digits >= 6 && digits <= 15 ? number : null;
}

/** A first name: one capitalised word ("Line nu" -> "Line"). */
function cleanPartner(value: string): string | null {
  const word = /^\p{L}[\p{L}'-]*/u.exec(value.trim())?.[0] ?? '';

  return /^\p{Lu}/u.test(word) && !NOT_A_PARTNER.has(word.toLowerCase()) ? word : null;
}

export const DANISH_PERSONAL_SLOTS: readonly ExtractionPattern[] = [
  regexPattern({
    id: 'da.slot.phone',
    kind: 'slot',
    slot: 'phone',
    pattern: new RegExp(
      String.raw`(?:${LEAD}(?:mit|min) (?:nye |nuværende )?(?:telefon|mobil|tlf\.? ?)?(?:nummer|-nummer)(?: er|:)(?: nu| nu:)?|(?:^|[.,;!]\s*)(?:du kan )?(?:ringe|ring|skrive|skriv|sms'e) (?:til mig )?på) (?<v>\+?\d.*)$`,
      'u',
    ),
    clean: cleanPhone,
    examples: slotExamples('phone', [
      ['mit nye nummer er 28 14 55 90 btw', '28 14 55 90'],
      ['Mit nummer er 40 50 60 70.', '40 50 60 70'],
      ['Ring til mig på +45 22 33 44 55', '+45 22 33 44 55'],
      ['Mit nummer er 12', null],
      ['Min brors nummer er 40 50 60 70', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.partner.min',
    kind: 'slot',
    slot: 'partner',
    pattern: new RegExp(
      String.raw`${LEAD}min (?:nye )?(?:${PARTNER_WORDS})(?: hedder| er| har navnet) ${ADV}(?<v>\p{L}.*)$`,
      'u',
    ),
    clean: cleanPartner,
    examples: slotExamples('partner', [
      ['Min kæreste hedder Rasmus.', 'Rasmus'],
      ['Min kone hedder Camilla.', 'Camilla'],
      ['Min mand er læge', null],
      ['Min søsters kæreste hedder Rasmus', null],
    ]),
  }),
  // "jeg er sammen med Line nu", "Jeg er gift med Jonas", "jeg dater Sofie"
  regexPattern({
    id: 'da.slot.partner.sammen-med',
    kind: 'slot',
    slot: 'partner',
    pattern: new RegExp(
      String.raw`(?:^|[.,;!]\s*)(?:og |men |så )?(?:jeg|nu er jeg) (?:er |har )?${ADV}(?:(?:kærester|sammen|gift|forlovet|blevet gift|blevet forlovet) med|dater|dates med|ser) (?<v>\p{L}.*)$`,
      'u',
    ),
    prepare: subjectFirst,
    clean: cleanPartner,
    examples: slotExamples('partner', [
      ['Camilla og jeg er skilt, jeg er sammen med Line nu.', 'Line'],
      ['Jeg er gift med Jonas', 'Jonas'],
      ['Jeg er sammen med min familie', null],
      ['Min bror er gift med Sofie', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.diet',
    kind: 'slot',
    slot: 'diet',
    pattern: new RegExp(
      String.raw`(?:(?:${JEG}|(?:[.,;!]\s*)(?:og |men |så )?jeg) (?:er|spiser) ${ADV}(?:blevet |også |helt |strengt )?(?:en |et )?|${LEAD}min (?:kost|diæt) er ${ADV})(?<v>(?:${DIETS}))(?![\p{L}-])`,
      'u',
    ),
    prepare: subjectFirst,
    examples: slotExamples('diet', [
      ['Jeg er vegetar.', 'vegetar'],
      ['Jeg spiser fisk igen, så jeg er pescetar nu.', 'pescetar'],
      ['Nu er jeg veganer', 'veganer'],
      ['Min mor er veganer', null],
      ['Jeg er ikke vegetar', null],
    ]),
  }),
];
