import { GraphQLSchemaHost } from '@nestjs/graphql';
import { getNamedType, isInputObjectType, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';

import { origin, rest } from 'test/e2e/support/rest-client';
import { expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** What the test reads of the OpenAPI document. */
interface OpenApi {
  info: { description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}
interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, SchemaProperty> } }> };
}
interface SchemaProperty {
  properties?: Record<string, unknown>;
  anyOf?: { properties?: Record<string, unknown> }[];
}

/** Each GraphQL operation and the REST route doing the same (`METHOD /path`), or why it has none. */
const OPERATIONS: Record<string, string> = {
  // agent calls
  remember: 'POST /api/remember',
  recall: 'POST /api/recall',
  forget: 'POST /api/forget',
  appendMessage: 'POST /api/appendMessage',
  context: 'POST /api/context',
  searchMessages: 'POST /api/searchMessages',
  // reading and deleting
  memories: 'GET /api/memories',
  memory: 'GET /api/memories/{id}',
  history: 'GET /api/slots/{slot}/history',
  deleteMemory: 'DELETE /api/memories/{id}',
  channels: 'GET /api/channels',
  channel: 'GET /api/channels/{id}',
  messagePage: 'GET /api/channels/{id}/messages',
  messages: 'GET /api/channels/{id}/messages',
  deleteChannel: 'DELETE /api/channels/{id}',
  purgeSkill: 'DELETE /api/skills/{skillId}',
  bulletin: 'GET /api/bulletin',
  entities: 'GET /api/entities',
  entity: 'GET /api/entities/{id}',
  mergeEntities: 'POST /api/entities/merge',
  splitEntity: 'POST /api/entities/{id}/split',
  refreshBulletin: 'POST /api/bulletin/refresh',
  // admin
  tenants: 'GET /api/admin/tenants',
  createTenant: 'POST /api/admin/tenants',
  deleteTenant: 'DELETE /api/admin/tenants/{id}',
  apiKeys: 'GET /api/admin/keys',
  createApiKey: 'POST /api/admin/tenants/{id}/keys',
  revokeApiKey: 'DELETE /api/admin/keys/{id}',
  rotateApiKey: 'POST /api/admin/keys/{id}/rotate',
};
const GRAPHQL_ONLY: Record<string, string> = {
  bulletinRefreshed: 'a subscription: pushed over the WebSocket',
  configureChannel: 'channel settings: an operator task, not an agent call',
  compactChannel: 'compaction runs by itself; forcing it is for operators',
  importMemories: 'bulk import of items; REST imports whole export files (POST /api/import)',
  link: 'hand-made edges between memories',
  refreshImportance: 'rescoring runs by itself; forcing it is for operators',
};
const REST_ONLY: Record<string, string> = {
  'GET /api/tenant': 'which tenant a key opens (the viewer asks it)',
  'GET /api/memories/search': 'recall as a GET with query parameters (the viewer)',
  'POST /api/memories/{id}/forget': 'forget by path (the viewer)',
  'GET /api/memories/{id}/graph': 'the neighbourhood the viewer draws',
  'GET /api/export': 'the tenant as an NDJSON file',
  'POST /api/import': 'an NDJSON export file',
  'POST /api/purge': 'the whole tenant, with a confirmation body',
  'GET /api/entities/{id}/memories': 'an entity’s memories (GraphQL: the field Entity.memories)',
  'GET /api/entities/{id}/related': 'an entity’s neighbours (GraphQL: the field Entity.related)',
  'GET /api/backlog': "the viewer's owed-work box (operators read /metrics or the status command)",
};
/** GraphQL object types and the REST schemas answering with the same fields. */
const TYPES: Record<string, string> = {
  Memory: 'MemoryDto',
  MemorySource: 'MemorySourceDto',
  MemoryPage: 'MemoryPageDto',
  Association: 'AssociationDto',
  RecallResult: 'SearchResultDto',
  RecallHit: 'SearchHitDto',
  ScoreBreakdown: 'ScoreBreakdownDto',
  RememberResult: 'RememberResultDto',
  AppendMessageResult: 'AppendMessageResultDto',
  AgentContext: 'AgentContextDto',
  Message: 'MessageDto',
  MessageHit: 'MessageHitDto',
  MessageScoreBreakdown: 'MessageScoreBreakdownDto',
  Channel: 'ChannelDto',
  ChannelPage: 'ChannelPageDto',
  MessagePage: 'MessagePageDto',
  MessageMemories: 'MessageMemoriesDto',
  Bulletin: 'BulletinDto',
  TenantInfo: 'TenantInfo',
  ApiKeyInfo: 'ApiKeyInfo',
  IssuedApiKey: 'IssuedApiKey',
  TenantDeletion: 'TenantDeletion',
  ChannelDeletion: 'ChannelDeletion',
  SkillPurge: 'SkillPurge',
  Entity: 'EntityDto',
  RelatedEntity: 'RelatedEntityDto',
};
/** Fields GraphQL resolves to other objects, which REST gives by id or at their own route. */
const GRAPHQL_LINKS: Record<string, string[]> = {
  Memory: ['associations', 'supersededBy', 'entities'],
  Entity: ['memories', 'related'],
};
/** GraphQL input types and the REST call whose JSON body holds the same fields (`.source`: a nested object). */
const INPUTS: Record<string, string> = {
  RememberInput: 'POST /api/remember',
  SourceInput: 'POST /api/remember .source',
  RecallInput: 'POST /api/recall',
  MessageInput: 'POST /api/appendMessage',
  ContextInput: 'POST /api/context',
  SearchMessagesInput: 'POST /api/searchMessages',
};

