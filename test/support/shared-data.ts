import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { sharedDir } from 'test/support/paths';

/**
 * `describe` for a suite that reads `../shared/<relative>` (the GraphQL contract, LoCoMo, ...). When the folder is
 * there, or under CI=true, the suite runs as it is (and fails as before without the data). Otherwise it says so in
 * one line and is skipped: a checkout outside the team's layout still runs every other test. The suite's body is not
 * even collected when skipped, since collecting may read the data.
 */
export function describeWithSharedData(relative: string, name: string, suite: () => void): void {
  const path = join(sharedDir(), relative);
  if (existsSync(path) || process.env['CI'] === 'true') {
    describe(name, suite);

    return;
  }
  process.stderr.write(`skipped "${name}": it needs ${path}, which is not there (under CI=true it fails instead)\n`);
  describe.skip(name, () => {
    it(`needs ${path}`, () => undefined);
  });
}
