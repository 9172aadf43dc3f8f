import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root: the nearest folder above this file holding package.json. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error('package.json not found above ' + __dirname);
    }
    dir = parent;
  }

  return dir;
}

/** ../shared beside the checkout: the GraphQL contract and benchmark data, read at run time, never copied. */
export function sharedDir(): string {
  return resolve(projectRoot(), '..', 'shared');
}
