/**
 * Where the similarity thresholds of each embedding model come from (src/embedding/similarity-thresholds.ts).
 *
 * Two kinds of sentence pairs, embedded by USE lite and by E5-small-v2:
 * - unrelated: the first statement of two different quality cases (bench/quality/cases.jsonl and the dev probe
 *   sets), and LoCoMo observations of two different conversations;
 * - should link: consecutive statements of one correction, duplicate or retraction case (the same slot updated,
 *   the same fact in other words, a take-back of it), and two LoCoMo observations citing the same dialog turn
 *   (related facts on one topic).
 * USE's thresholds are mapped to E5 by quantile matching: the E5 threshold lets the same share of unrelated pairs
 * through as USE's does. Where USE lets (almost) no unrelated pair through (near-duplicate, updates, consolidation),
 * the share of should-link pairs passing is matched instead. Prints both mappings and the share of each pair kind
 * passing at each value.
 *
 * npm run bench -- thresholds [unrelated pairs per source, default 4000]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { loadLocomo } from 'bench/support/locomo-dataset';
import { loadObservations } from 'bench/support/locomo-observations';
import { quantile, report, round } from 'bench/support/stats';
import { USE_LOCAL_MODEL } from 'src/config/config';
import type { Embedder } from 'src/domain/embedding.port';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { THRESHOLDS_BY_MODEL, USE_THRESHOLDS } from 'src/embedding/similarity-thresholds';
import type { SimilarityThresholds } from 'src/embedding/similarity-thresholds';
import { cosine } from 'src/embedding/vector-math';

const E5 = 'e5-small-v2';
const LINKING = new Set(['corrections', 'duplicates', 'retractions']);
/** Below this share of unrelated pairs passing, the tail is too thin to match on: match should-link pairs. */
const MIN_TAIL = 0.005;
const OBSERVATIONS_PER_CONVERSATION = 60;

interface Pair {
  a: string;
  b: string;
  kind: 'unrelated' | 'link';
  source: string;
}

/** mulberry32: a seeded generator, so every run draws the same pairs. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;

  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);

    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** cases.jsonl and the dev probe sets; the held-out sets are never read. */
function caseFiles(): string[] {
  const root = resolve(__dirname, 'quality');
  const probes = join(root, 'probes');
  const dev = readdirSync(probes)
    .filter((f) => f.startsWith('dev') && f.endsWith('.jsonl'))
    .map((f) => join(probes, f));

  return [join(root, 'cases.jsonl'), ...dev];
}

function casePairs(perSource: number, random: () => number): Pair[] {
  const firsts: string[] = [];
  const pairs: Pair[] = [];
  for (const file of caseFiles()) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') {
        continue;
      }
      const entry = JSON.parse(line) as { category: string; steps: unknown[][] };
      const says = entry.steps.filter((s) => s[0] === 'say' && typeof s[1] === 'string').map((s) => s[1] as string);
      if (says[0] !== undefined) {
        firsts.push(says[0]);
      }
      if (LINKING.has(entry.category)) {
        for (let i = 1; i < says.length; i++) {
          pairs.push({
            a: says[i - 1] as string,
            b: says[i] as string,
            kind: 'link',
            source: `cases:${entry.category}`,
          });
        }
      }
    }
  }
  for (let n = 0; n < perSource; n++) {
    const i = Math.floor(random() * firsts.length);
    const j = Math.floor(random() * firsts.length);
    if (i !== j && firsts[i] !== firsts[j]) {
      pairs.push({ a: firsts[i] as string, b: firsts[j] as string, kind: 'unrelated', source: 'cases' });
    }
  }

  return pairs;
}

function locomoPairs(perSource: number, random: () => number): Pair[] {
  const convs = loadLocomo().map((conv) => loadObservations(conv).slice(0, OBSERVATIONS_PER_CONVERSATION));
  const pairs: Pair[] = [];
  for (const observations of convs) {
    const byTurn = new Map<string, string[]>();
    for (const o of observations) {
      for (const id of o.turnIds) {
        byTurn.set(id, [...(byTurn.get(id) ?? []), o.content]);
      }
    }
    for (const same of byTurn.values()) {
      for (let i = 1; i < same.length; i++) {
        pairs.push({ a: same[0] as string, b: same[i] as string, kind: 'link', source: 'locomo:same-turn' });
      }
    }
  }
  for (let n = 0; n < perSource; n++) {
    const x = Math.floor(random() * convs.length);
    const y = Math.floor(random() * convs.length);
    const from = convs[x] ?? [];
    const to = convs[y] ?? [];
    if (x !== y && from.length > 0 && to.length > 0) {
      const a = from[Math.floor(random() * from.length)]?.content as string;
      const b = to[Math.floor(random() * to.length)]?.content as string;
      pairs.push({ a, b, kind: 'unrelated', source: 'locomo' });
    }
  }

  return pairs;
}

