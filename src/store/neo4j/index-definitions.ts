/**
 * The search indexes' definitions, as the schema declares them and as the database reports them, and what differs.
 * `CREATE ... IF NOT EXISTS` never changes an existing index, so a database made before an index gained a field or a
 * filter column keeps the old one (its filtered SEARCH then throws 22ND3, or a field goes unsearched); the boot compares
 * and rebuilds (neo4j-connection.ts). Hand-written parsing of two fixed statement shapes: the Cypher language-support
 * package has a parser, but its tree is for editors and far heavier than these regular expressions.
 */
export interface SearchIndexDefinition {
  name: string;
  kind: 'FULLTEXT' | 'VECTOR';
  label: string;
  /** Full-text fields, or the vector property alone. */
  properties: string[];
  /** A vector index's filter columns (`WITH [...]`), in order. */
  filters: string[];
  /** Full-text only. */
  analyzer: string | null;
  /** Vector only. */
  dimensions: number | null;
  /** Vector only, lower-cased. */
  similarity: string | null;
}

/** Neo4j's default full-text analyzer (db.index.fulltext.default_analyzer), for a statement that names none. */
const DEFAULT_ANALYZER = 'standard-no-stop-words';

function unquote(name: string): string {
  return name.trim().replace(/^`|`$/g, '');
}

/** `[n.`a`, n.b]` → ['a', 'b'] */
function propertyList(list: string | undefined): string[] {
  if (list === undefined || list.trim() === '') {
    return [];
  }

  return list.split(',').map((item) => unquote(item.trim().replace(/^`?\w+`?\./, '')));
}

/**
 * One CREATE FULLTEXT/VECTOR INDEX statement (the schema's, or SHOW INDEXES' createStatement) as a definition; null
 * for any other statement. `dimensions` stands in for a `$dimensions` parameter.
 */
export function parseIndexStatement(statement: string, dimensions: number | null = null): SearchIndexDefinition | null {
  const text = statement.replace(/\/\/.*$/gm, ' ').replace(/\s+/g, ' ');
  const head = /CREATE (FULLTEXT|VECTOR) INDEX (`[^`]+`|\w+)/i.exec(text);
  const label = /FOR \(\s*`?\w+`?\s*:\s*(`[^`]+`|\w+)\s*\)/i.exec(text);
  if (!head?.[1] || !head[2] || !label?.[1]) {
    return null;
  }
  const kind = head[1].toUpperCase() === 'FULLTEXT' ? 'FULLTEXT' : 'VECTOR';
  const config = (key: string): string | undefined => {
    const found = new RegExp(`\`${key.replace('.', '\\.')}\`\\s*:\\s*(?:'([^']*)'|([$\\w.]+))`, 'i').exec(text);

    return found?.[1] ?? found?.[2];
  };
  if (kind === 'FULLTEXT') {
    return {
      name: unquote(head[2]),
      kind,
      label: unquote(label[1]),
      properties: propertyList(/ON EACH \[([^\]]*)\]/i.exec(text)?.[1]),
      filters: [],
      analyzer: config('fulltext.analyzer') ?? DEFAULT_ANALYZER,
      dimensions: null,
      similarity: null,
    };
  }
  const size = config('vector.dimensions');

  return {
    name: unquote(head[2]),
    kind,
    label: unquote(label[1]),
    properties: propertyList(/\)\s*ON \(?\s*([^)\s]+?)\s*\)?\s*(?:WITH|OPTIONS|$)/i.exec(text)?.[1]),
    filters: propertyList(/\bWITH \[([^\]]*)\]/i.exec(text)?.[1]),
    analyzer: null,
    dimensions: size === undefined ? null : size.startsWith('$') ? dimensions : Number(size),
    similarity: config('vector.similarity_function')?.toLowerCase() ?? null,
  };
}

/** What SHOW INDEXES reports, as a definition: the structured columns first, the filter columns from createStatement. */
export function definitionFromShow(row: {
  name: string;
  type: string;
  labelsOrTypes: string[];
  properties: string[];
  indexConfig: Record<string, unknown>;
  createStatement: string | null;
}): SearchIndexDefinition {
  const parsed = row.createStatement === null ? null : parseIndexStatement(row.createStatement);
  const vector = row.type.toUpperCase() === 'VECTOR';
  // a filtered vector index's columns: from createStatement's WITH [...], else any properties after the vector's
  const filters = parsed !== null && parsed.filters.length > 0 ? parsed.filters : vector ? row.properties.slice(1) : [];
  const analyzer = row.indexConfig['fulltext.analyzer'];
  const dimensions = row.indexConfig['vector.dimensions'];
  const similarity = row.indexConfig['vector.similarity_function'];

  return {
    name: row.name,
    kind: vector ? 'VECTOR' : 'FULLTEXT',
    label: row.labelsOrTypes[0] ?? '',
    properties: vector ? row.properties.slice(0, 1) : [...row.properties],
    filters,
    analyzer: vector ? null : typeof analyzer === 'string' ? analyzer : DEFAULT_ANALYZER,
    dimensions: vector && typeof dimensions === 'number' ? dimensions : null,
    similarity: vector && typeof similarity === 'string' ? similarity.toLowerCase() : null,
  };
}

/** Why an existing index does not match its declaration: one line per difference; empty when they match. */
export function indexDifferences(declared: SearchIndexDefinition, actual: SearchIndexDefinition | undefined): string[] {
  if (actual === undefined) {
    return ['missing'];
  }
  const differences: string[] = [];
  const compare = (what: string, want: unknown, have: unknown): void => {
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      differences.push(`${what} ${JSON.stringify(have)} → ${JSON.stringify(want)}`);
    }
  };
  compare('type', declared.kind, actual.kind);
  compare('label', declared.label, actual.label);
  compare('properties', declared.properties, actual.properties);
  compare('filter columns', declared.filters, actual.filters);
  compare('analyzer', declared.analyzer, actual.analyzer);
  compare('dimensions', declared.dimensions, actual.dimensions);
  if (declared.similarity !== null) {
    compare('similarity', declared.similarity, actual.similarity);
  }

  return differences;
}
