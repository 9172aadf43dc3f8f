// Generated from schema.graphql by scripts/generate.mjs: do not edit (npm run generate -w @engram/client).

export interface AgentContext {
  bulletin: string | null;
  /** memories tagged "constraint": rules always included when they fit */
  constraints: Memory[];
  /** relevant messages from other conversations, when room was left */
  earlierMessages: MessageHit[];
  memories: RecallHit[];
  /** the most recent messages that fit the budget, oldest first */
  messages: Message[];
  /** compacted earlier history of the channel */
  summary: string | null;
  /** everything above assembled for a system prompt, within tokenBudget */
  text: string;
  /** tokens of `text` */
  tokenCount: number;
}

/** a runtime API key; the key itself is shown once, when it is made */
export interface ApiKeyInfo {
  /** neither revoked nor expired */
  active: boolean;
  createdAt: string;
  expiresAt: string | null;
  /** the public part of the key (egk_<id>_...) */
  id: string;
  name: string | null;
  /** queries only: every write is FORBIDDEN */
  readOnly: boolean;
  revokedAt: string | null;
  tenantId: string;
}

export interface AppendMessageResult {
  compactionQueued: boolean;
  /** same-turn deterministic extraction */
  extracted: RememberResult[];
  /** memories a "forget ..." in this message retired (status FORGOTTEN) */
  forgotten: Memory[];
  message: Message;
}

export interface Association {
  createdAt: string;
  /** OUT: this memory -> memory; IN: memory -> this memory */
  direction: Direction;
  memory: Memory;
  type: RelationType;
  weight: number;
}

/** a briefing about the user, rebuilt when their memories change */
export interface Bulletin {
  /** headings with one line per memory; each line ends with the first characters of its id */
  content: string;
  generatedAt: string;
  id: string;
  /** the memories it was built from, in line order */
  memoryIds: string[];
}

export interface Channel {
  id: string;
  lastMessageAt: string | null;
  messageCount: number;
  private: boolean;
  projectId: string | null;
  summary: string | null;
  tokenBudget: number;
}

/** what deleting a channel removed */
export interface ChannelDeletion {
  channels: number;
  /** memories extracted only from this channel (with deleteMemories: true) */
  memories: number;
  messages: number;
  summaries: number;
}

export interface ChannelInput {
  channelId: string;
  /** memories learned here stay THREAD-scoped (never leak out); the channel still reads shared memory */
  private?: boolean | null;
  /** omitted: unchanged; null: none */
  projectId?: string | null;
  /** history budget of the channel; compaction starts at 80% of it. Omitted: unchanged; null: the default */
  tokenBudget?: number | null;
}

/** a page of channels in id order */
export interface ChannelPage {
  items: Channel[];
  /** pass as `cursor` for the next page */
  nextCursor: string | null;
}

export interface ContextInput {
  channelId: string;
  projectId?: string | null;
  /** omitted: the channel's last user message */
  query?: string | null;
  tokenBudget?: number | null;
}

export interface CreateApiKeyInput {
  /** refused from this time on; omit for no expiry */
  expiresAt?: string | Date | null;
  /** a label for people (e.g. "mobile app") */
  name?: string | null;
  /** queries only (default false) */
  readOnly?: boolean | null;
  tenantId: string;
}

export type Direction = 'IN' | 'OUT';

/** A person, place, organisation... that memories mention; a merged group answers as one */
export interface Entity {
  /** other names it was written as, and the names of entities merged into it */
  aliases: string[];
  createdAt: string;
  id: string;
  kind: EntityKind;
  /** how many memories mention it (any entity merged into it included) */
  memoryCount: number;
  /** entities merged into this one (splitEntity undoes a merge) */
  mergedIds: string[];
  name: string;
  updatedAt: string;
}

export type EntityKind = 'ORGANIZATION' | 'PERSON' | 'PET' | 'PLACE' | 'PROJECT' | 'THING';

export interface ImportLinkInput {
  /** ref of another item of the same import */
  toRef: string;
  type: RelationType;
  weight?: number | null;
}

/** A memory to import: its createdAt is kept; the guards of remember apply, slots only when given */
export interface ImportMemoryInput {
  /** required when scope is THREAD */
  channelId?: string | null;
  confidence?: number | null;
  content: string;
  /** text around the source, e.g. the message before it: helps search find the memory, never recalled as content */
  context?: string | null;
  /** when it was stored; imports set it; omitted: now */
  createdAt?: string | Date | null;
  /** the user asked to remember this */
  explicit?: boolean | null;
  importance?: number | null;
  links?: ImportLinkInput[] | null;
  /** when it happened or was said (imports, extraction from old messages); omitted: createdAt */
  occurredAt?: string | Date | null;
  /** required when scope is PROJECT */
  projectId?: string | null;
  /** the caller key of this item, for links within the import */
  ref?: string | null;
  scope?: MemoryScope | null;
  slot?: string | null;
  /** omitted: role USER */
  source?: SourceInput | null;
  tags?: string[] | null;
  /** omitted: the service classifies it */
  type?: MemoryType | null;
}

