import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const cache = new Map<string, string>();

/** The directory holding package.json, found by walking up from here (works from src/ and from dist/). */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`package.json not found above ${from}`);
    }
    dir = parent;
  }

  return dir;
}

/** Reads `src/llm/prompts/<name>.md` once; a missing prompt throws, so it fails at boot, not mid-request. */
export function loadPrompt(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) {
    return cached;
  }
  const text = readFileSync(join(projectRoot(), 'src', 'llm', 'prompts', `${name}.md`), 'utf8').trim();
  cache.set(name, text);

  return text;
}
