// The import graph of src/ collapsed to its first-level folders (the files directly in src/ count as one folder,
// `(root)`): folder-level cycles and the imports that run from a lower layer to a higher one. It reads the JSON
// that madge writes (type-only imports count; spec files are not importers; files outside src/ are left out):
//   npx madge@8.0.0 --ts-config tsconfig.json --extensions ts --json src | node scripts/import-layers.mjs
// Prints the cycles, the upward imports file by file and a summary line; exits 1 when there is a folder cycle.
import { readFileSync } from 'node:fs';

/** Bottom first; a folder may import its own layer and the ones below. */
const LAYERS = [
  ['common'],
  ['domain'],
  ['config'],
  ['store', 'embedding', 'llm', 'metrics', 'logging', 'pubsub'],
  [
    'auth',
    'conversation',
    'cortex',
    'extraction',
    'front-door',
    'health',
    'importance',
    'jobs',
    'memory',
    'observability',
    'rate-limit',
    'recall',
    'tenant-data',
  ],
  ['graphql', 'rest', 'mcp', 'viewer', 'cli'],
  ['(root)'],
];
const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));

const folderOf = (file) => (file.includes('/') ? file.split('/')[0] : '(root)');

const graph = JSON.parse(readFileSync(0, 'utf8'));
const edges = new Map(); // folder -> Map(folder -> [file imports])
for (const [file, imports] of Object.entries(graph)) {
  if (file.startsWith('..') || file.endsWith('.spec.ts')) {
    continue;
  }
  for (const imported of imports) {
    const from = folderOf(file);
    const to = folderOf(imported);
    if (imported.startsWith('..') || from === to) {
      continue;
    }
    for (const folder of [from, to]) {
      if (!layerOf.has(folder)) {
        throw new Error(`folder ${folder} has no layer in scripts/import-layers.mjs`);
      }
    }
    const targets = edges.get(from) ?? new Map();
    edges.set(from, targets);
    targets.set(to, [...(targets.get(to) ?? []), `${file} -> ${imported}`]);
  }
}

// Tarjan's strongly connected components: a component of more than one folder is a folder-level cycle.
const cycles = [];
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const visit = (folder) => {
  index.set(folder, index.size);
  low.set(folder, index.get(folder));
  stack.push(folder);
  onStack.add(folder);
  for (const next of edges.get(folder)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(folder, Math.min(low.get(folder), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(folder, Math.min(low.get(folder), index.get(next)));
    }
  }
  if (low.get(folder) === index.get(folder)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) {
      cycles.push(component.sort());
    }
  }
};
for (const folder of layerOf.keys()) {
  if (!index.has(folder)) {
    visit(folder);
  }
}

const upward = [];
for (const [from, targets] of edges) {
  for (const [to, imports] of targets) {
    if (layerOf.get(to) > layerOf.get(from)) {
      upward.push(...imports);
    }
  }
}

for (const cycle of cycles) {
  const inside = cycle.flatMap((from) =>
    cycle.filter((to) => edges.get(from)?.has(to)).map((to) => `${from} -> ${to} (${edges.get(from).get(to).length})`),
  );
  console.log(`folder cycle: ${cycle.join(', ')}: ${inside.join('; ')}`);
}
for (const line of upward.sort()) {
  console.log(`upward: ${line}`);
}
const storeDeps = [...(edges.get('store')?.keys() ?? [])].filter((to) => to !== 'domain' && to !== 'common');
console.log(
  `${cycles.length} folder cycles, ${upward.length} upward imports, store/ imports beyond domain/ and common/: ` +
    `${storeDeps.map((to) => `${to} (${edges.get('store').get(to).length})`).join(', ') || 'none'}`,
);
process.exitCode = cycles.length > 0 ? 1 : 0;
