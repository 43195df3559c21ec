// Reciprocal rank fusion's constant (Cormack et al.: 60).
const RRF_K = 60;

/** Fuses rankings by reciprocal rank (each list best first): the hybrid baseline of the benches. */
export function rrf(...rankings: readonly string[][]): string[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings)
    for (const [i, id] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + i + 1));
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
