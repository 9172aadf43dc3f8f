import { BadInputError } from 'src/common/errors';
import type { PageAfter } from 'src/domain/memory-store.port';

/** Opaque keyset cursor: base64url of "<createdAt ms>:<id>". */
export function encodeCursor(after: PageAfter): string {
  return Buffer.from(`${after.createdAt.getTime()}:${after.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): PageAfter {
  const decoded = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^(\d{1,15}):([0-9a-f-]{36})$/.exec(decoded);
  if (!match?.[1] || !match[2]) {
    throw new BadInputError('cursor is malformed: pass a nextCursor returned by a previous page');
  }

  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
