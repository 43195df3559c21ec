import { factLine } from '../model/present.js';
import type { RecalledFact } from '../model/types.js';

/** Recalled facts as numbered lines for a model: statement, since when it holds, and its uid (for corrections). */
export function formatFacts(facts: readonly RecalledFact[]): string {
  if (facts.length === 0) return 'No memories found.';
  return facts.map((f, i) => `${i + 1}. ${factLine(f)}`).join('\n');
}
