import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { READ_ONLY_KEY } from 'src/auth/tenant.decorator';
import { DomainError, ErrorCode, ForbiddenError } from 'src/common/errors';
import { roundScore } from 'src/common/round';
import { MAX_TOKEN_BUDGET } from 'src/config/config';
import { ContextService } from 'src/conversation/context.service';
import { MAX_SEARCH_HITS } from 'src/conversation/conversation-input';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EntityKind } from 'src/domain/entity.types';
import { MemoryScope, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { EntityService } from 'src/entities/entity.service';
import { memoryResult, messageResult, recallResult } from 'src/mcp/mcp-results';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MemoryService } from 'src/memory/memory.service';
import { MAX_RECALL, RecallService, SearchMode } from 'src/recall/recall.service';

export const BULLETIN_URI = 'engram://bulletin';

/** What the caller's key allows (see serverFor). */
export interface McpAccess {
  readOnly?: boolean;
  authorize?: () => Promise<void>;
}

/**
 * Input shapes advertise the services' numeric bounds (limits, budgets, 0 to 1 scores) so that a client sees them;
 * every other rule (lengths, scopes, ids, the write path's guards) is the services', exactly as for GraphQL and REST.
 */
const dateTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const id = z.string();
const unit = (text: string): z.ZodNumber => z.number().min(0).max(1).describe(text);
const full = z
  .boolean()
  .optional()
  .describe('Return every stored field and the score breakdown instead of the compact record.');

const rememberInput = {
  content: z
    .string()
    .describe(
      'One self-contained statement, written so it makes sense on its own later ("The user’s daughter is called Maja").',
    ),
  type: z.enum(MemoryType).optional().describe('What kind of memory; omit it and Engram classifies the content.'),
  scope: z
    .enum(MemoryScope)
    .optional()
    .describe('GLOBAL (default): everywhere; PROJECT: only with projectId; THREAD: only in channelId.'),
  channelId: z.string().optional().describe('The conversation this belongs to (required for THREAD scope).'),
  projectId: z.string().optional().describe('The project this belongs to (required for PROJECT scope).'),
  slot: z
    .string()
    .optional()
    .describe('A single-valued attribute such as name, age or location: a new value replaces the old one.'),
  importance: unit('0 to 1; omit for the type’s default.').optional(),
  confidence: unit('0 to 1; omit for the default.').optional(),
  tags: z.array(z.string()).optional().describe('Free labels; "constraint" marks rules the agent must always follow.'),
  explicit: z
    .boolean()
    .optional()
    .describe('True when the user explicitly asked to remember this (stored with high confidence).'),
  occurredAt: dateTime.optional().describe('When it happened or was said (ISO-8601), if not now.'),
  source: z
    .object({
      role: z.enum(SourceRole).optional().describe('Who said it: USER (default), ASSISTANT, TOOL, SYSTEM or TASK.'),
      channelId: z.string().optional(),
      messageId: z.string().optional(),
      taskId: z.string().optional().describe('The scheduled task writing this, if any.'),
      skillId: z.string().optional().describe('The skill that was active; purging the skill purges what it wrote.'),
    })
    .optional(),
  full,
};

const recallInput = {
  query: z
    .string()
    .optional()
    .describe('What you want to know, in natural language (required for HYBRID, the default mode).'),
  mode: z
    .enum(SearchMode)
    .optional()
    .describe(
      'HYBRID (default): meaning + keywords + links; RECENT: newest; IMPORTANT: most important; TYPED: by types.',
    ),
  types: z.array(z.enum(MemoryType)).optional().describe('Only these memory types (required for TYPED).'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_RECALL)
    .optional()
    .describe(`How many memories, 1 to ${MAX_RECALL}, default 10.`),
  channelId: z.string().optional().describe('The conversation asking: its THREAD memories become visible.'),
  projectId: z.string().optional().describe('The project asking: its PROJECT memories become visible.'),
  includeSuperseded: z.boolean().optional().describe('Also return memories that were replaced by newer ones.'),
  asOf: dateTime
    .optional()
    .describe('ISO-8601: answer with what was believed true at that moment ("where did the user live in March").'),
  full,
};

const contextInput = {
  channelId: z.string().describe('The conversation you are answering in.'),
  query: z.string().optional().describe('What the next answer is about; omitted: the channel’s last user message.'),
  tokenBudget: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOKEN_BUDGET)
    .optional()
    .describe('Maximum tokens of the returned text, default 8000.'),
  projectId: z.string().optional(),
};

