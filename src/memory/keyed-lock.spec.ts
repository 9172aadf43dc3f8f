import { KeyedLock } from 'src/memory/keyed-lock';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe(KeyedLock.name, () => {
  it('runs tasks with one key one at a time, in call order, and different keys side by side', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (name: string, ms: number) => async (): Promise<string> => {
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);

      return name;
    };
    const results = await Promise.all([
      lock.run('a', task('a1', 20)),
      lock.run('a', task('a2', 1)),
      lock.run('b', task('b1', 5)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('releases the key when a task fails', async () => {
    const lock = new KeyedLock();
    await expect(lock.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('k', () => Promise.resolve(42))).resolves.toBe(42);
  });
});
