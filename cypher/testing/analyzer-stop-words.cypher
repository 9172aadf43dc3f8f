// Tests only: the stop words of a full-text analyzer, to compare with the list the query builders leave out
// (lucene-query.ts ANALYZER_STOP_WORDS).
CYPHER 25
CALL db.index.fulltext.listAvailableAnalyzers() YIELD analyzer, stopwords
WHERE analyzer = $analyzer
RETURN stopwords
