import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';

const cache = new Map<string, string>();

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
