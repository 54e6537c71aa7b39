/** mulberry32 (prng.mjs): a seeded generator of numbers in [0, 1). */
export function prng(seed: number): () => number;
