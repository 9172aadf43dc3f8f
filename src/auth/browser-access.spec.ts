import { checkBrowserAccess } from 'src/auth/browser-access';

const open = { open: true, allowedOrigins: ['https://notes.example.com'] };
const keyed = { open: false, allowedOrigins: ['https://notes.example.com'] };

describe('checkBrowserAccess', () => {
  it.each([
    ['localhost:4000', undefined, undefined, true],
    ['LOCALHOST', undefined, undefined, true],
    ['[::1]:4000', undefined, undefined, true],
    ['127.0.0.1:4000', 'http://127.0.0.1:4000', 'same-origin', true],
    ['127.0.0.1:4000', 'https://notes.example.com', 'cross-site', true],
    [undefined, undefined, undefined, false],
    ['evil.example:4000', undefined, undefined, false],
    ['localhost.evil.example', undefined, undefined, false],
    ['[::1].evil.example', undefined, undefined, false],
    ['127.0.0.2:4000', undefined, undefined, false],
    ['127.0.0.1:4000', 'http://127.0.0.1:4001', undefined, false],
    ['127.0.0.1:4000', 'null', undefined, false],
    ['127.0.0.1:4000', undefined, 'cross-site', false],
  ])('without keys: Host %s, Origin %s, Sec-Fetch-Site %s -> %s', (host, origin, secFetchSite, ok) => {
    expect(checkBrowserAccess(open, { host, origin, secFetchSite }, false).ok).toBe(ok);
    expect(checkBrowserAccess(open, { host, origin, secFetchSite }, true).ok).toBe(ok);
  });

  it('with keys checks only the WebSocket Origin, and only against a configured list', () => {
    const evil = { host: 'engram.example.com', origin: 'https://evil.example' };
    expect(checkBrowserAccess(keyed, evil, false).ok).toBe(true);
    expect(checkBrowserAccess(keyed, evil, true).ok).toBe(false);
    expect(checkBrowserAccess(keyed, { ...evil, origin: 'https://engram.example.com' }, true).ok).toBe(true);
    expect(checkBrowserAccess({ open: false, allowedOrigins: [] }, evil, true).ok).toBe(true);
  });
});
