import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';

import { createApiApp } from 'src/bootstrap';
import { projectRoot } from 'src/common/project-root';
import { headerLine } from 'src/tenant-data/tenant-export.format';
import { subscribeBulletins } from 'test/e2e/support/bulletin-subscription';
import { runCli } from 'test/e2e/support/cli-process';
import { rest } from 'test/e2e/support/rest-client';
import { codes, expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

// two API apps over one store (each with its own key cache, as two processes have), an MCP stdio process and the CLI
jest.setTimeout(180_000);

interface Issued {
  key: string;
  apiKey: { id: string; tenantId: string; readOnly: boolean; active: boolean };
}

const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { key apiKey { id tenantId readOnly active } }
}`;

/** Milliseconds until `refused()` is true, polling every 20 ms; fails after 5 s. */
async function msUntil(refused: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await refused())) {
    if (performance.now() - started > 5_000) {
      throw new Error('still accepted after 5 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  return performance.now() - started;
}

function toolText(result: unknown): string {
  const first = (result as CallToolResult).content[0];

  return first?.type === 'text' ? first.text : '';
}

describe('tenants and API keys at runtime', () => {
  let a: TestApp;
  let b: INestApplication;
  let bUrl: string;

  beforeAll(async () => {
    a = await startTestApp({ ENGRAM_OPERATOR_TENANTS: 'alice', RATE_LIMIT_PER_MINUTE: '0' });
    // a second API "process" on the same store: its own ApiKeyService, so it learns of a revocation from the store
    b = await createApiApp(a.config);
    await b.listen(0, '127.0.0.1');
    bUrl = `http://127.0.0.1:${((b.getHttpServer() as Server).address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const gqlB = async <T>(query: string, variables: Record<string, unknown>, key: string) => {
    const response = await fetch(bUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });

    return { status: response.status, body: (await response.json()) as { data?: T; errors?: unknown[] } };
  };

  it('creates a tenant and a key, writes and recalls through it, and refuses it on HTTP, WebSocket and MCP within a second of its revocation', async () => {
    const created = expectData(
      await a.gql<{ createTenant: { id: string; source: string } }>(
        'mutation { createTenant(id: "acme") { id source } }',
      ),
      'createTenant',
    );
    expect(created.createTenant).toEqual({ id: 'acme', source: 'STORE' });
    const issued = expectData(
      await a.gql<{ createApiKey: Issued }>(CREATE_KEY, { input: { tenantId: 'acme', name: 'app' } }),
      'createApiKey',
    ).createApiKey;
    expect(issued.key).toMatch(/^egk_[0-9a-f]{16}_/);
    expect(issued.apiKey).toMatchObject({ tenantId: 'acme', readOnly: false, active: true });

    // write through one process, read through the other
    const remembered = await gqlB<{ remember: { memory: { id: string } } }>(
      'mutation ($c: String!) { remember(input: { content: $c }) { memory { id } } }',
      { c: 'The user breeds alpacas in Peru' },
      issued.key,
    );
    expect(remembered.body.errors).toBeUndefined();
    const recalled = await a.gql<{ recall: { hits: { memory: { content: string } }[] } }>(
      'query { recall(input: { query: "alpacas" }) { hits { memory { content } } } }',
      {},
      issued.key,
    );
    expect(expectData(recalled, 'recall').recall.hits.map((h) => h.memory.content)).toEqual([
      'The user breeds alpacas in Peru',
    ]);
    // alice, another tenant, sees none of it
    expect(
      expectData(
        await a.gql<{ recall: { hits: unknown[] } }>(
          'query { recall(input: { query: "alpacas" }) { hits { score } } }',
        ),
        'recall',
      ).recall.hits,
    ).toEqual([]);

    // the stored key is a hash: the listing never shows it
    const listed = await rest<unknown[]>(a, '/api/admin/keys?tenantId=acme');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(issued.key.slice(21));

    // open sessions on process b: a WebSocket subscription and an MCP stdio process
    const subscription = subscribeBulletins(bUrl, issued.key);
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && e[0] !== 'LOG_LEVEL'),
    );
    const mcp = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...MAIN_TS_ARGS, 'mcp'],
        cwd: projectRoot(),
        env: {
          ...env,
          NODE_ENV: 'test',
          ENGRAM_DATA_DIR: a.config.dataDir,
          ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
          ENGRAM_API_KEY: issued.key,
          EMBEDDINGS: 'hash',
          LOG_LEVEL: 'error',
        },
        stderr: 'pipe',
      }),
    );
    const before = (await mcp.callTool({ name: 'recall', arguments: { query: 'alpacas' } })) as CallToolResult;
    expect(toolText(before)).toContain('alpacas');
    expect(subscription.closes).toEqual([]);

    // revoke on process a
    const revoked = expectData(
      await a.gql<{ revokeApiKey: { active: boolean } }>('mutation ($id: ID!) { revokeApiKey(id: $id) { active } }', {
        id: issued.apiKey.id,
      }),
      'revokeApiKey',
    );
    expect(revoked.revokeApiKey.active).toBe(false);
    const http = await msUntil(async () => (await gqlB('query { bulletin { id } }', {}, issued.key)).status === 401);
    const mcpHttp = await msUntil(async () => {
      const response = await fetch(bUrl.replace(/graphql$/, 'mcp'), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${issued.key}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });

      return response.status === 401;
    });
    const ws = await msUntil(() => Promise.resolve(subscription.closes.length > 0));
    const stdio = await msUntil(async () =>
      toolText(await mcp.callTool({ name: 'recall', arguments: { query: 'alpacas' } })).startsWith('UNAUTHENTICATED'),
    );
    process.stdout.write(
      `refused after revocation (ms): http ${http.toFixed(0)}, mcp http ${mcpHttp.toFixed(0)}, websocket ${ws.toFixed(0)}, mcp stdio ${stdio.toFixed(0)}\n`,
    );
    for (const ms of [http, mcpHttp, ws, stdio]) {
      expect(ms).toBeLessThan(1_000);
    }
    expect(subscription.closes[0]).toMatchObject({ code: 4401 });
    expect((await rest(a, '/api/memories', { key: issued.key })).status).toBe(401);
    await subscription.dispose();
    await mcp.close();
  });

  it('keeps a read-only key to queries, rotates a key, and keeps the admin API to operator keys', async () => {
    expectData(await a.gql('mutation { createTenant(id: "reader") { id } }'), 'createTenant');
    const ro = expectData(
      await a.gql<{ createApiKey: Issued }>(CREATE_KEY, { input: { tenantId: 'reader', readOnly: true } }),
      'createApiKey',
    ).createApiKey;
    expect(ro.apiKey.readOnly).toBe(true);
    expect(
      codes(await a.gql('mutation { remember(input: { content: "The user likes tea" }) { outcome } }', {}, ro.key)),
    ).toEqual(['FORBIDDEN']);
    expect((await rest(a, '/api/memories', { key: ro.key })).status).toBe(200);
    expect((await rest(a, '/api/purge', { method: 'POST', key: ro.key, body: '{"confirm":"purge"}' })).status).toBe(
      403,
    );

    const rotated = expectData(
      await a.gql<{ rotateApiKey: Issued }>(
        'mutation ($id: ID!) { rotateApiKey(id: $id) { key apiKey { id tenantId readOnly active } } }',
        { id: ro.apiKey.id },
      ),
      'rotateApiKey',
    ).rotateApiKey;
    expect(rotated.apiKey).toMatchObject({ tenantId: 'reader', readOnly: true, active: true });
    expect((await rest(a, '/api/memories', { key: rotated.key })).status).toBe(200);
    expect((await rest(a, '/api/memories', { key: ro.key })).status).toBe(401);

    // bob is no operator; unknown tenants get no keys; a tenant is deleted with its keys
    expect(codes(await a.gql('query { tenants { id } }', {}, KEYS.bob))).toEqual(['FORBIDDEN']);
    expect((await rest(a, '/api/admin/tenants', { key: KEYS.bob })).status).toBe(403);
    expect(codes(await a.gql(CREATE_KEY, { input: { tenantId: 'nobody' } }))).toEqual(['NOT_FOUND']);
    const tenants = await rest<{ id: string; source: string; activeKeys: number }[]>(a, '/api/admin/tenants');
    expect(tenants.body.map((t) => `${t.id}:${t.source}:${t.activeKeys}`)).toEqual([
      'acme:STORE:0',
      'alice:ENV:0',
      'bob:ENV:0',
      'reader:STORE:1',
    ]);
    const deleted = await rest<{ keys: number }>(a, '/api/admin/tenants/reader?confirm=delete', { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { keys: 2 } });
    expect((await rest(a, '/api/memories', { key: rotated.key })).status).toBe(401);
  });

  it('does the same from the CLI, and refuses an import into a tenant nobody created unless asked', async () => {
    const env = {
      ENGRAM_DATA_DIR: a.config.dataDir,
      ENGRAM_API_KEYS: `alice:${KEYS.alice}`,
      EMBEDDINGS: 'hash',
      LOG_LEVEL: 'error',
    };
    const made = await runCli(['tenants', 'create', 'cli-tenant'], env);
    expect(made.code).toBe(0);
    const key = await runCli(['keys', 'create', '--tenant', 'cli-tenant', '--name', 'ci'], env);
    expect(key.code).toBe(0);
    const issued = JSON.parse(key.stdout) as Issued;
    expect((await rest(a, '/api/memories', { key: issued.key })).status).toBe(200);
    expect((await runCli(['keys', 'revoke', issued.apiKey.id], env)).code).toBe(0);
    // the CLI process told no one: the API process reads the key again within API_KEY_CACHE_MS
    expect(
      await msUntil(async () => (await rest(a, '/api/memories', { key: issued.key })).status === 401),
    ).toBeLessThan(1_000);

    const file = `${headerLine('x', new Date(), 'hash')}\n`;
    const refused = await runCli(['import', '--tenant', 'typo-tenant'], env, file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('unknown tenant "typo-tenant"');
    const asked = await runCli(['import', '--tenant', 'typo-tenant', '--new-tenant'], env, file);
    expect(asked.code).toBe(0);
    const listed = JSON.parse((await runCli(['tenants', 'list'], env)).stdout) as { id: string }[];
    expect(listed.map((t) => t.id)).toContain('typo-tenant');
  });
});
