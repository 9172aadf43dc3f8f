import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { COMMAND_HELP } from 'src/cli/help';
import { projectRoot } from 'src/common/project-root';
import { environmentVariables } from 'src/config/config';
import { WS_RATE_LIMITED } from 'src/graphql/graphql-ws';
import { WS_UNAUTHORIZED } from 'src/graphql/ws-auth';

const root = projectRoot(__dirname);
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));

/** The shell blocks of a markdown file, one command per entry (continuation lines joined). */
function shellCommands(markdown: string): string[] {
  return [...markdown.matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .flatMap((line) => line.split('&&'))
      .map((c) => c.trim())
      .filter((c) => c.length > 0 && !c.startsWith('#')),
  );
}

describe('README and docs', () => {
  const readme = read('README.md');
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

  it('should fit on a few screens', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
  });

  it('should run only commands that exist: npm scripts, CLI commands and settings', () => {
    const variables = new Set(environmentVariables().map((v) => v.name));
    for (const command of shellCommands(readme)) {
      const npm = /^npm (?:run )?([\w:-]+)/.exec(command);
      if (npm && npm[1] !== 'ci' && npm[1] !== 'install') {
        expect(['start', 'test', ...scripts]).toContain(npm[1]);
      }
      const cli = /node dist\/main\.js ([\w-]+)/.exec(command);
      if (cli) {
        expect(Object.keys(COMMAND_HELP)).toContain(cli[1]);
      }
      for (const exported of command.matchAll(/\b([A-Z][A-Z0-9_]{3,})=/g)) {
        expect([...variables, 'NEO4J_PASSWORD']).toContain(exported[1]);
      }
    }
  });

  it('should name only settings the service reads', () => {
    const variables = new Set(environmentVariables().map((v) => v.name));
    const named = [...readme.matchAll(/`([A-Z][A-Z0-9]+_[A-Z0-9_]+)`/g)].map((m) => m[1]!);
    expect(named.filter((name) => !variables.has(name))).toEqual([]);
  });

  it.each(docs)('%s should link only to files of the repository and point nowhere outside it', (file) => {
    const text = read(file);
    for (const link of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      const target = link[1]!;
      if (!/^[a-z]+:/.test(target)) {
        expect(existsSync(resolve(dirname(join(root, file)), target))).toBe(true);
      }
    }
    expect(text).not.toMatch(/\.\.\/shared|\/tmp\/|\/work\/|\bissue \d+/i);
  });

  it('should give the WebSocket close codes the server sends, and no other 44xx code', () => {
    const text = docs.map(read).join('\n');
    const codes = new Set([...text.matchAll(/\b(44\d\d)\b/g)].map((m) => Number(m[1])));
    expect([...codes].sort()).toEqual([WS_UNAUTHORIZED, WS_RATE_LIMITED].sort());
  });

  it('should explain every setting --help lists in docs/configuration.md', () => {
    const configuration = read('docs/configuration.md');
    const undocumented = environmentVariables()
      .map((v) => v.name)
      .filter((name) => !configuration.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('should document every variable of the browser check', () => {
    const configuration = read('docs/configuration.md');
    expect(configuration).toContain('`ENGRAM_ALLOWED_ORIGINS`');
    expect(configuration).toMatch(/## Security: the keyless mode/);
  });
});
