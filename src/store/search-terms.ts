import { createHash } from 'node:crypto';

import { textWords } from 'src/common/text-words';

const MAX_TERMS = 64;

/**
 * The words of free text for a full-text engine: lower-cased letter/digit runs, unique, at most 64. Both adapters build
 * their query syntax from these words only, so input can never use FTS5 or Lucene operators.
 */
export function queryWords(text: string): string[] {
  return [...new Set(textWords(text))].slice(0, MAX_TERMS);
}

/**
 * One opaque single-word token per tenant, stored beside indexed text so a full-text match can be restricted to one
 * tenant inside the index. It ends in a digit so stemmers (FTS5 porter, the Porter stemmer of Neo4j's english
 * analyzer) leave it alone.
 */
export function tenantSearchToken(tenantId: string): string {
  return `t${createHash('sha256').update(tenantId).digest('hex').slice(0, 24)}0`;
}
