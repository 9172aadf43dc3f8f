export class DeadlineExceededError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * Runs `task` with a hard deadline: after `ms` the signal aborts and the returned promise rejects with
 * DeadlineExceededError, even if the task ignores the signal (the openai client sleeps through `retry-after`).
 */
export async function withDeadline<T>(ms: number, task: (signal: AbortSignal) => PromiseLike<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineExceededError(ms);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  const work = Promise.resolve(task(controller.signal));
  // The loser of the race must not surface later as an unhandled rejection.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
