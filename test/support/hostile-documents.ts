/**
 * GraphQL documents an attacker would send, by kind and size, for the limit tests, the fuzz test and
 * `npm run bench -- hostile`. Every generator is deterministic; `size` is the knob the attack scales with.
 */

export interface HostileDocument {
  kind: HostileKind;
  size: number;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export type HostileKind =
  | 'fragment-bomb'
  | 'fragment-bomb-fields'
  | 'fragment-cycle'
  | 'alias-flood'
  | 'same-field-flood'
  | 'deep-nesting'
  | 'directive-flood'
  | 'huge-string'
  | 'huge-list'
  | 'many-operations'
  | 'many-variables';

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** `n` fragments, each spreading the next one twice: 2^n selections when expanded, which a cost walk that revisits fragments at every spread cannot finish. */
export function fragmentBomb(n: number): string {
  const fragments = range(n).map((i) =>
    i === n - 1 ? `fragment F${i} on Query { __typename }` : `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
  );

  return `query { ...F0 }\n${fragments.join('\n')}`;
}

/** The same bomb inside object fields, so field-merging and depth rules walk real selections. */
export function fragmentBombWithFields(n: number): string {
  const fragments = range(n).map((i) =>
    i === n - 1
      ? `fragment M${i} on Memory { id content }`
      : `fragment M${i} on Memory { id ...M${i + 1} supersededBy { ...M${i + 1} } }`,
  );

  return `query { memories { items { ...M0 } } }\n${fragments.join('\n')}`;
}

/** Fragments spreading each other in a ring: invalid, and a walker without a visited set never ends. */
export function fragmentCycle(n: number): string {
  const fragments = range(n).map((i) => `fragment C${i} on Query { __typename ...C${(i + 1) % n} }`);

  return `query { ...C0 }\n${fragments.join('\n')}`;
}

/** `n` aliases of a field that reads the store (aliases of `__typename` are free and not counted). */
export function aliasFlood(n: number): string {
  return `query { ${range(n)
    .map((i) => `a${i}: memories(limit: 1) { total }`)
    .join(' ')} }`;
}

/** The same field with arguments `n` times: graphql-js OverlappingFieldsCanBeMerged compares every pair. */
export function sameFieldFlood(n: number): string {
  return `query { ${'memory(id: "x") { id } '.repeat(n)}}`;
}

export function deepNesting(depth: number): string {
  return `query { memories { items { ${'associations { memory { '.repeat(depth)}id${' } }'.repeat(depth)} } } }`;
}

export function directiveFlood(n: number): string {
  return `query { __typename ${'@include(if: true) '.repeat(n)}}`;
}

export function hugeString(bytes: number): string {
  return `query { memory(id: "${'x'.repeat(bytes)}") { id } }`;
}

export function hugeList(n: number): string {
  return `query { memories(filter: { tags: [${'"t", '.repeat(n)}] }) { total } }`;
}

export function manyOperations(n: number): string {
  return range(n)
    .map((i) => `query Q${i} { __typename }`)
    .join('\n');
}

export function manyVariables(n: number): string {
  return `query Q(${range(n)
    .map((i) => `$v${i}: Int`)
    .join(', ')}) { __typename }`;
}

const GENERATORS: Readonly<Record<HostileKind, (size: number) => Omit<HostileDocument, 'kind' | 'size'>>> = {
  'fragment-bomb': (n) => ({ query: fragmentBomb(n) }),
  'fragment-bomb-fields': (n) => ({ query: fragmentBombWithFields(n) }),
  'fragment-cycle': (n) => ({ query: fragmentCycle(n) }),
  'alias-flood': (n) => ({ query: aliasFlood(n) }),
  'same-field-flood': (n) => ({ query: sameFieldFlood(n) }),
  'deep-nesting': (n) => ({ query: deepNesting(n) }),
  'directive-flood': (n) => ({ query: directiveFlood(n) }),
  'huge-string': (n) => ({ query: hugeString(n) }),
  'huge-list': (n) => ({ query: hugeList(n) }),
  'many-operations': (n) => ({ query: manyOperations(n), operationName: `Q${n - 1}` }),
  'many-variables': (n) => ({ query: manyVariables(n), operationName: 'Q' }),
};

export const HOSTILE_KINDS = Object.keys(GENERATORS) as HostileKind[];

export function hostileDocument(kind: HostileKind, size: number): HostileDocument {
  return { kind, size, ...GENERATORS[kind](size) };
}

/** A query a real client sends: one page of memories with their edges. */
export const FRIENDLY_QUERY = `query Friendly($limit: Int) {
  memories(limit: $limit) { total items { id type content status tags createdAt associations(limit: 5) { type weight memory { id } } } }
}`;

/** Two levels of edges under a page: `limit` variables multiply (500 × 200 × 200 is far over the cost limit). */
export const FAN_OUT_QUERY = `query($outer: Int, $inner: Int) {
  memories(limit: $outer) { items { associations(limit: $inner) { memory { associations(limit: $inner) { memory { id } } } } } }
}`;
