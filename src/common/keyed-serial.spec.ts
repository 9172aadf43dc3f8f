import { KeyedSerial } from 'src/common/keyed-serial';

const later = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedSerial', () => {
  it('should run the tasks of one key one at a time, in order', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const task = (name: string, ms: number) => async (): Promise<string> => {
      log.push(`start ${name}`);
      await later(ms);
      log.push(`end ${name}`);

      return name;
    };

    const results = await Promise.all([
      serial.run('a', task('1', 20)),
      serial.run('a', task('2', 1)),
      serial.run('a', task('3', 5)),
    ]);

    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('should run tasks of different keys side by side', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));

    const first = serial.run('a', async () => {
      log.push('a waits');
      await blocked;
      log.push('a done');
    });
    await serial.run('b', () => {
      log.push('b runs');

      return Promise.resolve();
    });
    release();
    await first;

    expect(log).toEqual(['a waits', 'b runs', 'a done']);
  });

  it('should go on with the next task of a key after one fails, and pass the failure to its caller', async () => {
    const serial = new KeyedSerial();
    const failing = serial.run('a', () => Promise.reject(new Error('boom')));
    const next = serial.run('a', () => Promise.resolve('next'));

    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('should forget a key once its last task is done', async () => {
    const serial = new KeyedSerial();
    await serial.run('a', () => Promise.resolve(1));
    await later(0);

    expect(serial.size).toBe(0);
  });
});
