import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';

export { projectRoot };

/**
 * The folder that holds the shared GraphQL contract and the benchmark data (`api.graphql`, `data/locomo`,
 * `data/memory-quality`), named by ENGRAM_SHARED_DIR: read at run time, never copied into the repository. Null when
 * the setting is absent.
 */
export function sharedDir(): string | null {
  const dir = process.env['ENGRAM_SHARED_DIR'];

  return dir !== undefined && dir.length > 0 ? dir : null;
}

/** A path inside the shared folder (ENGRAM_SHARED_DIR), or null when the setting is absent. */
export function sharedPath(relative: string): string | null {
  const dir = sharedDir();

  return dir === null ? null : join(dir, relative);
}
