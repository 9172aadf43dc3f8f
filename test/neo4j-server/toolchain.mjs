// What the test server needs on the machine: a JDK of Java 21 or newer (Neo4j 2025.x / 2026.x) and Apache Maven. Each
// lookup returns what it found or throws a MissingTool whose message says what is missing and how to get it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MIN_JAVA = 21;
/** Debian's JVM folder: where `apt-get install temurin-25-jdk` (and openjdk-*-jdk) put their JDKs. */
const JVM_FOLDER = '/usr/lib/jvm';

export class MissingTool extends Error {}

/** The feature version of the JDK at `home` (25 for "25.0.1", 8 for "1.8.0"), null when it is no JDK. */
function javaVersion(home) {
  if (!existsSync(join(home, 'bin', 'java'))) {
    return null;
  }
  const release = join(home, 'release');
  const text = existsSync(release)
    ? readFileSync(release, 'utf8')
    : spawnSync(join(home, 'bin', 'java'), ['-version'], { encoding: 'utf8' }).stderr;
  const match = /version[ =]"(?:1\.)?(\d+)/i.exec(text ?? '');

  return match ? Number(match[1]) : null;
}

/** JAVA_HOME when it is Java 21+, else the newest Java 21+ in Debian's JVM folder. */
export function findJdk(env = process.env) {
  const fromEnv = env.JAVA_HOME;
  if (fromEnv && (javaVersion(fromEnv) ?? 0) >= MIN_JAVA) {
    return { home: fromEnv, version: javaVersion(fromEnv) };
  }
  const candidates = existsSync(JVM_FOLDER)
    ? readdirSync(JVM_FOLDER)
        .map((name) => ({ home: join(JVM_FOLDER, name), version: javaVersion(join(JVM_FOLDER, name)) }))
        .filter((jdk) => (jdk.version ?? 0) >= MIN_JAVA)
        .sort((a, b) => b.version - a.version)
    : [];
  if (candidates.length > 0) {
    return candidates[0];
  }
  const seen = fromEnv ? `JAVA_HOME=${fromEnv} is Java ${javaVersion(fromEnv) ?? '(not a JDK)'}` : 'JAVA_HOME is unset';
  const folder = existsSync(JVM_FOLDER) ? readdirSync(JVM_FOLDER).join(', ') || 'nothing' : 'no such folder';
  throw new MissingTool(
    `No JDK ${MIN_JAVA} or newer: ${seen}, and ${JVM_FOLDER} holds ${folder}.\n` +
      `Neo4j 2025.x/2026.x needs Java ${MIN_JAVA}+. Install one (e.g. Temurin: apt-get install temurin-25-jdk from ` +
      `Adoptium's apt repository, or openjdk-21-jdk) or point JAVA_HOME at one; or run Neo4j with ` +
      `\`docker compose up -d neo4j\` instead.`,
  );
}

/** The `mvn` command, when Maven is on the PATH. */
export function findMaven() {
  const probe = spawnSync('mvn', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new MissingTool(
      'Apache Maven (mvn) is not on the PATH: it resolves the Neo4j server from Maven Central.\n' +
        'Install it (apt-get install maven, or https://maven.apache.org/install.html); or run Neo4j with ' +
        '`docker compose up -d neo4j` instead.',
    );
  }

  return 'mvn';
}
