import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { splitStatements } from 'src/store/neo4j/cypher-registry';
import { definitionFromShow, indexDifferences, parseIndexStatement } from 'src/store/neo4j/index-definitions';
import type { SearchIndexDefinition } from 'src/store/neo4j/index-definitions';

const SCHEMA = readFileSync(join(projectRoot(__dirname), 'cypher/schema.cypher'), 'utf8');

function declared(): SearchIndexDefinition[] {
  return splitStatements(SCHEMA)
    .map((statement) => parseIndexStatement(statement, 64))
    .filter((d): d is SearchIndexDefinition => d !== null);
}

describe('search index definitions', () => {
  it('should read the four search indexes of the schema with their fields, filter columns, analyzer and dimensions', () => {
    expect(declared()).toEqual([
      {
        name: 'memory_content',
        kind: 'FULLTEXT',
        label: 'Memory',
        properties: ['contentWords', 'weightedWords', 'tenantKey'],
        filters: [],
        analyzer: 'english',
        dimensions: null,
        similarity: null,
      },
      {
        name: 'memory_embedding',
        kind: 'VECTOR',
        label: 'Memory',
        properties: ['embedding'],
        filters: ['tenantId', 'status'],
        analyzer: null,
        dimensions: 64,
        similarity: 'cosine',
      },
      expect.objectContaining({
        name: 'message_text',
        properties: ['weightedWords', 'tenantKey'],
        analyzer: 'english',
      }),
      expect.objectContaining({
        name: 'message_embedding',
        properties: ['embedding'],
        filters: ['tenantId', 'channelId', 'shared'],
      }),
    ]);
  });

  it("should read SHOW INDEXES' createStatement form (backticks, another variable, options spelled out)", () => {
    const shown = parseIndexStatement(
      "CREATE VECTOR INDEX `memory_embedding` FOR (n:`Memory`) ON (n.`embedding`) WITH [n.`tenantId`] OPTIONS {indexConfig: {`vector.dimensions`: 64, `vector.similarity_function`: 'COSINE', `vector.quantization.enabled`: true}, indexProvider: 'vector-3.0'}",
    );

    expect(shown).toMatchObject({
      name: 'memory_embedding',
      label: 'Memory',
      properties: ['embedding'],
      filters: ['tenantId'],
      dimensions: 64,
      similarity: 'cosine',
    });
    expect(
      parseIndexStatement('CREATE INDEX memory_tenant_slot IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.slot)'),
    ).toBeNull();
  });

  it('should find nothing to change when the database holds what the schema declares', () => {
    const [memoryText, memoryVector] = declared();
    const fromShow = definitionFromShow({
      name: 'memory_embedding',
      type: 'VECTOR',
      labelsOrTypes: ['Memory'],
      properties: ['embedding', 'tenantId', 'status'],
      indexConfig: { 'vector.dimensions': 64, 'vector.similarity_function': 'COSINE' },
      createStatement:
        'CREATE VECTOR INDEX `memory_embedding` FOR (n:`Memory`) ON (n.`embedding`) WITH [n.`tenantId`, n.`status`] OPTIONS {}',
    });

    expect(indexDifferences(memoryVector!, fromShow)).toEqual([]);
    // the filter columns only among the properties, createStatement without WITH: the same index
    expect(
      indexDifferences(
        memoryVector!,
        definitionFromShow({
          name: 'memory_embedding',
          type: 'VECTOR',
          labelsOrTypes: ['Memory'],
          properties: ['embedding', 'tenantId', 'status'],
          indexConfig: { 'vector.dimensions': 64, 'vector.similarity_function': 'COSINE' },
          createStatement: null,
        }),
      ),
    ).toEqual([]);
    expect(indexDifferences(memoryText!, { ...memoryText! })).toEqual([]);
  });

  it('should name every difference: a missing index, old fields, missing filter columns, another analyzer or dimension', () => {
    const [memoryText, memoryVector] = declared();
    const oldText = definitionFromShow({
      name: 'memory_content',
      type: 'FULLTEXT',
      labelsOrTypes: ['Memory'],
      properties: ['content', 'context', 'tenantKey'],
      indexConfig: { 'fulltext.analyzer': 'standard-no-stop-words' },
      createStatement: null,
    });
    const oldVector = definitionFromShow({
      name: 'memory_embedding',
      type: 'VECTOR',
      labelsOrTypes: ['Memory'],
      properties: ['embedding'],
      indexConfig: { 'vector.dimensions': 48, 'vector.similarity_function': 'COSINE' },
      createStatement: 'CREATE VECTOR INDEX `memory_embedding` FOR (n:`Memory`) ON (n.`embedding`) OPTIONS {}',
    });

    expect(indexDifferences(memoryText!, undefined)).toEqual(['missing']);
    expect(indexDifferences(memoryText!, oldText)).toEqual([
      'properties ["content","context","tenantKey"] → ["contentWords","weightedWords","tenantKey"]',
      'analyzer "standard-no-stop-words" → "english"',
    ]);
    expect(indexDifferences(memoryVector!, oldVector)).toEqual([
      'filter columns [] → ["tenantId","status"]',
      'dimensions 48 → 64',
    ]);
  });
});
