// The previous model's message vectors keep answering message searches (queries embedded with that model) while the
// migration runs; filtered like message_embedding.
CYPHER 25
CREATE VECTOR INDEX message_embedding_previous IF NOT EXISTS
FOR (msg:Message) ON msg.embeddingPrevious
WITH [msg.tenantId, msg.channelId, msg.shared]
OPTIONS { indexConfig: { `vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine' } }
