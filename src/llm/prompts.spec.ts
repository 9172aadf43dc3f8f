import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { loadPrompt } from 'src/llm/prompts';

describe('prompts', () => {
  it('should find the project root from a compiled dist/ directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-root-'));
    try {
      writeFileSync(join(root, 'package.json'), '{}');
      const compiled = join(root, 'dist', 'src', 'llm');
      mkdirSync(compiled, { recursive: true });

      expect(projectRoot(compiled)).toBe(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('should load the contradiction prompt', () => {
    expect(loadPrompt('contradiction')).toContain('contradicts');
  });

  it('should throw for a missing prompt', () => {
    expect(() => loadPrompt('no-such-prompt')).toThrow(/ENOENT/);
  });
});