export interface ImportResult {
  created: number;
  /** items whose content the tenant already had */
  duplicates: number;
  /** the memory id of each item, in input order */
  ids: string[];
  links: number;
  quarantined: number;
}

/** a new key: `key` is shown this once and never stored */
export interface IssuedApiKey {
  apiKey: ApiKeyInfo;
  /** send it as Authorization: Bearer <key>; shown this once */
  key: string;
}

export interface LinkInput {
  fromId: string;
  toId: string;
  type: RelationType;
  weight?: number | null;
}

export interface Memory {
  accessCount: number;
  channelId: string | null;
  /** 0..1 */
  confidence: number;
  content: string;
  /** text around the source that search also looks at */
  context: string | null;
  createdAt: string;
  /** the people, places and things it mentions; linked just after the write answers, so a read right after it may not list them yet */
  entities: Entity[];
  /** outlived its type lifetime */
  expiredAt: string | null;
  /** decay fell below the fading threshold: recall ranks it lower */
  fading: boolean;
  id: string;
  /** 0..1, blended (explicit, graph centrality, access) */
  importance: number;
  lastAccessedAt: string | null;
  /** when it happened or was said; defaults to createdAt */
  occurredAt: string;
  projectId: string | null;
  scope: MemoryScope;
  /** name, age, location, ...: at most one ACTIVE memory per slot */
  slot: string | null;
  source: MemorySource;
  status: MemoryStatus;
  /** the memory that replaced this one (supersededBy reads it whole) */
  supersededById: string | null;
  tags: string[];
  type: MemoryType;
  updatedAt: string;
  /** from when it was believed true: its occurredAt */
  validFrom: string;
  /** until when it was believed true: when a correction or retraction ended it; null while it holds */
  validUntil: string | null;
}

export interface MemoryFilter {
  channelId?: string | null;
  projectId?: string | null;
  scope?: MemoryScope | null;
  /** omitted: ACTIVE only */
  statuses?: MemoryStatus[] | null;
  tags?: string[] | null;
  types?: MemoryType[] | null;
}

export interface MemoryPage {
  items: Memory[];
  nextCursor: string | null;
  total: number;
}

export type MemoryScope = 'GLOBAL' | 'PROJECT' | 'THREAD';

export interface MemorySource {
  channelId: string | null;
  messageId: string | null;
  role: SourceRole;
  skillId: string | null;
  taskId: string | null;
}

export type MemoryStatus = 'ACTIVE' | 'FORGOTTEN' | 'QUARANTINED' | 'SUPERSEDED';

export type MemoryType = 'DECISION' | 'EVENT' | 'FACT' | 'GOAL' | 'IDENTITY' | 'OBSERVATION' | 'PREFERENCE' | 'TODO';

export interface Message {
  channelId: string;
  content: string;
  createdAt: string;
  id: string;
  role: MessageRole;
  speaker: string | null;
  tokenCount: number;
  trust: Trust;
}

export interface MessageHit {
  explanation: MessageScoreBreakdown;
  message: Message;
  score: number;
}

export interface MessageInput {
  channelId: string;
  content: string;
  /** omitted: now (imports of old conversations set it) */
  createdAt?: string | Date | null;
  projectId?: string | null;
  role: MessageRole;
  /** display name of the author (group chats, imported conversations); searched and shown in context */
  speaker?: string | null;
  /** only GUARDIAN messages may create or change memories */
  trust?: Trust | null;
}

/** the memories one message produced */
export interface MessageMemories {
  memories: Memory[];
  messageId: string;
}

/** a page of a channel’s messages, oldest first; the first page holds the newest messages */
export interface MessagePage {
  items: Message[];
  /** for each message of the page that produced memories: which */
  learned: MessageMemories[];
  /** pass as `cursor` for the page of older messages */
  nextCursor: string | null;
}

export type MessageRole = 'ASSISTANT' | 'SYSTEM' | 'TOOL' | 'USER';

/** relevance = ½·rrf / the best possible rrf + ½·score-calibrated fusion, as in recall */
export interface MessageScoreBreakdown {
  /** score inherited from a neighbouring message, null when none */
  neighbour: number | null;
  relevance: number;
  rrf: number;
  /** full-text (BM25) score, null when not a text hit */
  text: number | null;
  /** cosine similarity, null when not a vector hit */
  vector: number | null;
}

