import { PushIterator } from 'src/pubsub/push-iterator';

describe(PushIterator.name, () => {
  it('should hand pushed values to the consumer in order, whether it waits or not', async () => {
    const iterator = new PushIterator<number>(() => undefined);
    iterator.push(1);
    const waiting = iterator.next();
    const later = iterator.next();
    iterator.push(2);

    await expect(waiting).resolves.toEqual({ value: 1, done: false });
    await expect(later).resolves.toEqual({ value: 2, done: false });
  });

  it('should keep only the newest values for a slow consumer', async () => {
    const iterator = new PushIterator<number>(() => undefined, 2);
    [1, 2, 3].forEach((n) => iterator.push(n));

    await expect(iterator.next()).resolves.toEqual({ value: 2, done: false });
    await expect(iterator.next()).resolves.toEqual({ value: 3, done: false });
  });

  it('should end waiting consumers and call onClose once when returned', async () => {
    const onClose = jest.fn();
    const iterator = new PushIterator<number>(onClose);
    const waiting = iterator.next();
    await iterator.return();
    await iterator.return();
    iterator.push(1);

    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    await expect(iterator.next()).resolves.toEqual({ value: undefined, done: true });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
