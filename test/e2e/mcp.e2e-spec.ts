import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { projectRoot } from 'src/common/project-root';
import { origin } from 'test/e2e/support/rest-client';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

// the stdio server is the real CLI entry in a child process (ts-node)
jest.setTimeout(180_000);

const TOOLS = ['about', 'append_message', 'forget', 'get_context', 'recall', 'remember', 'search_messages'];

function httpClient(t: TestApp, key: string | null): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(`${origin(t)}/mcp`), {
    requestInit: { headers: key === null ? {} : { authorization: `Bearer ${key}` } },
  });

  return { client: new Client({ name: 'engram-e2e', version: '1.0.0' }), transport };
}

function stdioTransport(t: TestApp, key: string, logLevel: string | null = 'error'): StdioClientTransport {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && e[0] !== 'LOG_LEVEL'),
  );

  return new StdioClientTransport({
    command: process.execPath,
    args: [...MAIN_TS_ARGS, 'mcp'],
    cwd: projectRoot(),
    env: {
      ...env,
      NODE_ENV: 'test',
      ENGRAM_DATA_DIR: t.config.dataDir,
      ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
      ENGRAM_API_KEY: key,
      EMBEDDINGS: 'hash',
      ...(logLevel === null ? {} : { LOG_LEVEL: logLevel }),
    },
    stderr: 'pipe',
  });
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (first?.type !== 'text') {
    throw new Error(`expected a text result, got ${JSON.stringify(result)}`);
  }

  return first.text;
}

async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) {
    throw new Error(`${name} failed: ${text(result)}`);
  }

  return JSON.parse(text(result)) as T;
}

/** The error text of a refused call: a tool error (isError) or a protocol error (invalid params). */
async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBe(true);

    return text(result);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface MemoryOut {
  id: string;
  content: string;
  status: string;
  type: string;
}