export interface RecallHit {
  explanation: ScoreBreakdown;
  memory: Memory;
  score: number;
  /** HIGH ≥ 0.5, MEDIUM ≥ 0.25, LOW below */
  tier: RecallTier;
}

export interface RecallInput {
  /** answer with what was believed true at that moment (validFrom ≤ asOf < validUntil), whatever the status today */
  asOf?: string | Date | null;
  /** the conversation asking: its THREAD memories become visible */
  channelId?: string | null;
  /** interactive recall leaves memories written by tasks out (ignored when sourceTaskId is given) */
  excludeTaskMemories?: boolean | null;
  includeSuperseded?: boolean | null;
  limit?: number | null;
  mode?: SearchMode | null;
  /** its PROJECT memories become visible */
  projectId?: string | null;
  /** required for HYBRID */
  query?: string | null;
  /** the moment time expressions in the query ("last week", "yesterday") count from; omitted: now */
  referenceTime?: string | Date | null;
  /** TYPED mode: RECENT (default), IMPORTANCE or MOST_ACCESSED */
  sort?: RecallSort | null;
  /** a scheduled task asking: its own TASK memories become visible, never another task's */
  sourceTaskId?: string | null;
  /** required for TYPED; a filter in the other modes */
  types?: MemoryType[] | null;
}

export interface RecallResult {
  hits: RecallHit[];
  tookMs: number;
  /** false when the query could not be embedded and search ran on text and graph only */
  usedVectors: boolean;
}

export type RecallSort = 'IMPORTANCE' | 'MOST_ACCESSED' | 'RECENT';

export type RecallTier = 'HIGH' | 'LOW' | 'MEDIUM';

export interface RelatedEntity {
  entity: Entity;
  /** memories mentioning both */
  shared: number;
}

export type RelationType = 'CAUSED_BY' | 'CONTRADICTS' | 'PART_OF' | 'RELATED_TO' | 'RESULT_OF' | 'UPDATES';

export interface RememberInput {
  /** required when scope is THREAD */
  channelId?: string | null;
  confidence?: number | null;
  content: string;
  /** text around the source, e.g. the message before it: helps search find the memory, never recalled as content */
  context?: string | null;
  /** when it was stored; imports set it; omitted: now */
  createdAt?: string | Date | null;
  /** the user asked to remember this */
  explicit?: boolean | null;
  importance?: number | null;
  /** when it happened or was said (imports, extraction from old messages); omitted: createdAt */
  occurredAt?: string | Date | null;
  /** required when scope is PROJECT */
  projectId?: string | null;
  scope?: MemoryScope | null;
  slot?: string | null;
  /** omitted: role USER */
  source?: SourceInput | null;
  tags?: string[] | null;
  /** omitted: the service classifies it */
  type?: MemoryType | null;
}

export interface RememberResult {
  /** edges this write created automatically */
  associations: Association[];
  /** null only when REJECTED */
  memory: Memory | null;
  outcome: WriteOutcome;
  /** why it was rejected, quarantined or reinforced */
  reason: string | null;
  /** memories this write retired */
  superseded: Memory[];
}

/** score = relevance × (0.6 + 0.4·importance) × (0.7 + 0.3·confidence) × (0.6 + 0.4·recency) × scope; relevance = calibrated fusion (text/max + w·vector min-max) + what neighbours lend + a share of the session best, × person, date-window and "when" boosts, scaled to 0..1 (src/recall/hybrid-ranking.ts; weights per embedding model) */
export interface ScoreBreakdown {
  confidence: number;
  /** score lent by neighbours (edges, adjacent turns), null when none lent */
  graph: number | null;
  importance: number;
  /** Ebbinghaus retention exp(-t/S), 0..1 */
  recency: number;
  /** fused relevance 0..1 (see the type description); 1 in metadata modes */
  relevance: number;
  /** weighted reciprocal rank fusion (k = 60) of the text and vector lists (explanation only) */
  rrf: number;
  /** scope boost: THREAD 1.2, PROJECT 1.1, GLOBAL 1 */
  scope: number;
  /** full-text (BM25) score, null when not a text hit */
  text: number | null;
  /** cosine similarity, null when the memory was not a vector hit */
  vector: number | null;
}

export interface SearchMessagesInput {
  /** only messages created after this time */
  after?: string | Date | null;
  /** only messages created before this time */
  before?: string | Date | null;
  /** omitted: every non-private channel of the tenant */
  channelId?: string | null;
  limit?: number | null;
  query: string;
}

