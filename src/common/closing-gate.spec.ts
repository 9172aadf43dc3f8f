import { ClosingGate } from 'src/common/closing-gate';

const closed = (): Error => new Error('closed');
const later = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));

describe('ClosingGate', () => {
  it('should answer what the work answers while open', async () => {
    const gate = new ClosingGate(closed);

    await expect(gate.run(() => later(1, 'a'))).resolves.toBe('a');
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('should let work in flight finish within the grace and refuse work after close', async () => {
    const gate = new ClosingGate(closed);
    const running = gate.run(() => later(20, 'done'));

    await gate.close(1_000);

    await expect(running).resolves.toBe('done');
    await expect(gate.run(() => later(1, 'late'))).rejects.toThrow('closed');
  });

  it('should reject work that never settles once the grace is over', async () => {
    const gate = new ClosingGate(closed);
    const never = gate.run(() => new Promise<string>(() => undefined));
    const outcome = never.then(
      () => 'resolved',
      (error: Error) => error.message,
    );

    await gate.close(10);

    await expect(outcome).resolves.toBe('closed');
  });
});
