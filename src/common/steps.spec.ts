import { runSteps } from 'src/common/steps';

describe('runSteps', () => {
  it('runs every step and returns the value', () => {
    const ran: number[] = [];
    function* steps(): Generator<void, string> {
      ran.push(1);
      yield;
      ran.push(2);
      yield;
      ran.push(3);

      return 'done';
    }

    expect(runSteps(steps())).toBe('done');
    expect(ran).toEqual([1, 2, 3]);
  });
});
