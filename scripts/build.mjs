// The build: TypeScript to dist/ (tsc, then tsc-alias for the `src/...` imports), the viewer bundle, and the GraphQL
// schema written to schema.graphql. Each step says what it does and how long it took.
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than the last build (what `npm start` runs)
//   node scripts/build.mjs --check     say whether a build is needed (exit 1 when it is), build nothing
// The last build is dist/.build-stamp; a source is anything under src/ or scripts/, a tsconfig or the package files
// (directories count too, so a deleted or renamed file makes the build stale).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const require = createRequire(import.meta.url);
const INPUTS = ['src', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];

/** The newest modification time under `path` (files and directories), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) {
    return 0;
  }
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }

  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/** Why a build is needed, or null when dist/ is current. */
function staleReason() {
  if (!existsSync(stamp)) {
    return 'no build yet';
  }
  const built = statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => newest(join(root, input)) > built);

  return changed ? `${changed} changed since the last build` : null;
}

function log(line) {
  process.stderr.write(`[build] ${line}\n`);
}

/** Runs one step with `node <script> <args>`; stops the build with the step's exit code when it fails. */
function step(label, script, args, options = {}) {
  log(`${label}...`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    stdio: ['ignore', options.capture ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    log(`${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  return result.stdout;
}

function build() {
  const started = Date.now();
  step('compiling TypeScript into dist/ (tsc, the slow step)', require.resolve('typescript/bin/tsc'), [
    '-p',
    'tsconfig.build.json',
  ]);
  step('rewriting import paths (tsc-alias)', require.resolve('tsc-alias/dist/bin/index.js'), [
    '-p',
    'tsconfig.build.json',
  ]);
  step('bundling the viewer (esbuild)', join(root, 'scripts', 'build-viewer.mjs'), []);
  // the schema does not depend on the configuration: print it from a throw-away embedded app
  const sdl = step('writing the GraphQL schema to schema.graphql', join(root, 'dist', 'main.js'), ['schema'], {
    capture: true,
    env: { LOG_LEVEL: 'fatal' },
  });
  const file = join(root, 'schema.graphql');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== sdl) {
    writeFileSync(file, sdl);
    log('schema.graphql changed: commit it with the code that changed it');
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes('--check')) {
  const reason = staleReason();
  log(reason ? `stale: ${reason}` : 'current');
  process.exitCode = reason ? 1 : 0;
} else if (process.argv.includes('--if-stale')) {
  const reason = staleReason();
  if (reason) {
    log(`building before the start: ${reason}`);
    build();
  }
} else {
  build();
}
