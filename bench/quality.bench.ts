import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import { judge, readCases } from 'bench/support/quality-cases';
import type { ActiveMemory, QualityCase, Replay } from 'bench/support/quality-cases';
import { report, round, summarize } from 'bench/support/stats';
import { sharedPath } from 'test/support/paths';

/**
 * Remembering correctly: replays memory-quality cases through the public GraphQL API of a booted
 * service (default embedded mode: SQLite, no LLM, local embeddings unless EMBEDDINGS says otherwise), one tenant
 * per case, and prints the pass rate per file and category, every failure with what was ACTIVE, and the write
 * latency of `remember` and `appendMessage`.
 *
 *   npm run bench -- quality                      every set: the shared cases, the repository's own and each probe set
 *   npm run bench -- quality path/to/cases.jsonl  other files
 *
 * A set whose file name starts with `heldout` measures the write path for people who never read it: only its rates
 * are printed, never its failures or sentences.
 */

const SHARED = sharedPath('data/memory-quality/cases.jsonl');
const OWN = join(__dirname, 'quality', 'cases.jsonl');
const PROBES = join(__dirname, 'quality', 'probes');

/** The shared cases, the repository's own, then every probe set in name order. */
function everySet(): string[] {
  const probes = readdirSync(PROBES)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(PROBES, name));

  return [...(SHARED === null ? [] : [SHARED]), OWN, ...probes];
}

