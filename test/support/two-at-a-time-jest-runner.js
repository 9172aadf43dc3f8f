// Jest's own runner, never more than two test files at a time (whatever --maxWorkers says), each in a worker of its
// own. For the contract suites: each opens its stores in a temporary directory of its own and uses Redis under a
// random key prefix (private Redis servers on a free port), so two can share the machine; more would only fight over
// its two cores. One file at a time still when Jest runs in band (--runInBand, a single file).
const TestRunner = require('jest-runner').default;

class TwoAtATimeJestRunner extends TestRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: Math.min(globalConfig.maxWorkers, 2) }, context);
  }
}

module.exports = TwoAtATimeJestRunner;
