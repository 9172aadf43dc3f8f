// Runs npm scripts side by side, at most `--jobs N` at a time (default 2, the cores of the machine the lanes are
// timed on), each one's output printed in one piece when it ends, with its time. Exit code 1 when any failed; all of
// them run to the end either way, so one run names every failure.
//   node test/support/run-scripts.mjs [--jobs N] <script> [<script> ...]
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt === -1 ? 2 : Number(args.splice(jobsAt, 2)[1]);
const queue = [...args];
if (queue.length === 0 || !Number.isInteger(jobs) || jobs < 1) {
  process.stderr.write('usage: node test/support/run-scripts.mjs [--jobs N] <script> [<script> ...]\n');
  process.exit(2);
}

function run(script) {
  const started = Date.now();
  const npm = process.env.npm_execpath;
  const [command, commandArgs] = npm ? [process.execPath, [npm, 'run', '-s', script]] : ['npm', ['run', '-s', script]];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));

  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FAILED (${code ?? signal})`;
      process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

async function lane() {
  let ok = true;
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    ok = (await run(script)) && ok;
  }

  return ok;
}

const results = await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
