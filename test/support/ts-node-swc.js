// `node -r test/support/ts-node-swc.js src/main.ts ...`: ts-node transpiling with SWC instead of TypeScript's own
// transpileModule. The tests spawn src/main.ts (check, serve, worker, mcp, the CLI) dozens of times; each start through
// ts-node/register/transpile-only spends about 7 s of CPU compiling the import graph, through SWC about 2 s. ts-node
// reads tsconfig.json either way (decorator metadata, target), so the same code runs; type checking is `npm run typecheck`.
require('ts-node').register({ swc: true });
