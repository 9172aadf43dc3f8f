import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { NEO4J_QUERIES } from 'src/store/neo4j/neo4j-queries';
import {
  declaredParameters,
  explainable,
  sampleParameters,
  uncoveredParameters,
} from 'test/support/neo4j-sample-params';

const registry = CypherRegistry.load();

describe('representative parameters for the EXPLAIN pass', () => {
  it('should cover every parameter every registry statement declares', () => {
    const uncovered = NEO4J_QUERIES.flatMap((name) =>
      registry
        .statements(name)
        .flatMap((statement) => uncoveredParameters(name, statement).map((param) => `${name}: $${param}`)),
    );

    expect(uncovered).toEqual([]);
    expect(uncoveredParameters('meta/ping', 'CYPHER 25 RETURN $neverSampled')).toEqual(['neverSampled']);
  });

  it('should build exactly the declared names, and leave schema commands out of EXPLAIN', () => {
    const statement = registry.get('memory/set-memory-status');

    expect(Object.keys(sampleParameters('memory/set-memory-status', statement)).sort()).toEqual(
      declaredParameters(statement),
    );
    expect(declaredParameters('CYPHER 25 MATCH (n:$($label)) // $commented\nRETURN $limit')).toEqual([
      'label',
      'limit',
    ]);
    expect(registry.statements('schema').every((statement) => !explainable(statement))).toBe(true);
    expect(explainable(registry.get('memory/search-memory-vectors'))).toBe(true);
  });
});
