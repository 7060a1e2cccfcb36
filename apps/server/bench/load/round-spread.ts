/** How evenly rounds ended over a window: the rounds that ended in each half second. */
export interface RoundSpread {
  bucketMs: number;
  mean: number;
  sd: number;
  /** sd ÷ mean: about 0.2 when every phase of a round holds as many tables (500 at 7.6 s). */
  cv: number;
  max: number;
  min: number;
}

export function roundSpread(
  times: readonly number[],
  windowMs: number,
  bucketMs = 500,
): RoundSpread {
  const counts = new Array<number>(Math.max(1, Math.floor(windowMs / bucketMs))).fill(0);
  for (const at of times) {
    const bucket = Math.floor(at / bucketMs);
    if (bucket >= 0 && bucket < counts.length) counts[bucket]! += 1;
  }
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  const sd = Math.sqrt(counts.reduce((a, n) => a + (n - mean) ** 2, 0) / counts.length);
  return {
    bucketMs,
    mean,
    sd,
    cv: mean > 0 ? sd / mean : NaN,
    max: Math.max(...counts),
    min: Math.min(...counts),
  };
}
