// A real Neo4j Community server for the tests, from Maven Central (the version pom.xml pins, the compose image's).
//   node test/neo4j-server/neo4j-server.mjs start   (npm run neo4j:start) start it in the background on a fresh
//       temporary home, wait for Bolt, print `NEO4J_URI=... NEO4J_USER=... NEO4J_PASSWORD=...` on stdout (progress goes
//       to stderr); when one already runs on that port, print its settings again
//   node test/neo4j-server/neo4j-server.mjs stop    (npm run neo4j:stop) SIGTERM it, wait for its clean shutdown,
//       remove its home
//   node test/neo4j-server/neo4j-server.mjs java-home   print the JDK it runs on (for JAVA_HOME in .ci/run)
// Settings: NEO4J_PORT (Bolt, default 7687), NEO4J_PASSWORD (default engram-test-password), NEO4J_HEAP (default 512m),
// NEO4J_PAGECACHE (default 256m), JAVA_HOME (a JDK 21+; else the newest in /usr/lib/jvm).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pinnedVersion, resolveClasspath } from './classpath.mjs';
import { jvmOptions, serverSettings } from './settings.mjs';
import { findJdk, findMaven, MissingTool } from './toolchain.mjs';
import neo4j from 'neo4j-driver';

const USER = 'neo4j';
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

const log = (line) => process.stderr.write(`neo4j-server: ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function boltPort() {
  const port = Number(process.env.NEO4J_PORT ?? 7687);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`NEO4J_PORT must be a TCP port, got ${process.env.NEO4J_PORT}`);
  }

  return port;
}

const stateFile = (port) => join(tmpdir(), `engram-neo4j-${port}.json`);

function readState(port) {
  return existsSync(stateFile(port)) ? JSON.parse(readFileSync(stateFile(port), 'utf8')) : null;
}

/** Whether `pid` is still the server started on `home` (not a recycled process id). */
function running({ pid, home }) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(home);
  } catch {
    return false;
  }
}

function forget(state) {
  rmSync(state.home, { recursive: true, force: true });
  rmSync(stateFile(state.port), { force: true });
}

const settingsLine = ({ port, password }) =>
  `NEO4J_URI=bolt://127.0.0.1:${port} NEO4J_USER=${USER} NEO4J_PASSWORD=${password}`;

function portTaken(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Resolves when Bolt accepts the credentials; throws when the server exits first or the time runs out. */
async function waitForBolt(state, timeoutMs) {
  const driver = neo4j.driver(`bolt://127.0.0.1:${state.port}`, neo4j.auth.basic(USER, state.password), {
    connectionTimeout: 2_000,
    maxConnectionPoolSize: 1,
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        await driver.verifyConnectivity();

        return;
      } catch (error) {
        if (/Security/.test(error.code ?? '')) {
          throw new Error(`Bolt on port ${state.port} refused the credentials: ${error.message}`);
        }
        if (!running(state)) {
          throw new Error('the server exited while starting');
        }
        if (Date.now() > deadline) {
          throw new Error(`Bolt did not answer within ${timeoutMs / 1000} s`);
        }
      }
      await sleep(500);
    }
  } finally {
    await driver.close();
  }
}

function writeConfig(home, port) {
  const settings = serverSettings({ port, pageCache: process.env.NEO4J_PAGECACHE ?? '256m' });
  const lines = Object.entries(settings).map(([key, value]) => `${key}=${value}`);
  mkdirSync(join(home, 'conf'));
  writeFileSync(join(home, 'conf', 'neo4j.conf'), `${lines.join('\n')}\n`);
}

/** neo4j-admin dbms set-initial-password, run before the first start (Operations Manual, Set an initial password). */
function setInitialPassword(java, classpath, home, password) {
  const run = spawnSync(
    java,
    ['-cp', classpath.join(delimiter), 'org.neo4j.cli.AdminTool', 'dbms', 'set-initial-password', password],
    { env: { ...process.env, NEO4J_HOME: home, NEO4J_CONF: join(home, 'conf') }, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    throw new Error(`neo4j-admin dbms set-initial-password failed:\n${run.stdout}${run.stderr}`);
  }
}

async function start() {
  const port = boltPort();
  const existing = readState(port);
  if (existing && running(existing)) {
    await waitForBolt(existing, START_TIMEOUT_MS);
    log(`already running (pid ${existing.pid}, home ${existing.home})`);
    process.stdout.write(`${settingsLine(existing)}\n`);

    return;
  }
  if (existing) {
    forget(existing);
  }
  if (await portTaken(port)) {
    throw new Error(`127.0.0.1:${port} is taken by another process: stop it or choose another NEO4J_PORT`);
  }
  const jdk = findJdk();
  const classpath = resolveClasspath(findMaven(), log);
  const java = join(jdk.home, 'bin', 'java');
  const home = mkdtempSync(join(tmpdir(), `engram-neo4j-${port}-`));
  const password = process.env.NEO4J_PASSWORD || 'engram-test-password';
  try {
    writeConfig(home, port);
    setInitialPassword(java, classpath, home, password);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }

  const output = openSync(join(home, 'console.log'), 'a');
  const jvm = jvmOptions({ heap: process.env.NEO4J_HEAP ?? '512m', javaVersion: jdk.version });
  const serverArgs = ['--home-dir', home, '--config-dir', join(home, 'conf'), '--console-mode'];
  const child = spawn(
    java,
    [...jvm, '-cp', classpath.join(delimiter), 'org.neo4j.server.Neo4jCommunity', ...serverArgs],
    {
      cwd: home,
      detached: true,
      stdio: ['ignore', output, output],
    },
  );
  child.unref();
  const state = { pid: child.pid, home, port, password, version: pinnedVersion() };
  writeFileSync(stateFile(port), JSON.stringify(state));
  log(`Neo4j ${state.version} starting on 127.0.0.1:${port} with Java ${jdk.version} (pid ${child.pid}, home ${home})`);

  const started = Date.now();
  try {
    await waitForBolt(state, START_TIMEOUT_MS);
  } catch (error) {
    const last = readFileSync(join(home, 'console.log'), 'utf8').split('\n').slice(-40).join('\n');
    if (running(state)) {
      process.kill(state.pid, 'SIGKILL');
    }
    forget(state);
    throw new Error(`${error.message}; its last output:\n${last}`);
  }
  log(`Bolt answers after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${settingsLine(state)}\n`);
}

async function stop() {
  const port = boltPort();
  const state = readState(port);
  if (!state) {
    // nothing to stop; but a machine that could never start one hears why
    findJdk();
    findMaven();
    log(`no test server recorded for port ${port}`);

    return;
  }
  if (running(state)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (running(state) && Date.now() < deadline) {
      await sleep(200);
    }
    if (running(state)) {
      log(`no clean shutdown within ${STOP_TIMEOUT_MS / 1000} s: killing pid ${state.pid}`);
      process.kill(state.pid, 'SIGKILL');
    } else {
      log(`stopped (pid ${state.pid})`);
    }
  }
  forget(state);
}

async function javaHome() {
  process.stdout.write(`${findJdk().home}\n`);
}

const command = process.argv[2];
const commands = { start, stop, 'java-home': javaHome };
if (!commands[command]) {
  process.stderr.write('usage: node test/neo4j-server/neo4j-server.mjs start|stop|java-home\n');
  process.exit(2);
}
commands[command]().catch((error) => {
  log(error instanceof MissingTool ? `cannot ${command}: ${error.message}` : `${command} failed: ${error.message}`);
  process.exit(1);
});
