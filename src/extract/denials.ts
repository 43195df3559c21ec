import { searchTerms } from '../model/text.js';
import type { KnownFact } from './base.js';
import { grounded } from './local-output.js';
import type { ExtractionOutput } from './schema.js';

type Fact = ExtractionOutput['facts'][number];

// The words a relation is denied with when a model writes the denial as the relation itself
// ("not_works_at", "no_longer_owns", "doesnt_like").
const NEGATION_WORDS = new Set([
  'not',
  'no',
  'never',
  'longer',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'cannot',
  'cant',
  'wont',
]);

/**
 * The relation's words with a leading denial taken off (none left for a bare "not"), or
 * `undefined` when it denies nothing.
 */
function deniedRelation(predicate: string): string[] | undefined {
  const words = predicate
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let first = 0;
  while (first < words.length && NEGATION_WORDS.has(words[first] ?? '')) first++;
  return first > 0 ? words.slice(first) : undefined;
}

/**
 * A model's answer with the relations it wrote as denials ("User not_works_at Stripe", "User
 * no_longer_owns Civic") taken out of its facts: what a turn says is not true is not a fact to
 * store. Such a denial contradicts the known fact it denies instead, the one whose statement
 * holds every content word of the denial's subject, relation and object ("User works at Stripe"),
 * when the turn itself names what is denied (`turnWords`, {@link groundingWords} of the turn):
 * a model never closes a fact for a name the user did not say.
 *
 * @returns the facts that deny nothing, and the uids of the known facts denied.
 */
export function takeDenials(
  facts: readonly Fact[],
  known: readonly KnownFact[],
  turnWords: ReadonlySet<string>,
): { facts: Fact[]; denied: string[] } {
  const kept: Fact[] = [];
  const denied = new Set<string>();
  const knownTerms = known.map((fact) => ({ uid: fact.uid, terms: new Set(searchTerms(fact.statement)) }));
  for (const fact of facts) {
    const relation = deniedRelation(fact.predicate);
    if (!relation) {
      kept.push(fact);
      continue;
    }
    const words = searchTerms(`${fact.subject} ${relation.join(' ')} ${fact.object}`);
    if (relation.length === 0 || words.length === 0 || !grounded(fact.object, turnWords)) continue;
    for (const { uid, terms } of knownTerms) if (words.every((w) => terms.has(w))) denied.add(uid);
  }
  return { facts: kept, denied: [...denied] };
}
