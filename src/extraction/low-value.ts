import type { LanguageTable } from 'src/language/pattern-table';
import { looksLikeNoise } from 'src/memory/guards/firewall';

/**
 * Messages that carry nothing to learn ("ok", "thanks", "got it", "tak", emoji, laughter): LLM extraction skips
 * them, which is most of the LLM calls a chatty user would otherwise cost.
 */
export function isLowValue(text: string, tables: readonly LanguageTable[]): boolean {
  const simplified = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/gu, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (simplified.length === 0) {
    return true;
  }

  return tables.some((table) => table.acknowledgements.includes(simplified)) || looksLikeNoise(simplified);
}
