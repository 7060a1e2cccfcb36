/** Percentiles of latency samples, shared by every phase of the load bench. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export interface Quantiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const quantiles = (list: number[]): Quantiles => ({
  n: list.length,
  p50: percentile(list, 50),
  p95: percentile(list, 95),
  p99: percentile(list, 99),
  max: list.at(-1) ?? NaN,
});
