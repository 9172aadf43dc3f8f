import { performance } from 'node:perf_hooks';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { parse, specifiedRules, validate } from 'graphql';
import type { DocumentNode, GraphQLSchema } from 'graphql';

import { startBenchApp } from 'bench/support/bench-app';
import { report, round, summarize } from 'bench/support/stats';
import { limitRules, PARSE_OPTIONS, VALIDATION_OPTIONS } from 'src/graphql/limits';
import { operationCost } from 'src/graphql/query-cost';
import { FRIENDLY_QUERY, HOSTILE_KINDS, hostileDocument } from 'test/support/hostile-documents';
import type { HostileDocument, HostileKind } from 'test/support/hostile-documents';

/** Sizes per kind: the attack's own knob (fragments, aliases, depth, bytes, ...), up to ~1.5 MB bodies (limit 2 MB). */
const SIZES: Readonly<Record<HostileKind, readonly number[]>> = {
  'fragment-bomb': [20, 40, 80],
  'fragment-bomb-fields': [20, 40, 80],
  'fragment-cycle': [10, 100, 1000],
  'alias-flood': [100, 1_000, 10_000],
  'same-field-flood': [100, 1_000, 10_000],
  'deep-nesting': [10, 100, 1_000],
  'directive-flood': [100, 1_000, 10_000],
  'huge-string': [1_000, 100_000, 1_500_000],
  'huge-list': [1_000, 10_000, 100_000],
  'many-operations': [100, 1_000, 10_000],
  'many-variables': [100, 1_000, 10_000],
};

const KEY = 'bench-hostile-key-0001';

interface HttpSample {
  medianMs: number;
  p95Ms: number;
  status: number;
  code: string;
}

interface Row {
  kind: string;
  size: number;
  bytes: number;
  unauthenticated: HttpSample;
  authenticated: HttpSample;
  stages: Stages;
}

/** Milliseconds of each stage in process, as the pipeline runs them (null: an earlier stage refused the document). */
interface Stages {
  jsonMs: number;
  parseMs: number;
  validateMs: number | null;
  costMs: number | null;
  /** validation of the document parsed without the token limit: the work the limit spares us */
  validateUnlimitedMs: number;
}

function time<T>(fn: () => T): [T, number] {
  const started = performance.now();
  const value = fn();

  return [value, performance.now() - started];
}

async function post(
  url: string,
  body: string,
  key: string | null,
): Promise<{ ms: number; status: number; code: string }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });
  const json = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  const ms = performance.now() - started;

  return { ms, status: response.status, code: json.errors?.[0]?.extensions?.code ?? 'data' };
}

function bodyOf(doc: Pick<HostileDocument, 'query' | 'variables' | 'operationName'>, nonce?: string): string {
  // a comment makes every request a new document: Apollo caches parsed and validated documents by hash
  const query = nonce === undefined ? doc.query : `${doc.query}\n# ${nonce}`;

  return JSON.stringify({ query, variables: doc.variables, operationName: doc.operationName });
}

async function measureHttp(
  url: string,
  doc: HostileDocument,
  key: string | null,
  repetitions: number,
): Promise<HttpSample> {
  const samples: number[] = [];
  let last = { status: 0, code: '' };
  for (let i = 0; i < repetitions; i++) {
    const { ms, status, code } = await post(url, bodyOf(doc, `${key ? 'key' : 'anonymous'} ${i}`), key);
    samples.push(ms);
    last = { status, code };
  }
  const s = summarize(samples);

  return { medianMs: round(s.median), p95Ms: round(s.p95), ...last };
}

