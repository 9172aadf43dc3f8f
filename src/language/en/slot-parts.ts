/** Pattern pieces the English slot cues share (en/slot-cues-*.ts). */

/**
 * What may stand before "I" or "my" at a clause start: punctuation, a conjunction, a greeting, a discourse marker
 * ("actually", "sorry", "no wait", "I meant") or a time adverb ("now", "these days"). One word (or fixed phrase) only, never
 * repeated, so "Bob said I ..." and "my sister's name" never count and the expression stays linear.
 */
export const CLAUSE_START = String.raw`(?:^|[.!;,:—–]\s*|\s-\s+|\b(?:since|as of|starting) [\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?,?\s+|\b(?:and|but|so|now|also|actually|btw|hi|hello|hey|well|sorry|wait|no|oh|ok|okay|yes|yeah|correction|update|fyi|anyway|honestly|nowadays|currently|today|then|these days|at the moment|right now|as of now|since then|i meant|i mean)\s+)`;
export const I = String.raw`${CLAUSE_START}i`;
export const WE = String.raw`${CLAUSE_START}we`;
// "my new e-mail", "my current employer": the same slot as "my e-mail", "my employer"
export const MY = String.raw`${CLAUSE_START}my(?: (?:new|current|updated|actual|present))?`;
export const NOW = String.raw`(?:now |currently |still |actually |really |finally |just |recently |presently |officially )?`;
// a time adverb after the value: "I'm 26 now", "I live in York these days"
export const AFTER = String.raw`(?:\s+(?:now|these days|nowadays|currently|already|today|at the moment|again|actually|really|btw|by the way))?`;
export const AM = String.raw`(?:'m| am)`;
// "I work remotely for Acme", "I've been working part-time at Lidl"
export const WORK_HOW = String.raw`(?:(?:remotely|full[- ]time|part[- ]time|freelance|there|here|now) )?`;
export const WORDS = String.raw`([\p{L}\p{N}][\p{L}\p{N}'.&-]*(?:(?:,\s*|\s+)[\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
export const EMAIL = String.raw`([\w.+-]+@[\w-]+(?:\.[\w-]+)+)`;
export const TIMEZONE =
  String.raw`((?:utc|gmt)\s*[+\-−]\s*\d{1,2}(?::?\d\d)?|\b(?:utc|gmt|cet|cest|eet|eest|bst|ist|pst|pdt|mst|mdt|cst|cdt|` +
  String.raw`est|edt|akst|hst|jst|kst|aest|aedt|acst|awst|nzst|nzdt|sgt|hkt|msk|brt)\b|` +
  String.raw`(?:eastern|central|pacific|mountain)(?= time)|` +
  String.raw`(?:africa|america|asia|atlantic|australia|europe|indian|pacific)/[a-z_]+(?:/[a-z_]+)?)`;
// a name without a comma in it: "Twilio, start next week" is Twilio
export const NAME_WORDS = String.raw`([\p{L}\p{N}][\p{L}\p{N}'.&-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
// a phone number: an optional "+", then six to fifteen digits in groups ("07700 900461", "+45 20 11 33 44"), ending
// where its digits end (the first 22 characters of a longer run of digits are no number)
export const PHONE = String.raw`(\+?\(?\d[\d ()./-]{4,20}\d)(?![ ()./-]?\d)`;
