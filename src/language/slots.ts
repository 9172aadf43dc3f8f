import { recentTexts } from 'src/common/recent-texts';
import { trimEndChars } from 'src/common/trim-chars';
import { DANISH } from 'src/language/da/extraction';
import { asFirstPerson } from 'src/language/en/reported-speech';
import { EN_SLOT_CUES } from 'src/language/en/slot-rules';
import { CLAUSE_END } from 'src/language/en/slot-words';
import { mayMatch, prefilterOf } from 'src/language/literal-prefilter';
import type { SlotCue } from 'src/language/slot-cue';
import { lowerInPlace, MAX_SLOT_TEXT, normalizeSlotValue, SLOT_NAMES, VALUE_TRAIL } from 'src/language/slot-values';
import type { DetectedSlot, SlotName } from 'src/language/slot-values';
import { valueShape } from 'src/language/value-shapes';
import { looksLikeQuestion } from 'src/memory/guards/firewall';

export { asFirstPerson } from 'src/language/en/reported-speech';
export {
  containsValue,
  LEARNED_SLOTS,
  lowerInPlace,
  MAX_SLOT_TEXT,
  normalizeSlotValue,
  SLOT_NAMES,
} from 'src/language/slot-values';
export type { DetectedSlot, SlotName } from 'src/language/slot-values';

const COMPILED = EN_SLOT_CUES.map((cue) => {
  const regex = new RegExp(cue.pattern, 'du');

  return { cue, regex, filter: prefilterOf(regex) };
});
/** Danish self-descriptions: the extraction table's own slot patterns, so both paths read Danish alike. */
const DANISH_SLOTS = DANISH.patterns.filter((pattern) => pattern.kind === 'slot');

/** The text the cues read: NFKC, straight apostrophes, one space, the first MAX_SLOT_TEXT characters. */
function prepared(content: string): string {
  return content.slice(0, MAX_SLOT_TEXT).normalize('NFKC').replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
}

function matchCue(cue: SlotCue, regex: RegExp, text: string, lower: string): DetectedSlot | null {
  const span = regex.exec(lower)?.indices?.[1];
  const value = span && trimEndChars(text.slice(span[0], span[1]).replace(CLAUSE_END, ''), VALUE_TRAIL);
  if (value && (cue.accept?.(value) ?? true)) {
    return { slot: cue.slot, value: cue.value?.(value) ?? value };
  }

  return null;
}

/** What one cue alone reads in `content` (the table spec runs every cue's examples through it). */
export function matchSlotCue(cue: SlotCue, content: string): DetectedSlot | null {
  const text = prepared(content);

  return matchCue(cue, new RegExp(cue.pattern, 'du'), text, lowerInPlace(text));
}

/** The first English self-describing slot statement in `text` (prepared), or null. */
function englishSlot(text: string): DetectedSlot | null {
  const lower = lowerInPlace(text);
  for (const { cue, regex, filter } of COMPILED) {
    const found = mayMatch(filter, lower, lower) ? matchCue(cue, regex, text, lower) : null;
    if (found) {
      return found;
    }
  }

  return null;
}

/** The first English self-describing slot statement in `content`: what the English extraction table reads. */
export function detectEnglishSlot(content: string): DetectedSlot | null {
  return looksLikeQuestion(content) ? null : englishSlot(prepared(content));
}

/** The first self-describing slot statement in `content`, or null. Third parties and questions never count. */
export function detectSlot(content: string): DetectedSlot | null {
  return slotOf(content);
}

function readSlot(content: string): DetectedSlot | null {
  if (looksLikeQuestion(content)) {
    return null;
  }
  const text = prepared(content);
  const english = englishSlot(text);
  if (english) {
    return english;
  }
  for (const pattern of DANISH_SLOTS) {
    const found = pattern.match(text);
    if (found?.slot) {
      return { slot: found.slot, value: found.value };
    }
  }

  return null;
}

function isSlotName(slot: string): slot is SlotName {
  return (SLOT_NAMES as readonly string[]).includes(slot);
}

/**
 * The normalised value `content` gives for `slot`: what a self-description ("My name is John") or a claim about the
 * user ("User's name is John", "The user lives in Oslo") names, else the whole content (a bare value, "John").
 */
export function slotValueIn(content: string, slot: string): string {
  const found = [detectSlot(content), detectUserClaim(content)];
  const stated = found.find((said) => said?.slot === slot);
  // a slot the classifier read ("these days home is Sheffield"): the value of the slot's shape
  const shaped = found.every((said) => said === null) && isSlotName(slot) ? valueShape(content, slot) : null;

  return normalizeSlotValue(stated?.value ?? shaped ?? content);
}

/**
 * A slot statement about the user in anyone's words: "My name is X", "Your name is X", "The user lives in X".
 * Only for contamination checks on content the user did not write; it never sets a slot.
 */
export function detectUserClaim(content: string): DetectedSlot | null {
  return claimOf(content);
}

const slotOf = recentTexts(readSlot);
const claimOf = recentTexts(
  (content: string) => detectSlot(content) ?? detectSlot(asFirstPerson(content.slice(0, MAX_SLOT_TEXT))),
);