function measureStages(schema: GraphQLSchema, doc: HostileDocument, body: string): Stages {
  const rules = [...specifiedRules, ...limitRules({ introspection: false })];
  const [, jsonMs] = time(() => JSON.parse(body) as unknown);
  const [document, parseMs] = time((): DocumentNode | null => {
    try {
      return parse(doc.query, PARSE_OPTIONS);
    } catch {
      return null;
    }
  });
  let validateMs: number | null = null;
  let costMs: number | null = null;
  if (document) {
    const [errors, ms] = time(() => validate(schema, document, rules, VALIDATION_OPTIONS));
    validateMs = ms;
    if (errors.length === 0) {
      costMs = time(() => operationCost(schema, document, doc.operationName, doc.variables))[1];
    }
  }
  let validateUnlimitedMs = NaN;
  try {
    const unlimited = parse(doc.query);
    validateUnlimitedMs = time(() => validate(schema, unlimited, rules, VALIDATION_OPTIONS))[1];
  } catch {
    // deeper than the parser's stack: refused by the token limit long before
  }

  return { jsonMs, parseMs, validateMs, costMs, validateUnlimitedMs };
}

/**
 * What hostile documents cost the server, over HTTP against the booted app: per document kind and size, median
 * and p95 ms per request with no API key (refused before parsing) and with a valid one (parsed, validated,
 * refused by a limit or answered), against a friendly query; plus each pipeline stage timed in process.
 */
export async function runHostile(repetitions = 15, kinds: readonly HostileKind[] = HOSTILE_KINDS): Promise<void> {
  const bench = await startBenchApp({
    ENGRAM_API_KEYS: `bench:${KEY}`,
    EMBEDDINGS: 'hash',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const rows: Row[] = [];
  try {
    const schema = bench.app.get(GraphQLSchemaHost).schema;
    const items = Array.from({ length: 100 }, (_, i) => ({
      content: `Hostile bench memory number ${i} about topic ${i % 7}`,
    }));
    await post(
      bench.url,
      JSON.stringify({
        query: 'mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created } }',
        variables: { items },
      }),
      KEY,
    );
    const friendly: HostileDocument = {
      kind: 'fragment-bomb',
      size: 0,
      query: FRIENDLY_QUERY,
      variables: { limit: 100 },
    };
    const friendlyBody = bodyOf(friendly);
    await measureHttp(bench.url, friendly, KEY, 5); // warm up
    rows.push({
      kind: 'friendly (100 memories, 5 edges each)',
      size: 0,
      bytes: friendlyBody.length,
      unauthenticated: await measureHttp(bench.url, friendly, null, repetitions),
      authenticated: await measureHttp(bench.url, friendly, KEY, repetitions),
      stages: measureStages(schema, friendly, friendlyBody),
    });
    for (const kind of kinds) {
      for (const size of SIZES[kind]) {
        const doc = hostileDocument(kind, size);
        const body = bodyOf(doc);
        rows.push({
          kind,
          size,
          bytes: body.length,
          unauthenticated: await measureHttp(bench.url, doc, null, repetitions),
          authenticated: await measureHttp(bench.url, doc, KEY, repetitions),
          stages: measureStages(schema, doc, body),
        });
        process.stderr.write(`${kind} ${size}: ${JSON.stringify(rows[rows.length - 1])}\n`);
      }
    }
  } finally {
    await bench.close();
  }
  const ms = (v: number | null): string | number => (v === null ? '–' : Number.isNaN(v) ? 'stack' : round(v));
  report(
    'hostile',
    { repetitions, rows },
    rows.map((r) => ({
      document: r.kind,
      size: r.size,
      KB: round(r.bytes / 1024, 1),
      'no key: median / p95 ms': `${r.unauthenticated.medianMs} / ${r.unauthenticated.p95Ms}`,
      'no key: answer': `${r.unauthenticated.status} ${r.unauthenticated.code}`,
      'key: median / p95 ms': `${r.authenticated.medianMs} / ${r.authenticated.p95Ms}`,
      'key: answer': `${r.authenticated.status} ${r.authenticated.code}`,
      'stages ms: JSON / parse / validate / cost': [
        r.stages.jsonMs,
        r.stages.parseMs,
        r.stages.validateMs,
        r.stages.costMs,
      ]
        .map(ms)
        .join(' / '),
      'validate without token limit ms': ms(r.stages.validateUnlimitedMs),
    })),
  );
}
