import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import { projectRoot } from 'src/common/project-root';

const EXTENSION = '.cypher';

export function defaultCypherDir(): string {
  return join(projectRoot(), 'cypher');
}

function listCypherFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        return listCypherFiles(path);
      }

      return entry.isFile() && entry.name.endsWith(EXTENSION) ? [path] : [];
    })
    .sort();
}

/**
 * Splits a file into statements. A statement ends with `;` at the end of a line (or with the file); full-line `//`
 * comments are dropped, so the text sent to the server starts with its `CYPHER 25` prefix.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    const statement = current.join('\n').trim();
    if (statement.length > 0) {
      statements.push(statement);
    }
    current = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trimStart().startsWith('//')) {
      continue;
    }
    const trimmed = line.trimEnd();
    if (trimmed.endsWith(';')) {
      current.push(trimmed.slice(0, -1));
      flush();
    } else {
      current.push(line);
    }
  }
  flush();

  return statements;
}

export interface CypherFile {
  /** Relative path without extension, `/`-separated: `memory/merge-memory`. */
  name: string;
  path: string;
  text: string;
  statements: string[];
}

/**
 * Every `.cypher` file under one folder, loaded once at boot and addressed by relative name. Asking for a name that
 * has no file fails, and `assertAllUsed` fails on files nobody runs, so queries and code cannot drift apart.
 */
export class CypherRegistry {
  private readonly files: ReadonlyMap<string, CypherFile>;

  private constructor(
    readonly dir: string,
    files: CypherFile[],
  ) {
    this.files = new Map(files.map((file) => [file.name, file]));
  }

  static load(dir: string = defaultCypherDir()): CypherRegistry {
    if (!existsSync(dir)) {
      throw new Error(`Cypher folder ${dir} does not exist`);
    }
    const files = listCypherFiles(dir).map((path): CypherFile => {
      const text = readFileSync(path, 'utf8');
      const name = relative(dir, path).slice(0, -EXTENSION.length).split(sep).join('/');

      return { name, path, text, statements: splitStatements(text) };
    });

    return new CypherRegistry(dir, files);
  }

  names(): string[] {
    return [...this.files.keys()];
  }

  file(name: string): CypherFile {
    const file = this.files.get(name);
    if (!file) {
      throw new Error(`No Cypher file "${name}" under ${this.dir} (expected ${name}${EXTENSION})`);
    }

    return file;
  }

  /** The single statement of a file; fails when the file holds none or several. */
  get(name: string): string {
    const { statements, path } = this.file(name);
    const [statement] = statements;
    if (statement === undefined || statements.length !== 1) {
      throw new Error(`${path} must hold exactly one statement, found ${statements.length}`);
    }

    return statement;
  }

  statements(name: string): string[] {
    return this.file(name).statements;
  }

  /**
   * Fails unless `used` and the loaded files match exactly, ignoring files under the `ignore` prefixes
   * (e.g. `browser/`, queries for people rather than code).
   */
  assertAllUsed(used: readonly string[], options: { ignore?: readonly string[] } = {}): void {
    const ignore = options.ignore ?? [];
    const usedSet = new Set(used);
    const missing = [...usedSet].filter((name) => !this.files.has(name));
    const ignored = (name: string): boolean => ignore.some((prefix) => name.startsWith(prefix));
    const unused = this.names().filter((name) => !usedSet.has(name) && !ignored(name));
    const problems = [
      ...missing.map((name) => `missing file for "${name}"`),
      ...unused.map((name) => `unused file ${this.file(name).path}`),
    ];
    if (problems.length > 0) {
      throw new Error(`Cypher registry (${this.dir}) does not match the code:\n  - ${problems.join('\n  - ')}`);
    }
  }
}
