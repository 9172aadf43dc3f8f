import { BadInputError } from 'src/common/errors';
import { assertKey } from 'src/common/validation';
import type { MessagePosition } from 'src/store/conversation-store.port';

/** Opaque keyset cursors of the channel and message pages (base64url), refused with BAD_USER_INPUT when forged. */
const MALFORMED = 'cursor is malformed: pass a nextCursor returned by a previous page';

function decode(cursor: string): string {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) {
    throw new BadInputError(MALFORMED);
  }

  return Buffer.from(cursor, 'base64url').toString('utf8');
}

export function encodeChannelCursor(channelId: string): string {
  return Buffer.from(`c:${channelId}`, 'utf8').toString('base64url');
}

export function decodeChannelCursor(cursor: string): string {
  const decoded = decode(cursor);
  if (!decoded.startsWith('c:')) {
    throw new BadInputError(MALFORMED);
  }

  return assertKey(decoded.slice(2), 'cursor');
}

export function encodeMessageCursor(position: MessagePosition): string {
  return Buffer.from(`m:${position.createdAt.getTime()}:${position.seq}`, 'utf8').toString('base64url');
}

export function decodeMessageCursor(cursor: string): MessagePosition {
  const match = /^m:(\d{1,15}):(\d{1,12})$/.exec(decode(cursor));
  if (!match?.[1] || !match[2]) {
    throw new BadInputError(MALFORMED);
  }

  return { createdAt: new Date(Number(match[1])), seq: Number(match[2]) };
}
