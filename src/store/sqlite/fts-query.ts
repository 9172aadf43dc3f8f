const MAX_TERMS = 64;

/**
 * Builds an FTS5 MATCH expression from free text: every word becomes a quoted string joined with OR,
 * so user input can never use FTS5 syntax (NEAR, column filters, `*`, `-`). Null when there is no word.
 */
export function ftsMatchExpression(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_TERMS);
  if (unique.length === 0) {
    return null;
  }

  return unique.map((word) => `"${word}"`).join(' OR ');
}
