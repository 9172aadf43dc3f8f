// The full-text and vector indexes as the database holds them, for the boot's comparison with the schema
// (index-definitions.ts); createStatement carries a vector index's filter columns (WITH [...]).
CYPHER 25
SHOW INDEXES YIELD name, type, labelsOrTypes, properties, options, createStatement
WHERE type IN ['FULLTEXT', 'VECTOR']
RETURN name, type, labelsOrTypes, properties, options.indexConfig AS indexConfig, createStatement
