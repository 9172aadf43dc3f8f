import { BadInputError } from 'src/common/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = /^[\p{L}\p{N}_.:@/-]{1,128}$/u;

/** The rules behind assertId and assertKey, for schemas that check other input (import files) the same way. */
export const isUuid = (value: string): boolean => UUID.test(value);
export const isKey = (value: string): boolean => KEY.test(value);
export const KEY_RULE = 'must be 1-128 letters, digits or _ . : @ / -';
/** GraphQL's Int: counts above it cannot be answered (a memory's accessCount of 2^53-1 once nulled a whole page). */
export const MAX_GRAPHQL_INT = 2_147_483_647;

export function assertId(id: string, field = 'id'): string {
  if (!UUID.test(id)) {
    throw new BadInputError(`${field} must be a memory id (UUID), got ${JSON.stringify(id.slice(0, 64))}`);
  }

  return id.toLowerCase();
}

/** channelId, projectId, taskId, tags: short keys without spaces or control characters. */
export function assertKey(value: string, field: string): string {
  if (!KEY.test(value)) {
    throw new BadInputError(`${field} ${KEY_RULE}`);
  }

  return value;
}

export function optionalKey(value: string | null | undefined, field: string): string | null {
  return value === null || value === undefined ? null : assertKey(value, field);
}

// C0 controls but tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/**
 * Stored text (memory content and context, message content) holds no NUL or other control character: such input is
 * refused, never silently changed, so what is stored is exactly what the caller sent.
 */
export function assertPrintable(value: string, field: string): string {
  const index = value.search(CONTROL);
  if (index >= 0) {
    const code = value.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
    throw new BadInputError(
      `${field} contains a control character (U+${code}) at position ${index}; only tab, line feed and carriage return are allowed`,
    );
  }

  return value;
}

export function assertUnit(value: number, field: string): number {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new BadInputError(`${field} must be between 0 and 1, got ${value}`);
  }

  return value;
}

export function assertLimit(value: number, field: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new BadInputError(`${field} must be an integer from 1 to ${max}, got ${value}`);
  }

  return value;
}

/** How far ahead of now an `asOf` may lie: a client's clock may run ahead, but what will be believed is not known. */
export const AS_OF_MAX_LEAD_MS = 24 * 60 * 60 * 1000;

/** A moment to answer "what was believed then" for: a valid date, not in the future (beyond clock skew). */
export function optionalAsOf(value: Date | null | undefined, field = 'asOf', now = new Date()): Date | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  if (Number.isNaN(value.getTime())) {
    throw new BadInputError(`${field} is not a valid date`);
  }
  if (value.getTime() > now.getTime() + AS_OF_MAX_LEAD_MS) {
    throw new BadInputError(`${field} is in the future: what will be believed then is not known yet`);
  }

  return value;
}
