import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The directory holding package.json, found by walking up (the same answer from src/, dist/ and tests). */
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
