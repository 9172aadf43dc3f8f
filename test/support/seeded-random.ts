import { seededRandom } from 'src/memory/intent/training/prng';

/** mulberry32: a tiny seeded PRNG in [0, 1), so synthetic vectors are the same on every run. */
export const rng = seededRandom;
