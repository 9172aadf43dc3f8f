import { existsSync } from 'node:fs';

import { sharedPath } from 'test/support/paths';

/**
 * `describe` for a suite that reads the shared folder (the GraphQL contract, LoCoMo, ...; ENGRAM_SHARED_DIR names
 * it). When the data is there the suite runs; otherwise it says so in one line and is skipped, so a checkout without
 * the data still runs every other test. The suite's body is not even collected when skipped, since collecting may
 * read the data.
 */
export function describeWithSharedData(relative: string, name: string, suite: () => void): void {
  const path = sharedPath(relative);
  if (path !== null && existsSync(path)) {
    describe(name, suite);

    return;
  }
  const why = path === null ? 'ENGRAM_SHARED_DIR is not set' : `${path} is not there`;
  process.stderr.write(`skipped "${name}": it needs the shared ${relative}, and ${why}\n`);
  describe.skip(name, () => {
    it(`needs the shared ${relative}`, () => undefined);
  });
}
