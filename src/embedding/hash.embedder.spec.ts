import { HashEmbedder } from 'src/embedding/hash.embedder';
import { cosine } from 'src/embedding/vector-math';

describe(HashEmbedder.name, () => {
  it('should return identical unit vectors for identical texts, across instances', async () => {
    const [a, b] = await new HashEmbedder().embed(['The user likes green tea', 'The user likes green tea']);
    const [c] = await new HashEmbedder().embed(['The user likes green tea']);

    expect(a).toHaveLength(256);
    expect(Array.from(a ?? [])).toEqual(Array.from(b ?? []));
    expect(Array.from(a ?? [])).toEqual(Array.from(c ?? []));
    expect(Math.hypot(...(a ?? []))).toBeCloseTo(1, 5);
  });

  it('should use the configured dimension and name the model after it', async () => {
    const sut = new HashEmbedder(64);
    const [vector] = await sut.embed(['hello world']);

    expect(sut.model).toBe('hash-v1-64');
    expect(vector).toHaveLength(64);
  });

  it('should place texts sharing words closer than unrelated ones', async () => {
    const [base, shared, unrelated] = await new HashEmbedder().embed([
      'my favourite colour is green',
      'my favourite colour is blue',
      'deploy the service on friday',
    ]);

    expect(cosine(base!, shared!)).toBeGreaterThan(cosine(base!, unrelated!));
  });

  it('should return a zero vector, not NaN, for text without words', async () => {
    const [vector] = await new HashEmbedder().embed(['?!']);

    expect(Array.from(vector ?? []).every((x) => x === 0)).toBe(true);
  });
});
