import { trimChars, trimEndChars } from 'src/common/trim-chars';

/** The slots a memory may hold: one ACTIVE value each per tenant (a new value supersedes the old). */
export type SlotName =
  | 'name'
  | 'nickname'
  | 'age'
  | 'location'
  | 'timezone'
  | 'employer'
  | 'occupation'
  | 'email'
  | 'birthday'
  | 'pronouns'
  | 'language'
  | 'phone'
  | 'partner'
  | 'diet';

export const SLOT_NAMES: readonly SlotName[] = [
  'name',
  'nickname',
  'age',
  'location',
  'timezone',
  'employer',
  'occupation',
  'email',
  'birthday',
  'pronouns',
  'language',
  'phone',
  'partner',
  'diet',
];

/**
 * The slots the learned intent model names (its slot head's labels after "none", in this order): the phone number,
 * partner and diet came later and are read by the language tables only.
 */
export const LEARNED_SLOTS: readonly SlotName[] = SLOT_NAMES.slice(0, SLOT_NAMES.indexOf('phone'));

export interface DetectedSlot {
  slot: SlotName;
  value: string;
}

/**
 * A slot statement is short: only the first 1,000 characters of a text are read for one, so the unanchored rules
 * cost at most a bounded amount per text (linear time).
 */
export const MAX_SLOT_TEXT = 1000;

/** The last text lowered and its result: every pattern of a table lowers the same clause again. */
let lastLowered: { text: string; lower: string } | null = null;

/**
 * Lowercases without changing any offset, so a match on the lowercased text can be cut from the original. Lowering
 * never shortens a character and lengthens only U+0130 (İ), so a whole-text lowering of the same length moved no
 * offset; final sigma (Σ) is the one context-dependent lowering, so a text with one goes character by character
 * (which kept every character's own lowering, at 55 ms a 99 KB text).
 */
export function lowerInPlace(text: string): string {
  if (lastLowered?.text === text) {
    return lastLowered.lower;
  }
  const whole = text.toLowerCase();
  const lower =
    whole.length === text.length && !text.includes('\u03a3')
      ? whole
      : text.replace(/./gsu, (char) => {
          const one = char.toLowerCase();

          return one.length === char.length ? one : char;
        });
  lastLowered = { text, lower };

  return lower;
}

/** Canonical, comparable form of a slot value: "  Berlin. " and "berlin" are the same value. */
const VALUE_QUOTE = /^["'`“”‘’]$/u;
const VALUE_END = /^["'`“”‘’.,;:!?]$/u;
export const VALUE_TRAIL = /^[\s.,;:!?'"]$/u;
export function normalizeSlotValue(value: string, slot?: string): string {
  const folded = value.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  const text = trimEndChars(trimChars(folded, VALUE_QUOTE), VALUE_END).trim();
  switch (slot) {
    case 'age':
      return text.match(/\d+/u)?.[0] ?? text;
    // "+45 20 11 33 44" and "20113344": a number is its digits
    case 'phone':
      return text.replace(/[^\d+]/gu, '');
    case 'pronouns':
    case 'timezone':
      return text.replace(/\s+/gu, '').replace('−', '-');
    default:
      return text;
  }
}

/** Whether `content` mentions `value` as a whole word (or phrase), ignoring case. */
export function containsValue(content: string, value: string): boolean {
  const words = value.normalize('NFKC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) {
    return false;
  }
  const phrase = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join(String.raw`\s+`);

  return new RegExp(String.raw`(?<![\p{L}\p{N}])${phrase}(?![\p{L}\p{N}])`, 'iu').test(content.normalize('NFKC'));
}
