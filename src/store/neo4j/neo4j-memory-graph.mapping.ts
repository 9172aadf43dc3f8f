import type { ChangeMarker } from 'src/domain/change-marker';
import { MemoryType, RelationType } from 'src/domain/memory.enums';
import type { ConsolidationRow, DecayFactsRow, GraphEdge, GraphNode } from 'src/store/memory-graph.port';
import { toMemory } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Row } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toEnum,
  toMap,
  toNumber,
  toOptionalDate,
  toOptionalNumber,
  toText,
  toTextList,
} from 'src/store/neo4j/neo4j-values';

/** `cortex/change-markers*.cypher` return one row per tenant. */
export function toMarker(row: Row): ChangeMarker {
  return {
    tenantId: toText(row['tenantId'], 'tenantId'),
    count: toNumber(row['count'], 'count'),
    lastChangeAt: toOptionalNumber(row['lastChangeAt'], 'lastChangeAt') ?? 0,
    createdSum: toOptionalNumber(row['createdSum'], 'createdSum') ?? 0,
  };
}

/** `cortex/read-importance-graph.cypher` returns a node's scores with its outgoing edges. */
export function toImportanceNode(row: Row): { node: GraphNode; edges: GraphEdge[] } {
  const id = toText(row['id'], 'id');
  const out: unknown = row['edges'];

  return {
    node: {
      id,
      baseImportance: toNumber(row['baseImportance'], 'baseImportance'),
      importance: toNumber(row['importance'], 'importance'),
      centrality: toNumber(row['centrality'], 'centrality'),
      accessCount: toNumber(row['accessCount'], 'accessCount'),
    },
    edges: (Array.isArray(out) ? out : []).map((value: unknown) => {
      const edge = toMap(value, 'edge');

      return {
        fromId: id,
        toId: toText(edge['toId'], 'toId'),
        type: toEnum(RelationType, edge['type'], 'type'),
        weight: toNumber(edge['weight'], 'weight'),
      };
    }),
  };
}

/** `cortex/read-decay-facts.cypher` returns only the properties the decay policy reads. */
export function toDecayFacts(row: Row): DecayFactsRow {
  return {
    id: toText(row['id'], 'id'),
    type: toEnum(MemoryType, row['type'], 'type'),
    tags: toTextList(row['tags']),
    confidence: toNumber(row['confidence'], 'confidence'),
    accessCount: toNumber(row['accessCount'], 'accessCount'),
    lastAccessedAt: toOptionalDate(row['lastAccessedAt'], 'lastAccessedAt'),
    lastSeenAt: toDate(row['lastSeenAt'], 'lastSeenAt'),
    decayScore: toOptionalNumber(row['decayScore'], 'decayScore'),
    fading: row['fading'] === true,
    expiredAt: toOptionalDate(row['expiredAt'], 'expiredAt'),
  };
}

/** `cortex/read-consolidation-candidates.cypher` returns the memory (through `toMemory`) and its vector. */
export function toConsolidationRow(row: Row): ConsolidationRow {
  const memory = toMemory(row['memory']);
  const embedding: unknown = row['embedding'];

  return {
    id: memory.id,
    type: memory.type,
    content: memory.content,
    scope: memory.scope,
    channelId: memory.channelId,
    projectId: memory.projectId,
    sourceChannelId: memory.source.channelId,
    sourceRole: memory.source.role,
    slot: memory.slot,
    confidence: memory.confidence,
    importance: memory.importance,
    accessCount: memory.accessCount,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
    vector: Float32Array.from(Array.isArray(embedding) ? embedding.map((x) => toNumber(x, 'embedding')) : []),
  };
}
