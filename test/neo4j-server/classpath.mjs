// The server's classpath from pom.xml, resolved by Maven (from Maven Central into ~/.m2 the first time) and cached in
// target/ under a hash of the pom: later starts read the file and only check that every jar is still there.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = dirname(fileURLToPath(import.meta.url));
const POM = join(SERVER_DIR, 'pom.xml');

/** The Neo4j version pom.xml pins (its `neo4j.version` property). */
export function pinnedVersion() {
  const match = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) {
    throw new Error(`${POM} has no <neo4j.version> property`);
  }

  return match[1];
}

function cached(file) {
  if (!existsSync(file)) {
    return null;
  }
  const entries = readFileSync(file, 'utf8').trim().split(delimiter);

  return entries.length > 0 && entries.every((jar) => existsSync(jar)) ? entries : null;
}

/** The classpath entries, resolving them with `mvn` (its output on stderr) when the cache is missing or stale. */
export function resolveClasspath(mvn, log) {
  const hash = createHash('sha256').update(readFileSync(POM)).digest('hex').slice(0, 16);
  const file = join(SERVER_DIR, 'target', `classpath-${hash}.txt`);
  const hit = cached(file);
  if (hit) {
    return hit;
  }
  log(`resolving Neo4j ${pinnedVersion()} from Maven Central with ${mvn} (cached in ${file} afterwards)`);
  mkdirSync(dirname(file), { recursive: true });
  const run = spawnSync(
    mvn,
    ['-B', '-Dstyle.color=never', '-f', POM, 'dependency:build-classpath', `-Dmdep.outputFile=${file}`],
    {
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
  const entries = run.status === 0 ? cached(file) : null;
  if (!entries) {
    throw new Error(`mvn dependency:build-classpath failed (exit ${run.status ?? run.signal}): see its output above`);
  }

  return entries;
}
