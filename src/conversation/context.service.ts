import { performance } from 'node:perf_hooks';
import { Inject, Injectable } from '@nestjs/common';

import { optionalKey } from 'src/common/validation';
import { assembleContext } from 'src/conversation/context-budget';
import type { ContextMaterial } from 'src/conversation/context-budget';
import { CONTEXT_POLICY } from 'src/conversation/context-split';
import type { ContextPolicy } from 'src/conversation/context-split';
import { assertChannelId, assertQuery, assertTokenBudget } from 'src/conversation/conversation-input';
import { MessageSearchService, messageVisible } from 'src/conversation/message-search.service';
import type { MessageHitData } from 'src/conversation/message-search.service';
import { BULLETIN_READER } from 'src/cortex/bulletin/bulletin-reader';
import type { BulletinReader } from 'src/cortex/bulletin/bulletin-reader';
import { MessageRole } from 'src/domain/conversation.enums';
import type { ChannelRecord, MessageRecord } from 'src/domain/conversation.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { CONSTRAINT_TAG, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { scopeVisible } from 'src/domain/visibility';
import type { QueryVector } from 'src/embedding/migration/query-vectors';
import { stripInjected } from 'src/extraction/injected-text';
import { setsRules } from 'src/memory/rule-authority';
import { Tier } from 'src/recall/ranking';
import { RecallService } from 'src/recall/recall.service';
import type { RecallHitData } from 'src/recall/recall.types';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore, MessageSearchScope } from 'src/store/conversation-store.port';

export interface ContextRequest {
  channelId: string;
  query?: string | null;
  tokenBudget?: number | null;
  projectId?: string | null;
}

export interface ParsedContext {
  channelId: string;
  query: string | null;
  tokenBudget: number;
  projectId: string | null;
}

export interface AgentContextData {
  bulletin: string | null;
  constraints: MemoryRecord[];
  memories: RecallHitData[];
  earlierMessages: MessageHitData[];
  summary: string | null;
  messages: MessageRecord[];
  tokenCount: number;
  text: string;
  tookMs: number;
}

export const DEFAULT_CONTEXT_BUDGET = 8000;
/** Memories recalled for a context (LOW tier is dropped afterwards). */
const RECALLED = 20;
const MAX_CONSTRAINTS = 50;
/** Messages from other conversations considered. */
const EARLIER = 5;
/**
 * Turns of this channel (and of its project's other channels) considered, best first: enough that the share of
 * earlier turns can fill even when the best hits are already in the recent window.
 */
const TURNS = 40;
/** A message line costs at least ~12 tokens of framing ("[2024-05-03 10:00] user: "): no budget fits more. */
const MIN_TOKENS_PER_MESSAGE = 12;
const MAX_RECENT = 2000;

/**
 * `context`: what an agent needs for its next turn, within its token budget. Gathers constraints, the bulletin,
 * recalled memories, relevant messages from other conversations, the relevant earlier turns of this channel (message
 * search over the channel, compacted turns included; for a channel of a project, the shared turns of the project's
 * other channels too), the channel's summary and its live messages, and leaves the budget decisions to
 * `assembleContext` (a pure policy with property tests).
 */
@Injectable()
export class ContextService {
  constructor(
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
    @Inject(MEMORY_STORE) private readonly memories: MemoryStore,
    @Inject(BULLETIN_READER) private readonly bulletins: BulletinReader,
    private readonly recall: RecallService,
    private readonly messageSearch: MessageSearchService,
  ) {}

  parse(request: ContextRequest): ParsedContext {
    const query = request.query === null || request.query === undefined ? null : assertQuery(request.query);

    return {
      channelId: assertChannelId(request.channelId),
      query,
      tokenBudget: assertTokenBudget(request.tokenBudget ?? DEFAULT_CONTEXT_BUDGET),
      projectId: optionalKey(request.projectId, 'projectId'),
    };
  }

  async context(tenantId: string, request: ContextRequest): Promise<AgentContextData> {
    const parsed = this.parse(request);
    const started = performance.now();
    // a query given is embedded on the model's thread while the channel and its messages are read
    const given = parsed.query !== null ? this.recall.queryVector(parsed.query) : null;
    given?.catch(() => undefined);
    const { channel, recent, query } = await this.load(tenantId, parsed);
    const vector = query ? (given ?? this.recall.queryVector(query)) : Promise.resolve(null);

    return this.build(tenantId, parsed, channel, recent, query, vector, started);
  }

