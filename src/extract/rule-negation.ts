import type { ExtractedTriple } from './base.js';
import { NEGATION } from './rule-patterns.js';
import { applyRules } from './rule-table.js';
import { HABIT_PREDICATES } from './rule-table-more.js';

/** Negated verb forms and their positive forms ("doesn't live" → "lives"). */
export const NEGATED_FORMS: [RegExp, string][] = [
  [/\b(?:doesn't|does not)\s+(live|work|like|love)\b/i, '$1s'],
  [/\b(?:don't|do not|no longer|never)\s+/i, ''],
  [/\b(am|is|are)\s+not\b|\b(?:isn't)\b/i, '$1'],
  [/'m\s+not\b/i, "'m"],
];

// A denial that says something held until now.
const ENDED = /\b(?:any\s?more|no\s+longer)\b/i;

/**
 * A negated statement ("I don't live in Paris anymore", "Anna isn't allergic to nuts") gives the
 * negated fact `not_<predicate>`, which closes the positive one when it holds. Names, a habit
 * denied without saying it ended, and anything the rules do not read in the positive form give
 * nothing.
 */
export function negated(text: string): ExtractedTriple[] {
  let positive = text.replace(/\s+any\s?more$/i, '');
  let changed = false;
  for (const [pattern, replacement] of NEGATED_FORMS) {
    if (!pattern.test(positive)) continue;
    positive = positive.replace(pattern, (...m: string[]) =>
      replacement
        .replace(/\$1/g, m[1] ?? 'is')
        .replace(/^is$/, m[0]?.startsWith('isn') ? 'is' : (m[1] ?? '')),
    );
    changed = true;
    break;
  }
  if (!changed || NEGATION.test(positive)) return [];
  // "I don't drink coffee" says no habit to keep; "I don't drink coffee anymore" ends one.
  const ended = ENDED.test(text);
  return applyRules(positive)
    .filter((t) => t.predicate !== 'name' && (ended || !HABIT_PREDICATES.has(t.predicate)))
    .map((t) => ({ ...t, predicate: `not_${t.predicate}` }));
}
