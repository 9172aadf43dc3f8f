// Population progress of the indexes being rebuilt.
CYPHER 25
SHOW INDEXES YIELD name, state, populationPercent
WHERE name IN $names
RETURN name, state, populationPercent
