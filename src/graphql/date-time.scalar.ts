import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

import { ErrorCode } from 'src/common/errors';

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/u;

/** Days in a month of the proleptic Gregorian calendar (month 1-12). */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A date-time string as Date, refusing what Date would silently move: `2024-02-30` became 2024-03-01, and text Date
 * cannot read became an Invalid Date. Everything Date reads otherwise is taken as before.
 */
export function parseDateTime(value: unknown): Date {
  if (typeof value !== 'string') {
    throw invalid('must be an ISO-8601 date-time string');
  }
  const parts = DATE_PART.exec(value);
  if (parts) {
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
      throw invalid(`${parts[0]} is no day of the calendar`);
    }
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    throw invalid(`must be an ISO-8601 date-time such as 2026-03-14T09:30:00Z, got ${JSON.stringify(shown)}`);
  }

  return date;
}

function invalid(message: string): GraphQLError {
  return new GraphQLError(`DateTime ${message}`, { extensions: { code: ErrorCode.BadUserInput } });
}

/** Nest's DateTime scalar (same name and description) with the strict parsing of parseDateTime. */
export const StrictDateTime = new GraphQLScalarType<Date | null, string | null>({
  name: 'DateTime',
  description: 'A date-time string at UTC, such as 2019-12-03T09:54:33Z, compliant with the date-time format.',
  parseValue: parseDateTime,
  serialize: (value) => (value instanceof Date ? value.toISOString() : null),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? parseDateTime(ast.value) : null),
});
