import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';

/**
 * The node arguments that run the real entry point, `src/main.ts`, from source: ts-node with SWC as the transpiler
 * (test/support/ts-node-swc.js) and the `src/*` paths resolved. Append the command and its arguments.
 */
export const MAIN_TS_ARGS: readonly string[] = [
  '-r',
  join(projectRoot(), 'test', 'support', 'ts-node-swc.js'),
  '-r',
  'tsconfig-paths/register',
  'src/main.ts',
];
