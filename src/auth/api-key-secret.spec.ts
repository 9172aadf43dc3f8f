import { newRuntimeKey, parseRuntimeKey, secretMatches } from 'src/auth/api-key-secret';
import { keyUsable } from 'src/auth/api-key.service';
import { KeyWatch } from 'src/auth/key-watch';
import type { ApiKeyRecord } from 'src/store/tenant-registry.port';

const NOW = new Date('2026-06-01T00:00:00.000Z');

function record(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: '0123456789abcdef',
    tenantId: 't',
    name: null,
    scope: 'full',
    salt: '',
    hash: '',
    createdAt: NOW,
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  };
}

// one scrypt hash takes 50-200 ms, longer on a loaded machine
jest.setTimeout(30_000);

describe('runtime API keys', () => {
  it('makes a key whose secret matches its stored hash, and no other secret does', async () => {
    const made = await newRuntimeKey();
    const parsed = parseRuntimeKey(made.key);

    expect(parsed?.id).toBe(made.id);
    expect(made.hash).not.toContain(parsed?.secret ?? 'x');
    expect(await secretMatches(parsed?.secret ?? '', made)).toBe(true);
    const secret = parsed?.secret ?? '';
    const other = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(await secretMatches(other, made)).toBe(false);
  });

  it.each(['', 'egk_', 'egk_0123456789abcdef_short', 'alice-key-0001', `egk_0123456789ABCDEF_${'a'.repeat(43)}`])(
    'reads %j as no runtime key',
    (key) => {
      expect(parseRuntimeKey(key)).toBeNull();
    },
  );

  it('uses a key until it is revoked or expires', () => {
    expect(keyUsable(record(), NOW)).toBe(true);
    expect(keyUsable(null, NOW)).toBe(false);
    expect(keyUsable(record({ revokedAt: NOW }), NOW)).toBe(false);
    expect(keyUsable(record({ expiresAt: NOW }), NOW)).toBe(false);
    expect(keyUsable(record({ expiresAt: new Date(NOW.getTime() + 1) }), NOW)).toBe(true);
  });

  it('closes the sessions of a key no longer valid, keeps the others, and forgets ended sessions', async () => {
    const valid = new Set(['a', 'b']);
    const watch = new KeyWatch((keyId) => Promise.resolve(valid.has(keyId)), 60_000);
    const closed: string[] = [];
    watch.watch('a', () => closed.push('a1'));
    watch.watch('a', () => closed.push('a2'));
    const endB = watch.watch('b', () => closed.push('b'));

    await watch.sweep();
    expect(closed).toEqual([]);
    valid.clear();
    endB();
    await watch.sweep();
    expect(closed).toEqual(['a1', 'a2']);
    await watch.sweep();
    expect(closed).toEqual(['a1', 'a2']);
    watch.stop();
  });
});
