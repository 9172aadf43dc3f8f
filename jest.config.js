/**
 * Three projects, run one after the other. Unit specs run in parallel; contract suites two at a time (each has its own
 * temporary store and Redis key prefix: test/support/two-at-a-time-jest-runner.js); e2e suites share real services
 * (Redis, ports, the CPU) and run one file at a time, in a worker (test/support/one-worker-jest-runner.js). Both
 * limits are enforced by the runners, not by a flag to remember.
 * Lanes (package.json): `test:fast` = typecheck, lint, unit and contract; `test:e2e` = e2e; `npm test` = both.
 */
// transpile only (type checking is `npm run typecheck`, part of `npm test`) with SWC: the settings of tsconfig.json
// that change the emitted code (ES2022, CommonJS, legacy decorators with their metadata, which Nest's injection reads)
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^src/(.*)$': '<rootDir>/src/$1',
    '^test/(.*)$': '<rootDir>/test/$1',
    '^bench/(.*)$': '<rootDir>/bench/$1',
    '^@engram/client$': '<rootDir>/packages/client/src/index.ts',
    '^packages/(.*)$': '<rootDir>/packages/$1',
  },
};
const oneWorker = { runner: '<rootDir>/test/support/one-worker-jest-runner.js' };
const twoAtATime = { runner: '<rootDir>/test/support/two-at-a-time-jest-runner.js' };

module.exports = {
  // Jest's default is one worker fewer than the cores: on the 2-core machine the lanes are timed on, that is one, and
  // the unit specs ran one after another
  maxWorkers: 2,
  // the e2e lane once stayed alive after its last suite with a handle left open (found 27 Nov, not yet traced): end the
  // process when the run is over rather than hang CI until its time limit
  forceExit: true,
  // a worker holding more than this after a test file is replaced by a fresh one (and with a limit set, Jest runs every
  // project in workers, never in its main process): the e2e lane's one process grew about 70 MB a suite and ran out
  // of memory in V8's expression compiler after 48 suites
  workerIdleMemoryLimit: '1500MB',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    { ...base, ...twoAtATime, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.int-spec.ts'] },
    {
      ...base,
      ...oneWorker,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.ts'],
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
    },
  ],
};
