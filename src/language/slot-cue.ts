import type { PatternExample } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slot-values';

/** One way a language says a slot's value: a self-description rule of src/language/slots.ts. */
export interface SlotCue {
  /** `<language>.slot.<slot>.<form>`, e.g. `en.slot.location.moved`. */
  id: string;
  slot: SlotName;
  /** Lowercase pattern run on the lowercased text; group 1 is the value, cut from the original text. */
  pattern: string;
  accept?: (value: string) => boolean;
  /** The value as stored, when the words differ from it ("thirty-two" -> "32"). */
  value?: (words: string) => string;
  /** What the cue takes (value) and leaves alone (null): run by src/language/language-tables.spec.ts. */
  examples: readonly PatternExample[];
}
