import { readiness } from 'src/health/readiness';

describe('readiness', () => {
  it('should be ready only when the store, Redis (when configured) and the model all answer', () => {
    expect(readiness({ store: true, redis: null, embeddings: true }).status).toBe('ready');
    expect(readiness({ store: true, redis: true, embeddings: true }).status).toBe('ready');
    expect(readiness({ store: false, redis: null, embeddings: true }).status).toBe('not-ready');
    expect(readiness({ store: true, redis: false, embeddings: true }).status).toBe('not-ready');
    expect(readiness({ store: true, redis: true, embeddings: false }).status).toBe('not-ready');
  });
});
