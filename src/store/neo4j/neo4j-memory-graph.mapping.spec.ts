import { int } from 'neo4j-driver';

import { MemoryType, RelationType } from 'src/domain/memory.enums';
import { toDecayFacts, toImportanceNode } from 'src/store/neo4j/neo4j-memory-graph.mapping';
import { toDateTime } from 'src/store/neo4j/neo4j-values';

const AT = new Date('2026-01-02T03:04:05.000Z');

describe('Neo4j memory-graph rows', () => {
  it('should read a node of the importance graph with its outgoing edges, and no edges from a missing list', () => {
    const row = { id: 'm1', baseImportance: 0.5, importance: 0.6, centrality: 0.1, accessCount: int(3) };

    expect(toImportanceNode({ ...row, edges: [{ toId: 'm2', type: RelationType.RELATED_TO, weight: 0.8 }] })).toEqual({
      node: { id: 'm1', baseImportance: 0.5, importance: 0.6, centrality: 0.1, accessCount: 3 },
      edges: [{ fromId: 'm1', toId: 'm2', type: RelationType.RELATED_TO, weight: 0.8 }],
    });
    expect(toImportanceNode({ ...row, edges: null }).edges).toEqual([]);
    expect(() => toImportanceNode({ ...row, edges: [{ toId: 'm2', type: 'LIKES', weight: 1 }] })).toThrow(
      /type "LIKES"/,
    );
  });

  it('should read decay facts, with the optional times and score as null when absent', () => {
    expect(
      toDecayFacts({
        id: 'm1',
        type: MemoryType.FACT,
        tags: ['a', 7],
        confidence: 0.9,
        accessCount: int(2),
        lastAccessedAt: null,
        lastSeenAt: toDateTime(AT),
        decayScore: null,
        fading: true,
        expiredAt: null,
      }),
    ).toEqual({
      id: 'm1',
      type: MemoryType.FACT,
      tags: ['a'],
      confidence: 0.9,
      accessCount: 2,
      lastAccessedAt: null,
      lastSeenAt: AT,
      decayScore: null,
      fading: true,
      expiredAt: null,
    });
  });
});
