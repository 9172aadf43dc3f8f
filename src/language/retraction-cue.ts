import type { CueExample } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slot-values';

/** One way a language takes back a slot value. */
export interface RetractionCue {
  /** `<language>.retract.<slot>.<form>`. */
  id: string;
  slot: SlotName;
  /** Another slot the value may be held in: "I left Madrid" ends an employer or a home, whichever said Madrid. */
  orSlot?: SlotName;
  /** The words name the slot ("the nickname kiki"), so a value in lower case is one too. */
  anyCase?: boolean;
  /** Run on the text in the first person (see asFirstPerson); group 1 is the value, none for "whatever it holds". */
  pattern: RegExp;
  examples: readonly CueExample[];
}

/** One way a language takes back a habit or trait of no slot; group 1 is what ends. */
export interface FactRetractionCue {
  /** `<language>.retract-fact.<form>`. */
  id: string;
  pattern: RegExp;
  examples: readonly CueExample[];
}
