import type { PatternExample } from 'src/language/pattern-table';

/**
 * Words around a fact that carry none of it: "fwiw", "so yeah", "Quick update:", "lol". A filler entry lists
 * phrases (lower case, words separated by one space) dropped where its kind says; each example gives the text the
 * normalise stage leaves (src/memory/write/normalise.ts), run by the language tables spec.
 */
export interface FillerEntry {
  /** `<language>.filler.<kind>.<what>`. */
  id: string;
  /** lead: at the start of a text or clause; trail: at its end; inside: anywhere, as a word of its own. */
  kind: 'lead' | 'trail' | 'inside';
  phrases: readonly string[];
  /** A lead phrase that counts only with a mark after it ("Update: ...", "Big news - ..."): "Update my address" stays. */
  marked?: boolean;
  examples: readonly PatternExample[];
}
