/** Decimals of a score at the edge (REST, MCP): enough to rank and compare, without `0.8400000000000001`. */
export const SCORE_DIGITS = 4;

export function roundScore(value: number, digits = SCORE_DIGITS): number {
  const f = 10 ** digits;

  return Math.round(value * f) / f;
}

/** Every non-integer number of a plain value (objects, arrays) rounded with roundScore; other values as they are. */
export function roundScores<T>(value: T, digits = SCORE_DIGITS): T {
  if (typeof value === 'number') {
    return (Number.isInteger(value) ? value : roundScore(value, digits)) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => roundScores(item, digits)) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, roundScores(item, digits)])) as T;
  }

  return value;
}