function embedderFor(model: string): Embedder {
  const modelsDir = process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models');

  return model === USE_LOCAL_MODEL
    ? new LocalEmbedder({ batchSize: 32 })
    : new OnnxEmbedder({ modelsDir, name: model, prefixes: true, batchSize: 32 });
}

async function cosines(model: string, pairs: readonly Pair[]): Promise<number[]> {
  const texts = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const embedder = embedderFor(model);
  const vectors = new Map<string, Float32Array>();
  try {
    for (let i = 0; i < texts.length; i += 64) {
      const batch = texts.slice(i, i + 64);
      const out = await embedder.embed(batch, { lane: 'bulk', role: 'passage' });
      batch.forEach((t, k) => vectors.set(t, out[k] as Float32Array));
    }
  } finally {
    await embedder.close?.();
  }

  return pairs.map((p) => cosine(vectors.get(p.a) as Float32Array, vectors.get(p.b) as Float32Array));
}

const passing = (sorted: readonly number[], t: number): number => sorted.filter((c) => c > t).length / sorted.length;

/** The value of `to` that lets the same share of its pairs through as `t` does in `from`. */
function matched(from: readonly number[], to: readonly number[], t: number): number {
  return quantile(to, 1 - passing(from, t));
}

function distribution(sorted: readonly number[]): Record<string, number> {
  const out: Record<string, number> = { n: sorted.length };
  for (const q of [0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99]) {
    out[`p${Math.round(q * 100)}`] = round(quantile(sorted, q), 3);
  }

  return out;
}

export async function runThresholdsBench(perSource = 4000): Promise<void> {
  const random = seeded(20240601);
  const pairs = [...casePairs(perSource, random), ...locomoPairs(perSource, random)];
  const byModel: Record<string, { unrelated: number[]; link: number[]; bySource: Record<string, number[]> }> = {};
  for (const model of [USE_LOCAL_MODEL, E5]) {
    const values = await cosines(model, pairs);
    const bySource: Record<string, number[]> = {};
    pairs.forEach((p, i) => {
      (bySource[`${p.kind} ${p.source}`] ??= []).push(values[i] as number);
    });
    const sorted = (kind: Pair['kind']): number[] =>
      values.filter((_, i) => pairs[i]?.kind === kind).sort((x, y) => x - y);
    Object.values(bySource).forEach((v) => v.sort((x, y) => x - y));
    byModel[model] = { unrelated: sorted('unrelated'), link: sorted('link'), bySource };
  }
  const use = byModel[USE_LOCAL_MODEL] as NonNullable<(typeof byModel)[string]>;
  const e5 = byModel[E5] as NonNullable<(typeof byModel)[string]>;
  const distributions = Object.fromEntries(
    Object.entries(byModel).map(([model, d]) => [
      model,
      Object.fromEntries(Object.entries(d.bySource).map(([k, v]) => [k, distribution(v)])),
    ]),
  );
  const chosen = THRESHOLDS_BY_MODEL[E5];
  const rows = (Object.keys(USE_THRESHOLDS) as (keyof SimilarityThresholds)[]).map((name) => {
    const t = USE_THRESHOLDS[name];
    const byUnrelated = matched(use.unrelated, e5.unrelated, t);
    const byLink = matched(use.link, e5.link, t);
    const shareUnrelated = passing(use.unrelated, t);
    const e5Value = chosen?.[name] ?? NaN;

    return {
      threshold: name,
      use: t,
      'USE unrelated >': round(shareUnrelated, 4),
      'USE link >': round(passing(use.link, t), 3),
      'E5 by unrelated share': round(byUnrelated, 3),
      'E5 by link share': round(byLink, 3),
      'E5 suggested': round(shareUnrelated >= MIN_TAIL ? byUnrelated : byLink, 3),
      'E5 chosen': e5Value,
      'E5 unrelated >': round(passing(e5.unrelated, e5Value), 4),
      'E5 link >': round(passing(e5.link, e5Value), 3),
    };
  });
  report('thresholds', { pairs: pairs.length, distributions, mapping: rows }, rows);
  const table = Object.entries(distributions).flatMap(([model, d]) =>
    Object.entries(d).map(([k, v]) => ({ model, pairs: k, ...v })),
  );
  process.stdout.write(`\n${JSON.stringify(table.length)} distributions:\n`);
  report('thresholds-distributions', distributions, table);
}