  /** The context with the query vector given (benchmarks time the assembly without the embedding call). */
  async contextWithVector(
    tenantId: string,
    request: ContextRequest,
    vector: Float32Array | null,
  ): Promise<AgentContextData> {
    const parsed = this.parse(request);
    const started = performance.now();
    const { channel, recent, query } = await this.load(tenantId, parsed);

    return this.build(tenantId, parsed, channel, recent, query, Promise.resolve(vector), started);
  }

  /** The channel, its live messages that could fit, and the query: the one given, else the last user message. */
  private async load(
    tenantId: string,
    parsed: ParsedContext,
  ): Promise<{ channel: ChannelRecord | null; recent: MessageRecord[]; query: string | null }> {
    // both reads at once (a channel that does not exist has no messages to read)
    const [channel, messages] = await Promise.all([
      this.conversations.getChannel(tenantId, parsed.channelId),
      this.conversations.listMessages(tenantId, parsed.channelId, {
        limit: Math.min(MAX_RECENT, Math.ceil(parsed.tokenBudget / MIN_TOKENS_PER_MESSAGE) + 1),
        end: 'newest',
        live: true,
      }),
    ]);
    const recent = channel ? messages : [];
    const lastUser = [...recent].reverse().find((m) => m.role === MessageRole.USER);
    const fallback = lastUser ? stripInjected(lastUser.content).slice(0, 4000).trim() : '';

    return { channel, recent, query: parsed.query ?? (fallback.length > 0 ? fallback : null) };
  }

  /** What `context` would choose from, before the budget decides (the benchmark tunes the policy on it). */
  async materialWithVector(
    tenantId: string,
    request: ContextRequest,
    vector: Float32Array | null,
    policy: ContextPolicy,
  ): Promise<ContextMaterial> {
    const parsed = this.parse(request);
    const { channel, recent, query } = await this.load(tenantId, parsed);

    return (await this.gather(tenantId, parsed, channel, recent, query, Promise.resolve(vector), policy)).material;
  }

  private async build(
    tenantId: string,
    parsed: ParsedContext,
    channel: ChannelRecord | null,
    recent: MessageRecord[],
    query: string | null,
    vector: Promise<Float32Array | QueryVector | null>,
    started: number,
  ): Promise<AgentContextData> {
    const { material, constraints, hits, earlier } = await this.gather(
      tenantId,
      parsed,
      channel,
      recent,
      query,
      vector,
    );
    const assembled = assembleContext(material, parsed.tokenBudget);
    const pick = <T>(items: T[], keys: string[], id: (item: T) => string): T[] => {
      const byId = new Map(items.map((item) => [id(item), item]));

      return keys.flatMap((key) => byId.get(key) ?? []);
    };
    const ids = (items: { id: string }[]): string[] => items.map((item) => item.id);

    return {
      bulletin: assembled.bulletin,
      constraints: pick(constraints, assembled.constraintIds, (c) => c.id),
      memories: pick(hits, assembled.memoryIds, (hit) => hit.memory.id),
      earlierMessages: pick(earlier, assembled.earlierIds, (hit) => hit.message.id),
      summary: assembled.summary,
      messages: pick(recent, ids(assembled.messages), (m) => m.id).map((m, i) => ({
        ...m,
        content: assembled.messages[i]?.content ?? m.content,
      })),
      tokenCount: assembled.tokenCount,
      text: assembled.text,
      tookMs: performance.now() - started,
    };
  }