function sorted(names: Iterable<string>): string[] {
  return [...names].sort();
}

function graphqlOperations(schema: GraphQLSchema): string[] {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type ? Object.keys(type.getFields()) : [],
  );
}

function restRoutes(doc: OpenApi): string[] {
  // /healthz and /metrics are for operators' tools, not API calls
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}

function bodyFields(doc: OpenApi, route: string): string[] {
  const [method = '', path = '', nested] = route.split(' ');
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  let properties: Record<string, unknown> | undefined = schema?.properties;
  if (nested !== undefined) {
    const property = schema?.properties?.[nested.slice(1)];
    properties = property?.properties ?? property?.anyOf?.find((s) => s.properties)?.properties;
  }

  return sorted(Object.keys(properties ?? {}));
}

describe('one API, two surfaces: GraphQL and REST offer the same calls and fields (e2e)', () => {
  let t: TestApp;
  let schema: GraphQLSchema;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await startTestApp();
    schema = t.app.get(GraphQLSchemaHost).schema;
    const response = await fetch(`${origin(t)}/api/docs-json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApi;
  }, 60_000);

  it('serves the document at /api/docs-json and /api/docs/openapi.json, its intro showing the header whole', async () => {
    const other = (await (await fetch(`${origin(t)}/api/docs/openapi.json`)).json()) as OpenApi;
    expect(other.paths).toEqual(doc.paths);
    // Swagger UI reads the intro as Markdown: outside code, <key> was taken for a tag and vanished
    expect(doc.info.description).toContain('`Authorization: Bearer <key>`');
  });

  afterAll(async () => {
    await t.close();
  });

  it('maps every GraphQL operation to a REST route (or says why not), and every REST route back', () => {
    expect(sorted(graphqlOperations(schema))).toEqual(
      sorted([...Object.keys(OPERATIONS), ...Object.keys(GRAPHQL_ONLY)]),
    );
    expect(sorted(restRoutes(doc))).toEqual(sorted(new Set([...Object.values(OPERATIONS), ...Object.keys(REST_ONLY)])));
  });

  it.each(Object.entries(TYPES))('answers with the fields of GraphQL %s in REST %s', (graphqlName, restName) => {
    const type = schema.getType(graphqlName);
    if (!isObjectType(type)) {
      throw new Error(`${graphqlName} is no GraphQL object type`);
    }
    const links = GRAPHQL_LINKS[graphqlName] ?? [];
    const graphqlFields = Object.keys(type.getFields()).filter((name) => !links.includes(name));
    const restFields = Object.keys(doc.components.schemas[restName]?.properties ?? {});

    expect(sorted(restFields)).toEqual(sorted(graphqlFields));
  });

  it.each(Object.entries(INPUTS))('takes the fields of GraphQL %s in the body of %s', (graphqlName, route) => {
    const type = schema.getType(graphqlName);
    if (!isInputObjectType(type)) {
      throw new Error(`${graphqlName} is no GraphQL input type`);
    }

    expect(bodyFields(doc, route)).toEqual(sorted(Object.keys(type.getFields())));
  });

  it('takes forget’s arguments in its body, and every mapped type is what the operations return', () => {
    expect(bodyFields(doc, OPERATIONS['forget'] ?? '')).toEqual(['id']);
    const returned = new Set(
      Object.keys(OPERATIONS).map((name) => {
        const field = schema.getQueryType()?.getFields()[name] ?? schema.getMutationType()?.getFields()[name];

        return field ? getNamedType(field.type).name : name;
      }),
    );
    for (const name of returned) {
      if (isObjectType(schema.getType(name))) {
        expect(Object.keys(TYPES)).toContain(name);
      }
    }
  });

  it('answers the agent calls over REST as GraphQL does', async () => {
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await rest<T>(t, path, { method: 'POST', body: JSON.stringify(body) });
      expect(`${path} ${response.status}`).toBe(`${path} 200`);

      return response.body;
    };
    const appended = await post<{ message: { id: string }; extracted: { memory: { id: string } | null }[] }>(
      '/api/appendMessage',
      { channelId: 'parity', role: 'USER', content: 'I live in Lisbon and I keep two cats.' },
    );
    expect(appended.extracted.length).toBeGreaterThan(0);
    const remembered = await post<{ outcome: string; memory: { id: string; fading: boolean } }>('/api/remember', {
      content: 'The user plays the cello on Sundays',
      occurredAt: '2026-01-02T03:04:05Z',
      source: { role: 'USER', channelId: 'parity' },
    });
    expect(remembered).toMatchObject({ outcome: 'CREATED', memory: { fading: false } });

    const viaRest = await post<{ hits: { memory: { id: string } }[]; usedVectors: boolean }>('/api/recall', {
      query: 'cello',
    });
    const viaGraphql = expectData(
      await t.gql<{ recall: { hits: { memory: { id: string } }[]; usedVectors: boolean } }>(
        'query { recall(input: { query: "cello" }) { usedVectors hits { memory { id } } } }',
      ),
      'recall',
    ).recall;
    expect(viaRest).toMatchObject(viaGraphql);
    expect(viaRest.hits[0]?.memory.id).toBe(remembered.memory.id);

    const context = await post<{ text: string; messages: unknown[] }>('/api/context', { channelId: 'parity' });
    expect(context.text).toContain('Lisbon');
    const found = await post<{ message: { id: string } }[]>('/api/searchMessages', { query: 'cats' });
    expect(found.map((hit) => hit.message.id)).toContain(appended.message.id);
    const forgotten = await post<{ status: string }>('/api/forget', { id: remembered.memory.id });
    expect(forgotten.status).toBe('FORGOTTEN');

    const bad = await rest<{ error: { code: string; message: string } }>(t, '/api/remember', {
      method: 'POST',
      body: JSON.stringify({ content: 'x', importance: 'high' }),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'BAD_USER_INPUT' } } });
    expect(bad.body.error.message).toContain('importance');
  }, 60_000);
});
