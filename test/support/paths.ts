import { resolve } from 'node:path';

import { projectRoot } from 'src/common/project-root';

export { projectRoot };

/** ../shared beside the checkout: the GraphQL contract and benchmark data, read at run time, never copied. */
export function sharedDir(): string {
  return resolve(projectRoot(), '..', 'shared');
}
