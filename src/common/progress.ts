import type { Writable } from 'node:stream';

/**
 * Runs `work`, writing `label: <describe()> (<seconds> s)` to `out` (stderr) once a second, so a command that takes
 * longer than a second shows it is moving and one that does not prints nothing. A closing line follows when any
 * progress line was written.
 */
export async function withProgress<T>(
  label: string,
  describe: () => string | Promise<string>,
  work: () => Promise<T>,
  out: Writable = process.stderr,
  everyMs = 1000,
): Promise<T> {
  const started = Date.now();
  let printed = false;
  const line = async (): Promise<void> => {
    const text = await Promise.resolve(describe()).catch(() => 'working');
    out.write(`${label}: ${text} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    printed = true;
  };
  const timer = setInterval(() => void line(), everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    if (printed) {
      await line();
    }
  }
}
