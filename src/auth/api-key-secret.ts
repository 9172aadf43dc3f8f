import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** `egk_<16 hex id>_<43 base64url secret>`: the id finds the stored hash, the secret is checked against it. */
const KEY_FORMAT = /^egk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const HASH_BYTES = 32;

export interface ParsedKey {
  id: string;
  secret: string;
}

/** A new key: its public id, the whole key (shown once) and what is stored of it. */
export interface NewKey {
  id: string;
  key: string;
  salt: string;
  hash: string;
}

export function parseRuntimeKey(key: string): ParsedKey | null {
  const match = KEY_FORMAT.exec(key);

  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : null;
}

export async function hashSecret(secret: string, salt: Buffer): Promise<Buffer> {
  return scryptAsync(secret, salt, HASH_BYTES);
}

export async function newRuntimeKey(): Promise<NewKey> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16);
  const hash = await hashSecret(secret, salt);

  return { id, key: `egk_${id}_${secret}`, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** Whether `secret` hashes to the stored hash (constant-time comparison). */
export async function secretMatches(secret: string, stored: { salt: string; hash: string }): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await hashSecret(secret, Buffer.from(stored.salt, 'base64'));

  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
