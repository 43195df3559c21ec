/** The q-quantile (0..1) of samples, by nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** Median of samples. */
export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** Milliseconds, to one decimal. */
export function ms(value: number): string {
  return value.toFixed(1);
}

/** Times an async call in milliseconds. */
export async function timed<T>(body: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await body();
  return [result, performance.now() - start];
}
