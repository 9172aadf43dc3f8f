import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Runs `fn` under the V8 CPU profiler when `file` is set and writes the profile there (open it in Chrome's DevTools
 * or speedscope); without a file it only runs `fn`. Unlike `node --cpu-prof`, the profile covers one phase only.
 */
export async function withCpuProfile<T>(file: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!file) {
    return fn();
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