  private async gather(
    tenantId: string,
    parsed: ParsedContext,
    channel: ChannelRecord | null,
    recent: MessageRecord[],
    query: string | null,
    vectorPending: Promise<Float32Array | QueryVector | null>,
    policy: ContextPolicy = CONTEXT_POLICY,
  ): Promise<{
    material: ContextMaterial;
    constraints: MemoryRecord[];
    hits: RecallHitData[];
    earlier: MessageHitData[];
  }> {
    const projectId = parsed.projectId ?? channel?.projectId ?? null;
    const turnScope: MessageSearchScope | null = channel
      ? projectId === null
        ? { channelId: channel.id }
        : { channelId: channel.id, projectId }
      : null;
    // the reads that need no query vector start while it is computed
    const unranked = Promise.all([
      this.constraints(tenantId, parsed.channelId, projectId),
      this.bulletins.latest(tenantId),
      channel?.summaryId ? this.conversations.getSummary(tenantId, channel.summaryId) : Promise.resolve(null),
    ]);
    unranked.catch(() => undefined);
    // so do the message searches' full-text parts (each takes the vector once it is there)
    const searches = Promise.all([
      query
        ? this.messageSearch.searchWithVector(
            tenantId,
            { query, limit: EARLIER, scope: { excludeChannelId: parsed.channelId } },
            vectorPending,
          )
        : Promise.resolve([] as MessageHitData[]),
      query && turnScope
        ? this.messageSearch.searchWithVector(tenantId, { query, limit: TURNS, scope: turnScope }, vectorPending)
        : Promise.resolve([] as MessageHitData[]),
    ]);
    searches.catch(() => undefined);
    const vector = await vectorPending;
    const [recalled, [earlier, found]] = await Promise.all([
      query
        ? this.recall.recallWithVector(
            tenantId,
            { query, channelId: parsed.channelId, projectId, limit: RECALLED },
            vector,
          )
        : Promise.resolve({ hits: [] as RecallHitData[] }),
      searches,
    ]);
    const [constraints, bulletin, summary] = await unranked;
    const turns = await this.withNeighbours(
      tenantId,
      found.map((hit) => hit.message),
      policy,
      turnScope,
    );
    const constraintIds = new Set(constraints.map((c) => c.id));
    const hits = recalled.hits.filter((hit) => hit.tier !== Tier.LOW && !constraintIds.has(hit.memory.id));
    const material: ContextMaterial = {
      constraints: constraints.map((c) => ({ id: c.id, content: c.content })),
      bulletin: bulletin?.content ?? null,
      memories: hits.map((hit) => ({
        id: hit.memory.id,
        type: hit.memory.type,
        content: hit.memory.content,
        tier: hit.tier,
        sources: hit.memory.source.messageId ? [hit.memory.source.messageId] : [],
      })),
      earlier: earlier.map((hit) => hit.message),
      turns,
      channelId: parsed.channelId,
      summary: summary?.content ?? null,
      recent,
    };

    return { material, constraints, hits, earlier };
  }

  /**
   * The turns with the messages just before and after each, when the policy may show them: those the turns' search
   * scope may see (a turn of another channel of the project shows only its shared neighbours).
   */
  private async withNeighbours(
    tenantId: string,
    messages: MessageRecord[],
    policy: ContextPolicy,
    scope: MessageSearchScope | null,
  ): Promise<{ message: MessageRecord; neighbours: MessageRecord[] }[]> {
    if (policy.neighboursBelow <= 0 || messages.length === 0 || scope === null) {
      return messages.map((message) => ({ message, neighbours: [] }));
    }
    const links = await this.conversations.messageNeighbours(
      tenantId,
      messages.map((m) => m.id),
      1,
    );
    const byId = new Map(messages.map((m) => [m.id, m]));
    const missing = [...new Set(links.map((l) => l.id))].filter((id) => !byId.has(id));
    for (const m of await this.conversations.getMessages(tenantId, missing)) {
      byId.set(m.id, m);
    }

    return messages.map((message) => ({
      message,
      neighbours: links
        .filter((l) => l.seedId === message.id)
        .flatMap((l) => {
          const neighbour = byId.get(l.id);

          return neighbour && messageVisible(neighbour, scope) ? [neighbour] : [];
        }),
    }));
  }

  private async constraints(tenantId: string, channelId: string, projectId: string | null): Promise<MemoryRecord[]> {
    const page = await this.memories.listMemories(
      tenantId,
      { statuses: [MemoryStatus.ACTIVE], tags: [CONSTRAINT_TAG] },
      MAX_CONSTRAINTS,
      null,
    );

    // a rule tagged before only the user and operators could set them is not shown as one
    return page.items
      .filter((m) => setsRules(m.source.role) && scopeVisible(m, { channelId, projectId }))
      .sort((a, b) => b.importance - a.importance);
  }
}
