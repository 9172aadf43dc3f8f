// Jest's own runner with isSerial set: Jest then runs this project's files one at a time in its main process (what
// --runInBand does, for these projects only), whatever --maxWorkers says. Contract and e2e suites share one Redis,
// ports and a CPU budget of two cores; run side by side they time each other out.
const TestRunner = require('jest-runner').default;

class SerialJestRunner extends TestRunner {
  isSerial = true;
}

module.exports = SerialJestRunner;
