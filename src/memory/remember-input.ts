import { BadInputError } from 'src/common/errors';
import { assertKey, assertPrintable, assertUnit, optionalKey } from 'src/common/validation';
import { MemoryScope, SourceRole } from 'src/domain/memory.enums';
import type { MemoryType } from 'src/domain/memory.enums';
import type { MemorySourceData } from 'src/domain/memory.types';

/** A validated, normalised `remember` request in domain terms. */
export interface RememberCommand {
  content: string;
  context: string | null;
  type: MemoryType | null;
  scope: MemoryScope;
  channelId: string | null;
  projectId: string | null;
  slot: string | null;
  importance: number | null;
  confidence: number | null;
  tags: string[];
  source: MemorySourceData;
  explicit: boolean;
  createdAt: Date | null;
  occurredAt: Date | null;
}

export interface RememberRequest {
  content: string;
  context?: string | null;
  type?: MemoryType | null;
  scope?: MemoryScope | null;
  channelId?: string | null;
  projectId?: string | null;
  slot?: string | null;
  importance?: number | null;
  confidence?: number | null;
  tags?: string[] | null;
  source?: {
    role?: SourceRole | null;
    channelId?: string | null;
    messageId?: string | null;
    taskId?: string | null;
    skillId?: string | null;
  } | null;
  explicit?: boolean | null;
  createdAt?: Date | null;
  occurredAt?: Date | null;
}

const MAX_TAGS = 32;
const SLOT = /^[a-z][a-z0-9_]{0,31}$/;

/** A slot name as remember stores it (trimmed, lowercase), or BAD_USER_INPUT. */
export function slotName(value: string): string {
  const slot = value.trim().toLowerCase();
  if (!SLOT.test(slot)) {
    throw new BadInputError('slot must be a lowercase word such as "name", "age" or "location"');
  }

  return slot;
}

/** Checks a request at the boundary: every problem is a BAD_USER_INPUT naming the field; nothing is written. */
export function parseRememberRequest(request: RememberRequest, maxContentBytes: number): RememberCommand {
  const content = assertPrintable(request.content, 'content').trim();
  if (content.length === 0) {
    throw new BadInputError('content must not be empty');
  }
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxContentBytes) {
    throw new BadInputError(`content is ${bytes} bytes; the limit is ${maxContentBytes} bytes`);
  }
  const context = (request.context && assertPrintable(request.context, 'context').trim()) || null;
  if (context !== null && Buffer.byteLength(context, 'utf8') > maxContentBytes) {
    throw new BadInputError(`context is longer than ${maxContentBytes} bytes`);
  }
  const scope = request.scope ?? MemoryScope.GLOBAL;
  const channelId = optionalKey(request.channelId, 'channelId');
  const projectId = optionalKey(request.projectId, 'projectId');
  if (scope === MemoryScope.THREAD && channelId === null) {
    throw new BadInputError('channelId is required when scope is THREAD');
  }
  if (scope === MemoryScope.PROJECT && projectId === null) {
    throw new BadInputError('projectId is required when scope is PROJECT');
  }
  const slot = request.slot === null || request.slot === undefined ? null : slotName(request.slot);
  const tags = [...new Set((request.tags ?? []).map((tag) => assertKey(tag.trim().toLowerCase(), 'tags')))];
  if (tags.length > MAX_TAGS) {
    throw new BadInputError(`at most ${MAX_TAGS} tags`);
  }
  for (const field of ['createdAt', 'occurredAt'] as const) {
    const value = request[field];
    if (value && Number.isNaN(value.getTime())) {
      throw new BadInputError(`${field} must be an ISO-8601 date-time`);
    }
  }
  const source = request.source ?? {};
  if (source.role === SourceRole.TASK && !source.taskId) {
    // the per-task write budget needs to know which task is writing
    throw new BadInputError('source.taskId is required when source.role is TASK');
  }

  return {
    content,
    context,
    type: request.type ?? null,
    scope,
    channelId: scope === MemoryScope.THREAD ? channelId : null,
    projectId: scope === MemoryScope.PROJECT ? projectId : null,
    slot,
    importance:
      request.importance === null || request.importance === undefined
        ? null
        : assertUnit(request.importance, 'importance'),
    confidence:
      request.confidence === null || request.confidence === undefined
        ? null
        : assertUnit(request.confidence, 'confidence'),
    tags,
    source: {
      role: source.role ?? SourceRole.USER,
      channelId: optionalKey(source.channelId, 'source.channelId'),
      messageId: optionalKey(source.messageId, 'source.messageId'),
      taskId: optionalKey(source.taskId, 'source.taskId'),
      skillId: optionalKey(source.skillId, 'source.skillId'),
    },
    explicit: request.explicit ?? false,
    createdAt: request.createdAt ?? null,
    occurredAt: request.occurredAt ?? null,
  };
}
