/**
 * Entity resolution: precision and recall of merges. Every labelled mention is written as a memory of its set's
 * tenant and linked by the EntityLinker (the write path's resolver) on a real SQLite store; two mentions are merged
 * when they end in one entity group. A pair of mentions of one set is a true merge when both have the same label.
 *
 *   npm run bench -- entities [hand | locomo]   (LoCoMo is read from LOCOMO_DIR at run time)
 *
 * Sets: `bench/entities/mentions.jsonl` (written by hand: case, diacritics, possessives, nicknames, short place
 * names, "my sister Ana" / "Ana", one name of several kinds or people), and per LoCoMo conversation its two speakers
 * and the people the turns name (labelled: a speaker's first name or its short form is the speaker, any other name a
 * person of its own).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadLocomo } from 'bench/support/locomo-dataset';
import { EntityKind } from 'src/domain/entity.types';
import { EntityLinker } from 'src/entities/entity-linker.service';
import { foldName } from 'src/entities/entity-names';
import { findMentions } from 'src/entities/find-mentions';
import type { Mention } from 'src/entities/find-mentions';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { remember, SPACE } from 'test/contract/memory-fixtures';

interface Labelled {
  set: string;
  kind: EntityKind;
  name?: string;
  text?: string;
  gold: string;
}

interface Resolved {
  gold: string;
  entity: string;
  surface: string;
}

interface Score {
  mentions: number;
  pairs: number;
  truePairs: number;
  predictedPairs: number;
  precision: number;
  recall: number;
  wrongMerges: string[];
  missedMerges: string[];
}

function handSets(): Labelled[] {
  const file = join(__dirname, 'entities', 'mentions.jsonl');

  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Labelled);
}

/** LoCoMo: each conversation's speakers and the people its turns name, labelled as the header says. */
function locomoSets(): Labelled[] {
  const rows: Labelled[] = [];
  for (const conversation of loadLocomo()) {
    const set = `locomo-${conversation.id}`;
    const speakers = conversation.speakers.map((s) => ({ name: s, key: foldName(s) }));
    for (const speaker of speakers) {
      rows.push({ set, kind: EntityKind.PERSON, name: speaker.name, gold: speaker.key });
    }
    const seen = new Set<string>();
    for (const turn of conversation.turns) {
      for (const mention of findMentions(turn.text, null)) {
        const key = foldName(mention.name);
        if (mention.kind !== EntityKind.PERSON || seen.has(key) || key === '') {
          continue;
        }
        seen.add(key);
        const first = key.split(' ')[0] ?? key;
        const speaker = speakers.find(
          (s) => s.key === key || s.key.split(' ')[0] === first || (first.length >= 2 && s.key.startsWith(first)),
        );
        rows.push({ set, kind: EntityKind.PERSON, name: mention.name, gold: speaker?.key ?? key });
      }
    }
    // a single name that is the first name of exactly one full name the conversation holds is that person
    const mine = rows.filter((row) => row.set === set);
    for (const row of mine) {
      const fulls = new Set(
        mine.filter((o) => o.gold.startsWith(`${row.gold} `) && o.gold.split(' ').length > 1).map((o) => o.gold),
      );
      const [full] = fulls;
      if (fulls.size === 1 && full !== undefined) {
        row.gold = full;
      }
    }
  }

  return rows;
}

function mentionOf(row: Labelled): Mention | null {
  if (row.text === undefined) {
    return { kind: row.kind, name: row.name ?? '' };
  }

  return findMentions(row.text, null).find((m) => m.kind === row.kind) ?? null;
}

async function resolveAll(stores: Stores, rows: Labelled[]): Promise<Map<string, Resolved[]>> {
  const linker = new EntityLinker(stores.entities, { entityLinking: true });
  const bySet = new Map<string, Resolved[]>();
  for (const [i, row] of rows.entries()) {
    const tenant = `entities-bench-${row.set}`;
    const mention = mentionOf(row);
    const memory = await remember(stores.memories, tenant, `mention ${i}: ${row.text ?? row.name ?? ''}`);
    const [entity] = mention ? await linker.linkMentions(tenant, memory.id, [mention]) : [];
    const list = bySet.get(row.set) ?? [];
    list.push({ gold: row.gold, entity: entity?.id ?? `unresolved-${i}`, surface: mention?.name ?? '(none found)' });
    bySet.set(row.set, list);
  }

  return bySet;
}

function score(bySet: Map<string, Resolved[]>): Score {
  let pairs = 0;
  let truePairs = 0;
  let predictedPairs = 0;
  let both = 0;
  const wrongMerges: string[] = [];
  const missedMerges: string[] = [];
  for (const list of bySet.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (!a || !b) {
          continue;
        }
        pairs += 1;
        const gold = a.gold === b.gold;
        const predicted = a.entity === b.entity;
        truePairs += gold ? 1 : 0;
        predictedPairs += predicted ? 1 : 0;
        both += gold && predicted ? 1 : 0;
        if (predicted && !gold) {
          wrongMerges.push(`${a.surface} (${a.gold}) = ${b.surface} (${b.gold})`);
        }
        if (gold && !predicted) {
          missedMerges.push(`${a.surface} / ${b.surface} (${a.gold})`);
        }
      }
    }
  }

  return {
    mentions: [...bySet.values()].reduce((n, list) => n + list.length, 0),
    pairs,
    truePairs,
    predictedPairs,
    precision: predictedPairs === 0 ? 1 : both / predictedPairs,
    recall: truePairs === 0 ? 1 : both / truePairs,
    wrongMerges,
    missedMerges,
  };
}

export async function runEntitiesBench(which: string | undefined): Promise<void> {
  const sets: Record<string, () => Labelled[]> = { hand: handSets, locomo: locomoSets };
  const names = which ? [which] : Object.keys(sets);
  const dir = mkdtempSync(join(tmpdir(), 'engram-entities-bench-'));
  const results: Record<string, Omit<Score, 'wrongMerges' | 'missedMerges'> & { wrong: string[]; missed: string[] }> =
    {};
  try {
    for (const name of names) {
      const load = sets[name];
      if (!load) {
        throw new Error(`unknown set ${name}: ${Object.keys(sets).join(', ')}`);
      }
      const stores = openSqliteStores(join(dir, `${name}.sqlite`));
      await stores.connection.init(SPACE);
      const { wrongMerges, missedMerges, ...counts } = score(await resolveAll(stores, load()));
      results[name] = { ...counts, wrong: wrongMerges.slice(0, 15), missed: missedMerges.slice(0, 15) };
      await stores.connection.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n\n`);
  process.stdout.write('set      mentions  pairs    same  merged  precision  recall\n');
  for (const [name, r] of Object.entries(results)) {
    process.stdout.write(
      `${name.padEnd(8)} ${String(r.mentions).padStart(8)} ${String(r.pairs).padStart(6)} ${String(r.truePairs).padStart(7)} ${String(r.predictedPairs).padStart(7)} ${r.precision.toFixed(3).padStart(10)} ${r.recall.toFixed(3).padStart(7)}\n`,
    );
  }
}
