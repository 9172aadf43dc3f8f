/**
 * Runs a generator of steps to its end at once and returns its value. A step generator `yield`s where a long run
 * may give the event loop back; callers that may not wait (or have short input) run it with this.
 */
export function runSteps<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) {
    step = steps.next();
  }

  return step.value;
}
