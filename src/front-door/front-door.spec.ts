import { frontDoorHtml, surfaces } from 'src/front-door/front-door';

const KEY = { tenantId: 'alice', key: 'alice-key-0001' };

describe('front door', () => {
  it('tells a keyless newcomer that the viewer and MCP need no key', () => {
    const notes = surfaces({ env: 'development', sandbox: true, apiKeys: [] });

    expect(notes.find((s) => s.name === 'Viewer')?.note).toContain('no key');
    expect(notes.find((s) => s.name === 'MCP')?.note).not.toContain('Bearer');
  });

  it('asks for a key where keys are configured', () => {
    const config = { env: 'production' as const, sandbox: false, apiKeys: [KEY] };
    const notes = surfaces(config);

    expect(notes.find((s) => s.name === 'Viewer')?.note).toContain('API key');
    expect(notes.find((s) => s.name === 'MCP')?.note).toContain('Bearer <key>');
    expect(frontDoorHtml(config)).toContain('Bearer &lt;key&gt;');
  });

  it('links only what a browser can open: not MCP (POST only), nor GraphQL without GraphiQL', () => {
    const links = (sandbox: boolean): string[] =>
      [...frontDoorHtml({ env: 'development', sandbox, apiKeys: [] }).matchAll(/<a href="([^"]+)"/g)].map(
        (m) => m[1] ?? '',
      );

    expect(links(true)).toEqual(['/graphql', '/viewer/', '/api/docs', '/healthz', '/readyz', '/metrics']);
    expect(links(false)).toEqual(['/viewer/', '/api/docs', '/healthz', '/readyz', '/metrics']);
    expect(frontDoorHtml({ env: 'development', sandbox: true, apiKeys: [] })).toContain('MCP <code>/mcp</code>');
  });

  it('says why GraphiQL is off: production, or GRAPHQL_SANDBOX=false outside it', () => {
    const note = (env: 'development' | 'production'): string | undefined =>
      surfaces({ env, sandbox: false, apiKeys: [KEY] }).find((s) => s.name === 'GraphQL')?.note;

    expect(note('production')).toBe('POST only (no GraphiQL, no introspection: production): read schema.graphql');
    expect(note('development')).toBe(
      'POST only (no GraphiQL, no introspection: GRAPHQL_SANDBOX=false): read schema.graphql',
    );
  });
});
