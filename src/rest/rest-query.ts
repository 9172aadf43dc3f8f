import { z } from 'zod';

import { BadInputError } from 'src/common/errors';
import { MemoryScope, MemoryStatus, MemoryType } from 'src/domain/memory.enums';
import { MAX_LIST_ENTRIES } from 'src/graphql/list-limits';
import { RecallSort, SearchMode } from 'src/recall/recall.service';

/**
 * Query strings into the typed requests the services take: zod checks only what GraphQL's type system checks there
 * (shapes, enum names, numbers); the services apply every rule (limits, keys, cursors, ids) as for GraphQL.
 */

/** `types=FACT,EVENT` and `types=FACT&types=EVENT` are the same list. */
function splitList(value: unknown): unknown {
  if (value === undefined) {
    return undefined;
  }

  return (Array.isArray(value) ? value : [value])
    .flatMap((item: unknown) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    .filter((item: unknown) => item !== '');
}

function list<T extends z.ZodType>(item: T) {
  return z.preprocess(splitList, z.array(item).max(MAX_LIST_ENTRIES).optional());
}

const integer = z
  .string()
  .regex(/^-?\d{1,9}$/, 'must be a whole number')
  .transform(Number)
  .optional();
const boolean = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();
const text = z.string().optional();
const isoDateTime = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .optional();

export const memoryListQuery = z.strictObject({
  types: list(z.enum(MemoryType)),
  statuses: list(z.enum(MemoryStatus)),
  scope: z.enum(MemoryScope).optional(),
  channelId: text,
  projectId: text,
  tags: list(z.string()),
  limit: integer,
  cursor: text,
  asOf: isoDateTime,
});

export const historyQuery = z.strictObject({ limit: integer });

export const memorySearchQuery = z.strictObject({
  q: text,
  mode: z.enum(SearchMode).optional(),
  types: list(z.enum(MemoryType)),
  limit: integer,
  channelId: text,
  projectId: text,
  includeSuperseded: boolean,
  sort: z.enum(RecallSort).optional(),
  sourceTaskId: text,
  excludeTaskMemories: boolean,
  referenceTime: isoDateTime,
  asOf: isoDateTime,
});

export const memoryDetailsQuery = z.strictObject({ associations: integer });

export const neighbourhoodQuery = z.strictObject({ hops: integer, maxNodes: integer });

export const pageQuery = z.strictObject({ limit: integer, cursor: text });

export const noQuery = z.strictObject({});

/** Parses a query string, or fails with BAD_USER_INPUT naming every problem. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new BadInputError(`invalid query string: ${problems.join('; ')}`);
  }

  return parsed.data;
}