const heldOut = (file: string): boolean => basename(file).startsWith('heldout');
const RETRY_MS = 3000;

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id type tags } } }`;
const APPEND = `mutation($input: MessageInput!) { appendMessage(input: $input) { extracted { outcome memory { id type tags } } } }`;
const ACTIVE = `query { memories(limit: 500) { items { id content slot type tags } } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { hits { memory { content } } } }`;

interface WriteResult {
  outcome: string;
  memory: { id: string; type: string; tags: string[] } | null;
}

interface CaseResult {
  file: string;
  id: string;
  category: string;
  failures: string[];
  active: string[];
}

type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

function client(url: string, key: string): Gql {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors || !body.data) {
      throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
    }

    return body.data;
  };
}

const stored = (results: WriteResult[]): WriteResult[] =>
  results.filter((r) => (r.outcome === 'CREATED' || r.outcome === 'REINFORCED') && r.memory);

async function replay(
  gql: Gql,
  testCase: QualityCase,
  latency: { remember: number[]; say: number[] },
): Promise<Replay> {
  const storedBy: string[][] = [];
  let last: Replay['last'] = null;
  for (const [verb, text, options = {}] of testCase.steps) {
    const started = performance.now();
    let results: WriteResult[];
    if (verb === 'say') {
      const input = {
        channelId: `ch-${testCase.id}`,
        role: options.role ?? 'USER',
        content: text,
        trust: options.trust,
        speaker: options.speaker,
      };
      results = (await gql<{ appendMessage: { extracted: WriteResult[] } }>(APPEND, { input })).appendMessage.extracted;
      latency.say.push(performance.now() - started);
    } else {
      const input = {
        content: text,
        source: { role: options.role ?? 'USER' },
        ...(options.type ? { type: options.type.toUpperCase() } : {}),
      };
      results = [(await gql<{ remember: WriteResult }>(REMEMBER, { input })).remember];
      latency.remember.push(performance.now() - started);
    }
    const kept = stored(results);
    storedBy.push(kept.map((r) => r.memory!.id));
    const lastKept = kept[kept.length - 1]?.memory;
    last = lastKept ? { type: lastKept.type, tags: lastKept.tags } : null;
  }

  return { storedBy, last, recalled: [] };
}

async function judgeCase(
  gql: Gql,
  testCase: QualityCase,
  replayed: Replay,
): Promise<{ failures: string[]; active: ActiveMemory[] }> {
  const deadline = Date.now() + RETRY_MS;
  for (;;) {
    const active = (await gql<{ memories: { items: ActiveMemory[] } }>(ACTIVE)).memories.items;
    const recalled = testCase.expect.recall
      ? (
          await gql<{ recall: { hits: { memory: { content: string } }[] } }>(RECALL, {
            input: { query: testCase.expect.recall[0], limit: 5 },
          })
        ).recall.hits.map((h) => h.memory.content)
      : [];
    const failures = judge(testCase.expect, active, { ...replayed, recalled });
    if (failures.length === 0 || Date.now() > deadline) {
      return { failures, active };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function runQuality(files: string[]): Promise<void> {
  if (files.length === 0 && SHARED === null) {
    process.stderr.write('the shared cases are left out: ENGRAM_SHARED_DIR names the folder that holds them\n');
  }
  const sets = (files.length > 0 ? files : everySet()).map((file) => ({ file, cases: readCases(file) }));
  const total = sets.reduce((n, s) => n + s.cases.length, 0);
  const keys = Array.from({ length: total }, (_, i) => `q${i}:quality-key-${i}-0000`);
  const embeddings = process.env['EMBEDDINGS'] ?? 'local';
  const bench = await startBenchApp({
    EMBEDDINGS: embeddings,
    ENGRAM_API_KEYS: keys.join(','),
    RATE_LIMIT_PER_MINUTE: '0',
    // WRITE_INTENT_MODEL=false measures the write path without its learned intent classifier
    ...(process.env['WRITE_INTENT_MODEL'] ? { WRITE_INTENT_MODEL: process.env['WRITE_INTENT_MODEL'] } : {}),
  });
  const latency = { remember: [] as number[], say: [] as number[] };
  const results: CaseResult[] = [];
  try {
    let tenant = 0;
    for (const { file, cases } of sets) {
      for (const testCase of cases) {
        const gql = client(bench.url, keys[tenant]!.split(':')[1]!);
        tenant += 1;
        let failures: string[];
        let active: ActiveMemory[] = [];
        try {
          const replayed = await replay(gql, testCase, latency);
          ({ failures, active } = await judgeCase(gql, testCase, replayed));
        } catch (error) {
          failures = [`error: ${error instanceof Error ? error.message : String(error)}`];
        }
        results.push({
          file: label(file),
          id: testCase.id,
          category: testCase.category,
          failures,
          active: active.map((m) => `${m.slot ? `[${m.slot}] ` : ''}${m.content}`),
        });
      }
    }
  } finally {
    await bench.close();
  }
  printReport(results, latency, embeddings);
}

function label(file: string): string {
  return file === SHARED ? 'shared' : file === OWN ? 'own' : basename(file, '.jsonl');
}

function printReport(results: CaseResult[], latency: { remember: number[]; say: number[] }, embeddings: string): void {
  const groups = new Map<string, CaseResult[]>();
  for (const r of results) {
    for (const key of [`${r.file} | ${r.category}`, `${r.file} | ALL`]) {
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
  }
  const rows = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rs]) => {
      const [file = '', category = ''] = key.split(' | ');
      const passed = rs.filter((r) => r.failures.length === 0).length;

      return { file, category, cases: rs.length, passed, 'pass %': round((100 * passed) / rs.length, 1) };
    });
  const failed = results.filter((r) => r.failures.length > 0 && !heldOut(r.file));
  for (const r of failed) {
    process.stderr.write(
      `FAIL ${r.file} ${r.id} (${r.category}): ${r.failures.join('; ')}\n     ACTIVE: ${JSON.stringify(r.active)}\n`,
    );
  }
  const remember = summarize(latency.remember);
  const say = summarize(latency.say);
  const latencyRows = [
    {
      file: 'latency',
      category: 'remember',
      cases: remember.n,
      passed: `median ${round(remember.median)} ms`,
      'pass %': `p95 ${round(remember.p95)} ms`,
    },
    {
      file: 'latency',
      category: 'appendMessage',
      cases: say.n,
      passed: `median ${round(say.median)} ms`,
      'pass %': `p95 ${round(say.p95)} ms`,
    },
  ];
  report(
    'quality',
    {
      embeddings,
      rates: rows,
      failures: failed.map((r) => ({
        file: r.file,
        id: r.id,
        category: r.category,
        failures: r.failures,
        active: r.active,
      })),
      latencyMs: {
        remember: { median: round(remember.median), p95: round(remember.p95) },
        appendMessage: { median: round(say.median), p95: round(say.p95) },
      },
    },
    [...rows, ...latencyRows],
  );
}
