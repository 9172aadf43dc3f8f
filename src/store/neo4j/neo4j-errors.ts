import { Neo4jError } from 'neo4j-driver';

import { UnavailableError } from 'src/common/errors';

const CONSTRAINT_FAILED = 'Neo.ClientError.Schema.ConstraintValidationFailed';
const SCHEMA_RACE_CODES: ReadonlySet<string> = new Set([
  'Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists',
  'Neo.ClientError.Schema.IndexAlreadyExists',
  'Neo.ClientError.Schema.ConstraintAlreadyExists',
]);
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.TransientError.General.DatabaseUnavailable',
]);

/** A write hit a uniqueness constraint: for inserts, a concurrent identical write won. */
export class Neo4jConstraintError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'Neo4jConstraintError';
  }
}

/** The one place driver errors become ours: constraint conflicts, unavailability, everything else wrapped. */
export function mapNeo4jError(error: unknown, source: string): Error {
  if (!(error instanceof Neo4jError)) {
    return error instanceof Error ? error : new Error(`${source} failed: ${String(error)}`);
  }
  if (error.code === CONSTRAINT_FAILED) {
    return new Neo4jConstraintError(`${source}: ${error.message}`, { cause: error });
  }
  if (UNAVAILABLE_CODES.has(error.code)) {
    return new UnavailableError(`Neo4j is unavailable (${error.code})`, { cause: error });
  }

  return new Error(`Neo4j query failed in ${source} (${error.code}): ${error.message}`, { cause: error });
}

/** A concurrent boot created the same constraint or index first: harmless. */
export function isSchemaRace(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;

  return cause instanceof Neo4jError && SCHEMA_RACE_CODES.has(cause.code);
}