const appendInput = {
  channelId: z
    .string()
    .describe('The conversation (any stable id of yours; the channel appears with its first message).'),
  role: z.enum(MessageRole).describe('USER, ASSISTANT, TOOL or SYSTEM.'),
  content: z.string().describe('The message text, verbatim.'),
  speaker: z.string().optional().describe('Display name of the author (group chats).'),
  trust: z
    .enum(Trust)
    .optional()
    .describe('GUARDIAN (default, the user) may teach memories; TRUSTED_CONTACT and UNKNOWN never do.'),
  projectId: z.string().optional(),
  createdAt: dateTime.optional().describe('When it was said (ISO-8601), for imports of old conversations.'),
  full,
};

const searchInput = {
  query: z.string().describe('Words or a question to find in past messages.'),
  channelId: z.string().optional().describe('Search one conversation; omitted: every non-private conversation.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_HITS)
    .optional()
    .describe(`How many messages, 1 to ${MAX_SEARCH_HITS}, default 10.`),
  after: dateTime.optional().describe('Only messages after this time (ISO-8601).'),
  before: dateTime.optional().describe('Only messages before this time (ISO-8601).'),
  full,
};

/** Compact JSON: an agent pays for every space. */
function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/**
 * Engram as an MCP server: seven tools and the bulletin as a resource, each a thin call into the services GraphQL and
 * REST use. One server per tenant: the key that opened the session (stdio: ENGRAM_API_KEY; HTTP: the Bearer key).
 */
@Injectable()
export class EngramMcp {
  private readonly logger = new Logger('MCP');

  constructor(
    private readonly writer: MemoryWriteService,
    private readonly memories: MemoryService,
    private readonly recalls: RecallService,
    private readonly contexts: ContextService,
    private readonly conversations: ConversationService,
    private readonly search: MessageSearchService,
    private readonly bulletins: BulletinService,
    private readonly entities: EntityService,
  ) {}

  /**
   * A server for one tenant. `readOnly` (a read-only key) refuses the writing tools; `authorize` runs before every
   * tool call and resource read (the stdio process checks its key again, so a revoked key stops working there too).
   */
  serverFor(tenantId: string, access: McpAccess = {}): McpServer {
    const call = (work: () => Promise<CallToolResult>, writes = false): Promise<CallToolResult> =>
      this.call(async () => {
        await access.authorize?.();
        if (writes && access.readOnly) {
          throw new ForbiddenError(READ_ONLY_KEY);
        }

        return work();
      });
    const server = new McpServer(
      { name: 'engram', version: '0.1.0' },
      {
        instructions:
          'Engram is your long-term memory about the user. Call get_context at the start of a turn, append_message for ' +
          'every message of the conversation, remember for lasting facts the user states, recall to look something up, ' +
          'search_messages for what was literally said, forget when the user takes something back.',
      },
    );
    server.registerTool(
      'remember',
      {
        title: 'Remember a fact',
        description:
          'Store one lasting fact, preference, decision, goal, todo or event about the user or their work, so it can be ' +
          'recalled in later conversations. Use it when the user states something worth keeping ("I’m vegetarian", "we ' +
          'deploy on Fridays"), not for small talk or questions. Duplicates are merged, corrections replace the old value, ' +
          'and injected or unsafe content is quarantined. Returns the outcome (CREATED, REINFORCED, REJECTED, QUARANTINED).',
        inputSchema: rememberInput,
        // a correction retires the old value (status SUPERSEDED, kept), it deletes nothing
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      ({ full: all = false, ...input }) =>
        call(async () => {
          const outcome = await this.writer.remember(tenantId, input);

          return json({
            outcome: outcome.outcome,
            ...(outcome.reason ? { reason: outcome.reason } : {}),
            ...(outcome.memory ? { memory: memoryResult(outcome.memory, all) } : {}),
            superseded: outcome.superseded.map((m) => memoryResult(m, all)),
          });
        }, true),
    );
    server.registerTool(
      'about',
      {
        title: 'Everything about someone or something',
        description:
          'What Engram knows about one person, place, organisation, project or pet by name ("Ana", "NYC", "my sister"): ' +
          'the best matching entity with its other names, the memories that mention it (newest first) and the entities ' +
          'mentioned together with it. Use it when a turn names someone and you need their facts together.',
        inputSchema: {
          name: z.string().max(200).describe('The name, or part of it (case and accents do not matter).'),
          kind: z.enum(EntityKind).optional().describe('Only this kind of thing.'),
          limit: z.number().int().min(1).max(50).optional().describe('How many memories, default 20.'),
          full,
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ name, kind, limit, full: all = false }) =>
        call(async () => {
          const [entity] = await this.entities.search(tenantId, name, kind ?? null, 1);
          if (!entity) {
            return json({ entity: null, memories: [], related: [] });
          }
          const memories = await this.entities.memoriesOf(tenantId, entity.id, limit ?? 20);
          const related = await this.entities.related(tenantId, entity.id, 10);

          return json({
            entity: { id: entity.id, kind: entity.kind, name: entity.name, aliases: entity.aliases },
            memories: memories.map((m) => memoryResult(m, all)),
            related: related.map((r) => ({
              id: r.entity.id,
              kind: r.entity.kind,
              name: r.entity.name,
              shared: r.shared,
            })),
          });
        }),
    );
    server.registerTool(
      'recall',
      {
        title: 'Recall memories',
        description:
          'Look up what Engram knows that is relevant to a question or topic: returns the best matching memories with ' +
          'a score, a tier (HIGH, MEDIUM, LOW) and how the score was made. Use it before answering anything that ' +
          'depends on the user’s facts, preferences or past decisions. For the raw wording of past messages use ' +
          'search_messages instead.',
        inputSchema: recallInput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ full: all = false, ...input }) =>
        call(async () => json(recallResult(await this.recalls.recall(tenantId, input), all))),
    );
    server.registerTool(
      'forget',
      {
        title: 'Forget a memory',
        description:
          'Mark one memory (by the id recall or remember returned) as FORGOTTEN: it is never recalled again but kept ' +
          'for audit. Use it when the user says something is no longer true or asks you to forget it.',
        inputSchema: { id: id.describe('The memory id.'), full },
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      ({ id: memoryId, full: all = false }) =>
        call(async () => json(memoryResult(await this.memories.forget(tenantId, memoryId), all)), true),
    );
    server.registerTool(
      'get_context',
      {
        title: 'Get context for a turn',
        description:
          'Everything worth knowing before answering in a conversation, assembled within a token budget as text for a ' +
          'system prompt: rules to follow, the briefing about the user, relevant memories, the summary of earlier ' +
          'history and the latest messages. Call it once at the start of each turn.',
        inputSchema: contextInput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (input) =>
        call(async () => {
          const context = await this.contexts.context(tenantId, input);

          return { content: [{ type: 'text', text: context.text }] };
        }),
    );
    server.registerTool(
      'append_message',
      {
        title: 'Append a message',
        description:
          'Record one message of the conversation (the user’s and your own replies) in its channel. Engram keeps the ' +
          'history, summarises it when it grows, and learns from what the user says (name, location, preferences, ' +
          '"remember that ...", "forget ..."). Returns the stored message, the memories it created, the older ones ' +
          'they replaced (superseded) and any it forgot.',
        inputSchema: appendInput,
        // only the user's own "forget ..." retires memories (status FORGOTTEN, kept for audit); nothing is deleted
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      ({ full: all = false, ...input }) =>
        call(async () => {
          const appended = await this.conversations.append(tenantId, input);

          return json({
            message: messageResult(appended.message, all),
            learned: appended.extracted.flatMap((e) =>
              e.memory ? [{ outcome: e.outcome, memory: memoryResult(e.memory, all) }] : [],
            ),
            superseded: appended.extracted.flatMap((e) => e.superseded.map((m) => memoryResult(m, all))),
            forgotten: appended.forgotten.map((m) => memoryResult(m, all)),
            compactionQueued: appended.compactionQueued,
          });
        }, true),
    );
    server.registerTool(
      'search_messages',
      {
        title: 'Search past messages',
        description:
          'Find what was actually said in past conversations (the raw messages, not the distilled memories), ranked by ' +
          'relevance, optionally within one channel or a time window. Use it for quotes, "what did I say about ...", or ' +
          'details too small to have become memories.',
        inputSchema: searchInput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      ({ full: all = false, ...input }) =>
        call(async () =>
          json(
            (await this.search.search(tenantId, input)).map((hit) => ({
              message: messageResult(hit.message, all),
              score: roundScore(hit.score, 3),
            })),
          ),
        ),
    );
    server.registerResource(
      'bulletin',
      BULLETIN_URI,
      {
        title: 'Bulletin about the user',
        description:
          'A short, regularly refreshed briefing: who the user is, goals, recent events, decisions, preferences, key facts.',
        mimeType: 'text/markdown',
      },
      async (uri) => {
        await access.authorize?.();
        const latest = await this.bulletins.latest(tenantId);

        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: latest?.content ?? '' }] };
      },
    );

    return server;
  }

  /** A tool's answer, or a domain error as `CODE: message` with isError (the service wrote nothing). */
  private async call(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) {
        return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
      }
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));

      return { isError: true, content: [{ type: 'text', text: `${ErrorCode.Internal}: internal error` }] };
    }
  }
}
