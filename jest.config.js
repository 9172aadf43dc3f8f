/** Fast lane first: unit specs run in parallel; contract and e2e suites share real services and run one file at a time. */
// transpile only (type checking is `npm run typecheck`, part of `npm test`): fast, and no native binary
const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];
const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: { '^src/(.*)$': '<rootDir>/src/$1', '^test/(.*)$': '<rootDir>/test/$1', '^bench/(.*)$': '<rootDir>/bench/$1' },
};
module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    { ...base, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.int-spec.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
  ],
};
