import { BadInputError } from 'src/common/errors';
import { assertKey, assertLimit, assertPrintable, optionalKey } from 'src/common/validation';
import { MAX_TOKEN_BUDGET } from 'src/config/config';
import { MessageRole, Trust } from 'src/domain/conversation.enums';

/** Requests as they arrive (GraphQL inputs or any other caller), checked at the boundary: nothing is written on error. */
export interface MessageRequest {
  channelId: string;
  role: MessageRole;
  content: string;
  speaker?: string | null;
  trust?: Trust | null;
  projectId?: string | null;
  createdAt?: Date | null;
}

export interface MessageCommand {
  channelId: string;
  role: MessageRole;
  content: string;
  speaker: string | null;
  trust: Trust;
  projectId: string | null;
  createdAt: Date | null;
}

export const MAX_SPEAKER_CHARS = 100;
export const MAX_QUERY_CHARS = 4000;
export const MAX_MESSAGES_PAGE = 500;
export const MAX_SEARCH_HITS = 100;

function oneOf<E extends string>(values: Record<string, E>, value: unknown, field: string): E {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (found === undefined) {
    throw new BadInputError(`${field} must be one of ${Object.values(values).join(', ')}`);
  }

  return found;
}

export function assertChannelId(value: string | null | undefined, field = 'channelId'): string {
  if (value === null || value === undefined || value.trim().length === 0) {
    throw new BadInputError(`${field} must not be empty`);
  }

  return assertKey(value, field);
}

export function assertDate(value: Date | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new BadInputError(`${field} must be an ISO-8601 date-time`);
  }

  return value;
}

export function assertTokenBudget(value: number, field = 'tokenBudget'): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_TOKEN_BUDGET) {
    throw new BadInputError(`${field} must be an integer from 1 to ${MAX_TOKEN_BUDGET}, got ${value}`);
  }

  return value;
}

export function parseMessageRequest(request: MessageRequest, maxContentBytes: number): MessageCommand {
  const channelId = assertChannelId(request.channelId);
  const role = oneOf(MessageRole, request.role, 'role');
  const trust = oneOf(Trust, request.trust ?? Trust.GUARDIAN, 'trust');
  if (typeof request.content !== 'string' || request.content.trim().length === 0) {
    throw new BadInputError('content must not be empty');
  }
  assertPrintable(request.content, 'content');
  const bytes = Buffer.byteLength(request.content, 'utf8');
  if (bytes > maxContentBytes) {
    throw new BadInputError(`content is ${bytes} bytes; the limit is ${maxContentBytes} bytes`);
  }
  const speaker = request.speaker?.trim() || null;
  // eslint-disable-next-line no-control-regex
  if (speaker !== null && (speaker.length > MAX_SPEAKER_CHARS || /[\u0000-\u001f\u007f]/u.test(speaker))) {
    throw new BadInputError(`speaker must be at most ${MAX_SPEAKER_CHARS} characters without control characters`);
  }

  return {
    channelId,
    role,
    content: request.content,
    speaker,
    trust,
    projectId: optionalKey(request.projectId, 'projectId'),
    createdAt: assertDate(request.createdAt, 'createdAt'),
  };
}

export function assertQuery(value: string | null | undefined, field = 'query'): string {
  const query = (value ?? '').trim();
  if (query.length === 0) {
    throw new BadInputError(`${field} must not be empty`);
  }
  if (query.length > MAX_QUERY_CHARS) {
    throw new BadInputError(`${field} is ${query.length} characters; the limit is ${MAX_QUERY_CHARS}`);
  }

  return query;
}

export function assertSearchLimit(value: number | null | undefined, fallback: number): number {
  return assertLimit(value ?? fallback, 'limit', MAX_SEARCH_HITS);
}
