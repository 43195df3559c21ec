import { searchTerms } from '../model/text.js';
import type { KnownFact } from './base.js';
import { grounded, groundingWords } from './local-output.js';
import { splitSentences } from './rules.js';
import type { ExtractionOutput } from './schema.js';

type Fact = ExtractionOutput['facts'][number];

// Words that say a sentence adds to what is known rather than replacing it.
const ADDITIVE = /\b(?:also|too|as well|another|in addition|additionally|besides)\b/i;

/**
 * The known facts a model says a turn contradicts, less those the turn only adds to: when the
 * sentence that names one of the turn's new facts says it adds ("Ana is **also** allergic to
 * peanuts"), a known fact of the same subject and relation ("Ana is allergic to shellfish") stays
 * true beside it. Small models often close such a fact as if the new value replaced it.
 *
 * @param contradicted the uids the model named.
 * @param known the known facts the model was shown.
 * @param facts the turn's new facts as the model wrote them.
 * @param turn the user's words of the turn.
 */
export function notOnlyAdded(
  contradicted: readonly string[],
  known: readonly KnownFact[],
  facts: readonly Fact[],
  turn: string,
): string[] {
  const adding = splitSentences(turn)
    .filter((sentence) => ADDITIVE.test(sentence))
    .map((sentence) => groundingWords(sentence));
  if (adding.length === 0) return [...contradicted];
  // Each added fact's subject and relation, as the words a statement of it holds.
  const added = facts
    .filter((f) => adding.some((words) => grounded(f.object, words)))
    .map((f) => searchTerms(`${f.subject} ${f.predicate.replace(/_/g, ' ')}`))
    .filter((words) => words.length > 0);
  const statements = new Map(known.map((f) => [f.uid, new Set(searchTerms(f.statement))]));
  return contradicted.filter((uid) => {
    const terms = statements.get(uid);
    return !terms || !added.some((words) => words.every((w) => terms.has(w)));
  });
}
