import { int } from 'neo4j-driver';

import type { ScoredId } from 'src/domain/memory-store.port';
import type { MessageSearchScope } from 'src/store/conversation-store.port';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { bestFirst, widenedSearch } from 'src/store/neo4j/neo4j-search';
import { toDateTime } from 'src/store/neo4j/neo4j-values';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';

/** The statements searching one message vector index, one per kind of scope. */
export interface MessageVectorStatements {
  /** A channel's messages. */
  channel: Neo4jQueryName;
  /** The shared messages of a project's other channels. */
  project: Neo4jQueryName;
  /** The shared messages of every channel but an excluded one. */
  shared: Neo4jQueryName;
}

/** The configured model's vectors (message_embedding). */
export const MESSAGE_VECTORS: MessageVectorStatements = {
  channel: 'conversation/search-channel-message-vectors',
  project: 'conversation/search-project-message-vectors',
  shared: 'conversation/search-shared-message-vectors',
};

/** While an embedding migration runs, the previous model's (message_embedding_previous). */
export const PREVIOUS_MESSAGE_VECTORS: MessageVectorStatements = {
  channel: 'migration/search-previous-channel-message-vectors',
  project: 'migration/search-previous-project-message-vectors',
  shared: 'migration/search-previous-shared-message-vectors',
};

export function timeParams(scope: MessageSearchScope): Params {
  return {
    after: scope.after ? toDateTime(scope.after) : null,
    before: scope.before ? toDateTime(scope.before) : null,
  };
}

/**
 * The k nearest messages of a scope (`ConversationStore.searchMessageVectors`'s rules) in the index `statements`
 * search; `read` runs one statement in a read transaction. Scores are cosine similarities.
 */
export async function searchMessageVectorIndex(
  statements: MessageVectorStatements,
  read: (name: Neo4jQueryName, params: Params) => Promise<Row[]>,
  tenantId: string,
  vector: Float32Array,
  k: number,
  scope: MessageSearchScope,
): Promise<ScoredId[]> {
  const search = (name: Neo4jQueryName, params: Params): Promise<ScoredId[]> =>
    widenedSearch(k, (limit) => read(name, { ...params, limit: int(limit) }));
  const cosine = (hits: ScoredId[]): ScoredId[] =>
    bestFirst(
      hits.map((hit) => ({ id: hit.id, score: 2 * hit.score - 1 })),
      k,
    );
  if (scope.channelId !== undefined && scope.projectId !== undefined) {
    // the index filters with AND only: the channel's messages and the project's shared ones are two searches, and
    // the best k of their merge are the best k of the scope
    const base = { tenantId, vector: Array.from(vector), channelId: scope.channelId, ...timeParams(scope) };
    const [own, shared] = await Promise.all([
      search(statements.channel, base),
      search(statements.project, { ...base, projectId: scope.projectId }),
    ]);

    return cosine([...own, ...shared]);
  }
  const inChannel = scope.channelId !== undefined;
  const params = {
    tenantId,
    vector: Array.from(vector),
    ...(inChannel ? { channelId: scope.channelId } : { excludeChannelId: scope.excludeChannelId ?? null }),
    ...timeParams(scope),
  };

  return cosine(await search(inChannel ? statements.channel : statements.shared, params));
}
