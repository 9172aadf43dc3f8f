/**
 * Words as FTS5's unicode61 tokenizer sees them: runs of letters and digits, lower-cased. The one word splitter of
 * full-text search (the FTS5 and Lucene query builders, recall's stop-word filter) and of the hashing embedder.
 */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
