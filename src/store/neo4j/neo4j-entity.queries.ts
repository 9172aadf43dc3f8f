/** The Cypher files (under cypher/entity/) the entity adapter runs. */
export const ENTITY_QUERIES = [
  'entity/find-entities',
  'entity/link-mentions',
  'entity/get-groups',
  'entity/get-entity',
  'entity/search-entities',
  'entity/mentioning-memories',
  'entity/entity-neighbourhoods',
  'entity/mention-counts',
  'entity/entities-of-memories',
  'entity/related-entities',
  'entity/merge-entities',
  'entity/split-entity',
  'entity/export-entities',
  'entity/import-entities',
  'entity/import-merges',
  'entity/refresh-roots',
] as const;
