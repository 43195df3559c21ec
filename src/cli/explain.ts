import type { RecallSignal } from '../model/types.js';

// The signals fused by noisy-OR: each contributes a chance. The rest (the answer fit, the
// predicate's similarity joined after it, says-when, speaker, recency, mentions, and cuts) change
// the fused score.
const SIGNALS: ReadonlySet<string> = new Set<RecallSignal>([
  'graph',
  'fact-similarity',
  'episode-text',
  'episode-similarity',
  'provenance',
  'neighbour',
]);

/**
 * A result's contributions for a reader (`kgmem recall --explain`): the signals first, each as
 * the chance it alone gives (`graph 0.600`), then the lifts and cuts in the order they were
 * applied, as changes of the score (`answer-fit +0.240`, `recency −0.013`).
 */
export function formatContributions(contributions: Readonly<Record<string, number>> | undefined): string {
  if (!contributions) return '';
  const entries = Object.entries(contributions);
  const signals = entries.filter(([name]) => SIGNALS.has(name)).map(([name, p]) => `${name} ${p.toFixed(3)}`);
  // A change too small to print (recency between facts said seconds apart) is left out.
  const changes = entries
    .filter(([name, d]) => !SIGNALS.has(name) && Math.abs(d) >= 0.0005)
    .map(([name, d]) => `${name} ${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(3)}`);
  return [...signals, ...changes].join(', ');
}