/** Every tool and the bulletin resource through one connected client, for the tenant of `key`. */
async function exerciseEveryTool(t: TestApp, client: Client, tag: string): Promise<void> {
  const tools = await client.listTools();
  expect(tools.tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
  for (const tool of tools.tools) {
    expect(tool.description?.length ?? 0).toBeGreaterThan(120);
    expect(tool.inputSchema.type).toBe('object');
    // zod's int() alone advertises ±2^53: every bound shown is a real one
    expect(JSON.stringify(tool.inputSchema)).not.toContain('9007199254740991');
  }
  const byName = new Map(tools.tools.map((tool) => [tool.name, tool]));
  const property = (tool: string, name: string): unknown => (byName.get(tool)?.inputSchema.properties ?? {})[name];
  expect(property('recall', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  expect(property('search_messages', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  expect(property('get_context', 'tokenBudget')).toMatchObject({ minimum: 1, maximum: 2_000_000 });
  expect(property('remember', 'importance')).toMatchObject({ minimum: 0, maximum: 1 });
  for (const name of ['recall', 'get_context', 'search_messages']) {
    expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true });
  }
  expect(byName.get('forget')?.annotations).toMatchObject({
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
  });
  expect(byName.get('remember')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });

  const remembered = await ok<{ outcome: string; memory: MemoryOut }>(client, 'remember', {
    content: `The user keeps bees at the ${tag} allotment`,
    tags: [tag],
  });
  expect(remembered.outcome).toBe('CREATED');
  const again = await ok<{ outcome: string; memory: MemoryOut }>(client, 'remember', {
    content: `The user keeps bees at the ${tag} allotment`,
  });
  expect(again).toMatchObject({ outcome: 'REINFORCED', memory: { id: remembered.memory.id } });
  expect(await refusal(client, 'remember', { content: '   ' })).toMatch(/^BAD_USER_INPUT: content must not be empty/);
  expect(await refusal(client, 'remember', { content: 'A thread memory', scope: 'THREAD' })).toMatch(
    /^BAD_USER_INPUT: .*channelId/,
  );
  expect(await refusal(client, 'remember', { content: 'x', type: 'GOSSIP' })).toMatch(/type|GOSSIP|invalid/i);

  // compact by default: no nulls, no defaults, a rounded score; the full record and the breakdown with full: true
  const recalled = await ok<{ hits: (Record<string, unknown> & { id: string; score: number })[] }>(client, 'recall', {
    query: `bees at the ${tag} allotment`,
  });
  const hit = recalled.hits[0];
  expect(hit?.id).toBe(remembered.memory.id);
  expect(Object.keys(hit ?? {}).sort()).toEqual([
    'content',
    'id',
    'importance',
    'occurredAt',
    'score',
    'tags',
    'tier',
    'type',
  ]);
  expect(Object.values(hit ?? {})).not.toContain(null);
  expect(String(hit?.score)).toMatch(/^\d(\.\d{1,3})?$/);
  const fully = await ok<{ hits: { memory: MemoryOut & { accessCount: number }; explanation: { rrf: number } }[] }>(
    client,
    'recall',
    {
      query: `bees at the ${tag} allotment`,
      full: true,
    },
  );
  expect(fully.hits[0]?.memory.id).toBe(remembered.memory.id);
  expect(fully.hits[0]?.explanation.rrf).toBeGreaterThan(0);
  expect(fully.hits[0]?.memory).toHaveProperty('accessCount');
  expect(await refusal(client, 'recall', { limit: 5 })).toMatch(/^BAD_USER_INPUT: .*query/);
  expect(await refusal(client, 'recall', { query: 'bees', limit: 101 })).toMatch(/limit/);

  const channelId = `mcp-${tag}`;
  const appended = await ok<{
    message: { id: string; channelId: string };
    learned: { memory: MemoryOut }[];
    superseded: MemoryOut[];
  }>(client, 'append_message', {
    channelId,
    role: 'USER',
    content: `I live in ${tag === 'http' ? 'Odense' : 'Aalborg'}`,
  });
  expect(appended.message.channelId).toBe(channelId);
  expect(appended.learned.map((l) => l.memory.type)).toEqual(['IDENTITY']);
  await ok(client, 'append_message', { channelId, role: 'ASSISTANT', content: 'Noted, and the hives are doing well.' });
  expect(await refusal(client, 'append_message', { channelId: '', role: 'USER', content: 'hi' })).toMatch(
    /^BAD_USER_INPUT: channelId/,
  );

  const found = await ok<{ message: { id: string } }[]>(client, 'search_messages', {
    query: 'hives doing well',
    channelId,
  });
  expect(found.length).toBeGreaterThan(0);
  expect(await refusal(client, 'search_messages', { query: 'x', limit: 100_000 })).toMatch(/limit/);

  const context = (await client.callTool({
    name: 'get_context',
    arguments: { channelId, query: 'bees' },
  })) as CallToolResult;
  expect(context.isError).toBeFalsy();
  expect(text(context)).toContain(`${tag} allotment`);
  expect(text(context)).toContain('hives are doing well');

  const refreshed = expectData(
    await t.gql<{ refreshBulletin: { content: string } }>('mutation { refreshBulletin { content } }', {}, KEYS.alice),
    'refreshBulletin',
  );
  const resources = await client.listResources();
  expect(resources.resources.map((r) => r.uri)).toContain('engram://bulletin');
  const bulletin = await client.readResource({ uri: 'engram://bulletin' });
  expect(bulletin.contents).toEqual([
    { uri: 'engram://bulletin', mimeType: 'text/markdown', text: refreshed.refreshBulletin.content },
  ]);
  expect(refreshed.refreshBulletin.content).toContain(tag === 'http' ? 'Odense' : 'Aalborg');

  const forgotten = await ok<MemoryOut>(client, 'forget', { id: remembered.memory.id });
  expect(forgotten.status).toBe('FORGOTTEN');
  expect(await refusal(client, 'forget', { id: '00000000-0000-4000-8000-000000000000' })).toMatch(/^NOT_FOUND/);
  const after = await ok<{ hits: { id: string }[] }>(client, 'recall', { query: `bees at the ${tag} allotment` });
  expect(after.hits.map((h) => h.id)).not.toContain(remembered.memory.id);

  // a move: the new location is learned and the old one is reported as replaced
  const moved = await ok<{ learned: { memory: MemoryOut }[]; superseded: MemoryOut[] }>(client, 'append_message', {
    channelId,
    role: 'USER',
    content: 'I live in Vejle',
  });
  expect(moved.learned.map((l) => l.memory.content)).toEqual([expect.stringContaining('Vejle')]);
  expect(moved.superseded.map((m) => m.id)).toEqual([appended.learned[0]?.memory.id]);
}

describe('MCP server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  });

  afterAll(async () => {
    await t.close();
  });

  describe('over streamable HTTP at /mcp', () => {
    it('should answer every tool and the bulletin resource for the key’s tenant', async () => {
      const { client, transport } = httpClient(t, KEYS.alice);
      await client.connect(transport);
      try {
        await exerciseEveryTool(t, client, 'http');
      } finally {
        await client.close();
      }
    });

    it("should keep tenants apart: another tenant's memories are neither recalled nor forgettable", async () => {
      const alice = httpClient(t, KEYS.alice);
      const bob = httpClient(t, KEYS.bob);
      await alice.client.connect(alice.transport);
      await bob.client.connect(bob.transport);
      try {
        const { memory } = await ok<{ memory: MemoryOut }>(alice.client, 'remember', {
          content: 'The user’s locker code is 4417',
        });

        const recalled = await ok<{ hits: { memory: MemoryOut }[] }>(bob.client, 'recall', { query: 'locker code' });
        expect(recalled.hits.map((h) => h.memory.id)).not.toContain(memory.id);
        expect(await refusal(bob.client, 'forget', { id: memory.id })).toMatch(/^NOT_FOUND/);
      } finally {
        await alice.client.close();
        await bob.client.close();
      }
    });

    it('should refuse a missing or wrong key with 401 before any tool runs', async () => {
      for (const key of [null, 'not-a-key-123']) {
        const { client, transport } = httpClient(t, key);
        await expect(client.connect(transport)).rejects.toThrow(/UNAUTHENTICATED/);
      }
      const response = await fetch(`${origin(t)}/mcp`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer wrong',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toMatchObject({ error: { data: { code: 'UNAUTHENTICATED' } } });
      expect((await fetch(`${origin(t)}/mcp`, { headers: { authorization: `Bearer ${KEYS.alice}` } })).status).toBe(
        405,
      );
    });
  });

  describe('over streamable HTTP without API keys (the open loopback tenant)', () => {
    it('should answer on a loopback Host name and refuse any other (DNS rebinding)', async () => {
      const open = await startTestApp({ ENGRAM_API_KEYS: '' });
      try {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
        const local = await fetch(`${origin(open)}/mcp`, { method: 'POST', headers, body });
        expect(local.status).toBe(200);
        expect(((await local.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOLS.length);

        const status = await new Promise<number>((resolve, reject) => {
          const url = new URL(`${origin(open)}/mcp`);
          const req = request(
            {
              host: url.hostname,
              port: url.port,
              path: '/mcp',
              method: 'POST',
              headers: { ...headers, host: `evil.example:${url.port}` },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(body);
        });
        expect(status).toBe(403);
      } finally {
        await open.close();
      }
    });
  });

  describe('over stdio (node dist/main.js mcp)', () => {
    it('should answer every tool and the bulletin resource for the tenant of ENGRAM_API_KEY', async () => {
      const transport = stdioTransport(t, KEYS.alice);
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
      await client.connect(transport);
      try {
        await exerciseEveryTool(t, client, 'stdio');
      } finally {
        await client.close();
      }
      expect(stderr).not.toMatch(/Error/);
    });

    it('should log nothing to stderr unless LOG_LEVEL asks, and then plain lines without colour codes', async () => {
      for (const logLevel of [null, 'log']) {
        const transport = stdioTransport(t, KEYS.alice, logLevel);
        let stderr = '';
        transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
        await client.connect(transport);
        await client.listTools();
        await client.close();
        if (logLevel === null) {
          expect(stderr).toBe('');
        } else {
          expect(stderr).toMatch(/LOG \[/);
          expect(stderr).not.toContain('\u001b[');
        }
      }
    });

    it('should refuse a wrong key: the process stops before answering', async () => {
      const transport = stdioTransport(t, 'not-a-key-123');
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
      const closed = new Promise<void>((resolve) => (transport.onclose = resolve));

      await expect(client.connect(transport)).rejects.toThrow();
      await closed;
      expect(stderr).toMatch(/UNAUTHENTICATED: set ENGRAM_API_KEY/);
    });
  });
});
