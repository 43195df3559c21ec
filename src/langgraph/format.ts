import type { RecalledFact } from '../model/types.js';

/** Recalled facts as numbered lines for a model: statement, since when it holds, and its uid (for corrections). */
export function formatFacts(facts: readonly RecalledFact[]): string {
  if (facts.length === 0) return 'No memories found.';
  return facts
    .map((f, i) => {
      const since = new Date(f.validFrom).toISOString().slice(0, 10);
      const until = f.validTo ? `, until ${new Date(f.validTo).toISOString().slice(0, 10)}` : '';
      return `${i + 1}. ${f.statement} (since ${since}${until}; uid ${f.uid})`;
    })
    .join('\n');
}
