// graphql-ws publishes `graphql-ws/use/ws` through package.json `exports`, which our `moduleResolution: node`
// does not read; Node resolves it at run time, this gives TypeScript the same types.
declare module 'graphql-ws/use/ws' {
  export * from 'graphql-ws/dist/use/ws';
}
