/** The Cypher files (under cypher/integrity/) the integrity check runs. */
export const INTEGRITY_QUERIES = [
  'integrity/memory-problems',
  'integrity/message-problems',
  'integrity/dangling-edges',
  'integrity/dangling-references',
  'integrity/duplicate-active',
  'integrity/memory-counts',
  'integrity/node-counts',
  'integrity/unfinished-imports',
] as const;
