import { assertOneSuiteAtATime } from 'test/contract/store-harness';

describe('Neo4j contract harness', () => {
  it('should refuse to run a suite in a second parallel jest worker (one shared database)', () => {
    expect(() => assertOneSuiteAtATime('2')).toThrow(/--runInBand/);
    expect(() => assertOneSuiteAtATime('1')).not.toThrow();
    expect(() => assertOneSuiteAtATime(undefined)).not.toThrow();
  });
});
