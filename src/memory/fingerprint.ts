import { createHash } from 'node:crypto';

import { trimChars, trimEndChars } from 'src/common/trim-chars';

const QUOTE = /^["'`“”‘’«»]$/u;
const PUNCTUATION = /^[\s.,;:!?…。！？]$/u;

/** The text two memories must share to count as exact duplicates. */
export function normalizeForFingerprint(content: string): string {
  let text = content.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  // Quotes and punctuation can nest either way round ("I like tea." / "I like tea".), so strip until stable.
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = trimEndChars(trimChars(text, QUOTE), PUNCTUATION).trim();
  }

  return text;
}

export function fingerprint(content: string): string {
  return createHash('sha256').update(normalizeForFingerprint(content), 'utf8').digest('hex');
}
