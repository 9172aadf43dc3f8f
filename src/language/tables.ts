import { DANISH } from 'src/language/da/extraction';
import { ENGLISH } from 'src/language/en/extraction';
import type { LanguageTable, PatternKind, PatternMatch } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slot-values';

/** Every language the service reads; add a table here to teach it another. */
export const LANGUAGE_TABLES: readonly LanguageTable[] = [ENGLISH, DANISH];

export interface TableMatch {
  table: LanguageTable;
  patternId: string;
  kind: PatternKind;
  match: PatternMatch;
}

/** The first pattern of one of `kinds` that reads `text`, trying each language's table in turn. */
export function firstMatch(
  text: string,
  kinds: readonly PatternKind[],
  tables: readonly LanguageTable[] = LANGUAGE_TABLES,
): TableMatch | null {
  for (const table of tables) {
    for (const pattern of table.patterns) {
      if (!kinds.includes(pattern.kind)) {
        continue;
      }
      const match = pattern.match(text);
      if (match) {
        return { table, patternId: pattern.id, kind: pattern.kind, match };
      }
    }
  }

  return null;
}

/** The slots a forget request names: "my email", "where I live", a bare "nickname" as "my nickname". */
export function mentionedSlots(query: string, tables: readonly LanguageTable[] = LANGUAGE_TABLES): SlotName[] {
  // "the birthday thing" speaks of "my birthday"
  const lower = query
    .toLowerCase()
    .replace(/^the (.+) (?:thing|stuff|bit|part)$/u, 'my $1')
    // what another extractor writes: "the user's employer" is "my employer"
    .replace(/\b(?:the )?user's\b/gu, 'my')
    // "forget the location", "the email address": a slot named with an article, and nothing after it
    .replace(/^(?:the|that) (?=\S+(?: address| number)?$)/u, 'my ');
  const said = lower.split(' ').length <= 3 && !/^(?:my|min|mit)\b/u.test(lower) ? [lower, `my ${lower}`] : [lower];
  const slots = tables.flatMap((table) =>
    (Object.entries(table.slotMentions) as [SlotName, RegExp][])
      .filter(([, pattern]) => said.some((text) => pattern.test(text)))
      .map(([slot]) => slot),
  );

  return [...new Set(slots)];
}
