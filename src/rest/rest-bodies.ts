import { z } from 'zod';

import { BadInputError } from 'src/common/errors';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryScope, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { RecallSort, SearchMode } from 'src/recall/recall.service';

/**
 * JSON bodies of the REST agent calls: GraphQL's input types field for field (a test compares them), checked here
 * only as GraphQL's type system checks them (shapes, enum names, numbers, times); the services apply every other rule.
 */
const dateTime = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .nullish();
const text = z.string().nullish();
const int = z.number().int().nullish();
const number = z.number().nullish();
const bool = z.boolean().nullish();

export const sourceBody = z.strictObject({
  role: z.enum(SourceRole).nullish(),
  channelId: text,
  messageId: text,
  taskId: text,
  skillId: text,
});

export const rememberBody = z.strictObject({
  content: z.string(),
  context: text,
  type: z.enum(MemoryType).nullish(),
  scope: z.enum(MemoryScope).nullish(),
  channelId: text,
  projectId: text,
  slot: text,
  importance: number,
  confidence: number,
  tags: z.array(z.string()).nullish(),
  source: sourceBody.nullish(),
  explicit: bool,
  createdAt: dateTime,
  occurredAt: dateTime,
});

export const recallBody = z.strictObject({
  query: text,
  mode: z.enum(SearchMode).nullish(),
  types: z.array(z.enum(MemoryType)).nullish(),
  limit: int,
  channelId: text,
  projectId: text,
  includeSuperseded: bool,
  sort: z.enum(RecallSort).nullish(),
  sourceTaskId: text,
  excludeTaskMemories: bool,
  referenceTime: dateTime,
  asOf: dateTime,
});

export const forgetBody = z.strictObject({ id: z.string() });

export const messageBody = z.strictObject({
  channelId: z.string(),
  role: z.enum(MessageRole),
  content: z.string(),
  speaker: text,
  trust: z.enum(Trust).nullish(),
  projectId: text,
  createdAt: dateTime,
});

export const contextBody = z.strictObject({
  channelId: z.string(),
  query: text,
  tokenBudget: int,
  projectId: text,
});

export const searchMessagesBody = z.strictObject({
  query: z.string(),
  channelId: text,
  limit: int,
  after: dateTime,
  before: dateTime,
});

/** GraphQL's `null` and omitted fields both become undefined: the services take optional fields. */
type Defined<T> = { [K in keyof T]: Exclude<T[K], null> };

function dropNulls<T extends Record<string, unknown>>(value: T): Defined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as Defined<T>;
}

/** The body as the service's input; BAD_USER_INPUT naming each wrong field otherwise. */
export function parseBody<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  body: unknown,
): Defined<z.output<S>> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    // no body at all: most often one sent without Content-Type: application/json, which the JSON parser skips
    const hint = body === undefined ? ' (no JSON body was read: send one with Content-Type: application/json)' : '';
    throw new BadInputError(`${issues.join('; ')}${hint}`);
  }

  return dropNulls(parsed.data as Record<string, unknown>) as Defined<z.output<S>>;
}

/** The body's JSON Schema for the OpenAPI document (what a client sends: times as ISO-8601 strings). */
export function bodySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  });

  return json;
}
