// Jest's own runner, one test file at a time (whatever --maxWorkers says) in a worker process rather than Jest's main
// process. E2e suites share Redis, ports and two cores, so they run one by one; and a process that runs them all keeps
// part of every suite's app (about 70 MB a suite, V8's compiled expressions among it) until it runs out of memory, so
// Jest replaces the worker once it holds more than the workerIdleMemoryLimit of jest.config.js after a file.
const TestRunner = require('jest-runner').default;

class OneWorkerJestRunner extends TestRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: 1 }, context);
  }
}

module.exports = OneWorkerJestRunner;
