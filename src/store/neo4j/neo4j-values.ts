import { DateTime, isDateTime, isInt } from 'neo4j-driver';

/** Driver values in, domain values out: every adapter maps rows through these, failing loudly on a surprise. */
export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

export function toDateTime(date: Date): DateTime<number> {
  return new DateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds() * 1_000_000,
    0,
  );
}

/**
 * The driver runs with disableLosslessIntegers: a Neo4j integer arrives as a JavaScript number, exact only up to 2^53.
 * One beyond it has already lost digits, so it is refused rather than passed on rounded.
 */
export function toNumber(value: unknown, field: string): number {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw new Error(
        `Neo4j returned ${field} = ${value}, an integer beyond 2^53 that a JavaScript number cannot hold exactly`,
      );
    }

    return value;
  }
  if (isInt(value)) {
    return value.toNumber();
  }
  throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a number`);
}

export function toDate(value: unknown, field: string): Date {
  if (isDateTime(value)) {
    return value.toStandardDate();
  }
  throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a DateTime`);
}

/** A DateTime a statement returned as `.epochMillis` (an integer), as a Date. */
export function toDateFromMillis(value: unknown, field: string): Date {
  const millis = toNumber(value, field);
  if (!Number.isInteger(millis)) {
    throw new Error(`Neo4j returned ${field} = ${millis}, expected epoch milliseconds`);
  }

  return new Date(millis);
}

export function toOptionalNumber(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : toNumber(value, field);
}

export function toOptionalDate(value: unknown, field: string): Date | null {
  return value === null || value === undefined ? null : toDate(value, field);
}

export function toText(value: unknown, field: string): string {
  if (typeof value !== 'string') {
    throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a string`);
  }

  return value;
}

export function toOptionalText(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : toText(value, field);
}

export function toEnum<E extends string>(values: Record<string, E>, value: unknown, field: string): E {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (found === undefined) {
    throw new Error(`${field} ${JSON.stringify(value)} is not one of ${Object.values(values).join(', ')}`);
  }

  return found;
}

export function toMap(value: unknown, field: string): Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a map`);
  }

  return value as Row;
}

/** A list property of strings; a missing one (null) reads as empty and items that are not strings are dropped. */
export function toTextList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
