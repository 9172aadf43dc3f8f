import { Writable } from 'node:stream';

import { withProgress } from 'src/common/progress';

function sink(): { out: Writable; lines: string[] } {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });

  return { out, lines };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('withProgress', () => {
  it('should write nothing when the work ends before the first interval', async () => {
    const { out, lines } = sink();
    await expect(
      withProgress(
        'export',
        () => 'x',
        () => Promise.resolve(42),
        out,
        200,
      ),
    ).resolves.toBe(42);
    expect(lines).toEqual([]);
  });

  it('should write a line per interval while the work lasts, then a closing line, and pass errors through', async () => {
    const { out, lines } = sink();
    let done = 0;
    await withProgress(
      'import',
      () => `${done} lines read`,
      async () => {
        for (; done < 5; done++) {
          await sleep(25);
        }
      },
      out,
      30,
    );
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)).toMatch(/^import: 5 lines read \(\d+ s\)\n$/);

    await expect(
      withProgress(
        'purge',
        () => 'x',
        () => Promise.reject(new Error('no')),
        out,
        30,
      ),
    ).rejects.toThrow('no');
  });
});
