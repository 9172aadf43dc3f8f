import { DeadlineExceededError, withDeadline } from 'src/common/with-deadline';

describe(withDeadline.name, () => {
  it('should return the result of a task that finishes in time', async () => {
    await expect(withDeadline(1000, () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('should pass on the error of a task that fails in time', async () => {
    await expect(withDeadline(1000, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('should reject at the deadline and abort the signal, even if the task ignores it', async () => {
    let signal: AbortSignal | undefined;
    let finished = false;

    const result = withDeadline(50, (s) => {
      signal = s;

      return new Promise((resolve) => setTimeout(resolve, 500)).then(() => {
        finished = true;
      });
    });

    await expect(result).rejects.toBeInstanceOf(DeadlineExceededError);
    // rejected while the task still ran: the deadline, not the task's end, settled it
    expect(finished).toBe(false);
    expect(signal?.aborted).toBe(true);
  });

  it('should not leave an unhandled rejection when the task fails after the deadline', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await expect(
        withDeadline(10, () => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 30))),
      ).rejects.toBeInstanceOf(DeadlineExceededError);
      await new Promise((resolve) => setTimeout(resolve, 60));

      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