export type SearchMode = 'HYBRID' | 'IMPORTANT' | 'RECENT' | 'TYPED';

/** what purging a skill removed */
export interface SkillPurge {
  /** bulletins that cited them (the cortex writes a new one) */
  bulletins: number;
  memories: number;
}

export interface SourceInput {
  channelId?: string | null;
  messageId?: string | null;
  role?: SourceRole;
  /** the skill that was active; purging a skill purges what it wrote */
  skillId?: string | null;
  taskId?: string | null;
}

export type SourceRole = 'ASSISTANT' | 'SYSTEM' | 'TASK' | 'TOOL' | 'USER';

/** what deleting a tenant removed (its data is purged for good) */
export interface TenantDeletion {
  bulletins: number;
  channels: number;
  keys: number;
  memories: number;
  messages: number;
  tenantId: string;
}

/** a tenant: created at runtime (STORE) or named by ENGRAM_API_KEYS (ENV) */
export interface TenantInfo {
  /** runtime keys not revoked and not expired */
  activeKeys: number;
  createdAt: string | null;
  id: string;
  source: TenantSource;
}

export type TenantSource = 'ENV' | 'STORE';

export type Trust = 'GUARDIAN' | 'TRUSTED_CONTACT' | 'UNKNOWN';

export type WriteOutcome = 'CREATED' | 'QUARANTINED' | 'REINFORCED' | 'REJECTED';

/** For each object type, the selection set that reads the fields of its interface above. */
export const SELECTIONS = {
  AgentContext: '{ bulletin constraints { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } earlierMessages { explanation { neighbour relevance rrf text vector } message { channelId content createdAt id role speaker tokenCount trust } score } memories { explanation { confidence graph importance recency relevance rrf scope text vector } memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } score tier } messages { channelId content createdAt id role speaker tokenCount trust } summary text tokenCount }',
  ApiKeyInfo: '{ active createdAt expiresAt id name readOnly revokedAt tenantId }',
  AppendMessageResult: '{ compactionQueued extracted { associations { createdAt direction memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } type weight } memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } outcome reason superseded { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } } forgotten { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } message { channelId content createdAt id role speaker tokenCount trust } }',
  Association: '{ createdAt direction memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } type weight }',
  Bulletin: '{ content generatedAt id memoryIds }',
  Channel: '{ id lastMessageAt messageCount private projectId summary tokenBudget }',
  ChannelDeletion: '{ channels memories messages summaries }',
  ChannelPage: '{ items { id lastMessageAt messageCount private projectId summary tokenBudget } nextCursor }',
  Entity: '{ aliases createdAt id kind memoryCount mergedIds name updatedAt }',
  ImportResult: '{ created duplicates ids links quarantined }',
  IssuedApiKey: '{ apiKey { active createdAt expiresAt id name readOnly revokedAt tenantId } key }',
  Memory: '{ accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil }',
  MemoryPage: '{ items { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } nextCursor total }',
  MemorySource: '{ channelId messageId role skillId taskId }',
  Message: '{ channelId content createdAt id role speaker tokenCount trust }',
  MessageHit: '{ explanation { neighbour relevance rrf text vector } message { channelId content createdAt id role speaker tokenCount trust } score }',
  MessageMemories: '{ memories { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } messageId }',
  MessagePage: '{ items { channelId content createdAt id role speaker tokenCount trust } learned { memories { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } messageId } nextCursor }',
  MessageScoreBreakdown: '{ neighbour relevance rrf text vector }',
  RecallHit: '{ explanation { confidence graph importance recency relevance rrf scope text vector } memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } score tier }',
  RecallResult: '{ hits { explanation { confidence graph importance recency relevance rrf scope text vector } memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } score tier } tookMs usedVectors }',
  RelatedEntity: '{ entity { aliases createdAt id kind memoryCount mergedIds name updatedAt } shared }',
  RememberResult: '{ associations { createdAt direction memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } type weight } memory { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } outcome reason superseded { accessCount channelId confidence content context createdAt entities { aliases createdAt id kind memoryCount mergedIds name updatedAt } expiredAt fading id importance lastAccessedAt occurredAt projectId scope slot source { channelId messageId role skillId taskId } status supersededById tags type updatedAt validFrom validUntil } }',
  ScoreBreakdown: '{ confidence graph importance recency relevance rrf scope text vector }',
  SkillPurge: '{ bulletins memories }',
  TenantDeletion: '{ bulletins channels keys memories messages tenantId }',
  TenantInfo: '{ activeKeys createdAt id source }',
} as const;
