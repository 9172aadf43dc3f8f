import { buildSchema, parse } from 'graphql';

import { operationCost } from 'src/graphql/query-cost';

const schema = buildSchema(`
  type Query {
    memories(limit: Int = 50): Page!
    memory(id: ID!): Memory
    recall(input: RecallInput!): [Memory!]!
  }
  input RecallInput { query: String, limit: Int = 10 }
  type Page { total: Int! items: [Memory!]! }
  type Memory { id: ID! associations(limit: Int = 20): [Edge!]! supersededBy: Memory }
  type Edge { weight: Float! memory: Memory! }
`);

function cost(query: string, variables: Record<string, unknown> = {}, operationName?: string): number {
  return operationCost(schema, parse(query), operationName, variables);
}

describe(operationCost.name, () => {
  it('should count one per field without limits', () => {
    expect(cost('{ memory(id: "a") { id supersededBy { id } } }')).toBe(4);
  });

  it('should multiply what is below a field by its limit, default included', () => {
    expect(cost('{ memories(limit: 10) { total items { id } } }')).toBe(1 + 10 * 3);
    expect(cost('{ memories { total } }')).toBe(1 + 50);
    expect(cost('{ memories(limit: 500) { items { associations(limit: 200) { memory { id } } } } }')).toBe(
      1 + 500 * (1 + 1 + 200 * (1 + 1)),
    );
  });

  it('should read limits from variables and from an input argument', () => {
    const query = 'query($n: Int, $input: RecallInput!) { memories(limit: $n) { total } recall(input: $input) { id } }';
    expect(cost(query, { n: 7, input: { query: 'x', limit: 3 } })).toBe(1 + 7 + 1 + 3);
    expect(cost(query, { input: { query: 'x' } })).toBe(1 + 50 + 1 + 10);
  });

  it('should cost a fragment as if inlined, computing it once however often it is spread', () => {
    const inlined = cost('{ memories(limit: 2) { items { id associations { weight } } } }');
    const spread = cost(
      '{ memories(limit: 2) { items { ...M } } } fragment M on Memory { id associations { weight } }',
    );
    expect(spread).toBe(inlined);
    const bomb = Array.from({ length: 60 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(
      '\n',
    );
    // walked again at every spread this would not end within the test timeout
    expect(cost(`{ ...F0 } ${bomb} fragment F60 on Query { __typename }`)).toBe(2 ** 60);
  });

  it('should cost only the operation asked for, and not loop on a fragment cycle', () => {
    const doc = 'query A { memory(id: "a") { id } } query B { memories(limit: 3) { total } }';
    expect(cost(doc, {}, 'A')).toBe(2);
    expect(cost(doc, {}, 'B')).toBe(4);
    expect(cost('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A __typename }')).toBe(1);
  });

  it('should ignore introspection and treat limits that do not coerce as 1', () => {
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(0);
    expect(cost('query($n: Int) { memories(limit: $n) { total } }', { n: 'many' })).toBe(1 + 50);
    expect(cost('{ memories(limit: 0) { total } }')).toBe(2);
  });
});
