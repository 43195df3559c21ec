import { NEGATION_PREFIX } from '../memory/temporal.js';
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
 * A model's answer with the relations it wrote as denials ("User no_longer_owns Civic", "User
 * not_works_at Stripe") in the memory's own form of a denied fact, `not_<relation>` (which closes
 * the same relation to the same name when stored), and the known facts they deny by another name:
 * the one whose statement holds every content word of the denial's subject, relation and object
 * ("User owns Honda Civic" for "not_owns Civic"), when the turn itself names what is denied
 * (`turnWords`, {@link groundingWords} of the turn): a model never closes a fact for a name the
 * user did not say. A relation that is only a denial word ("User not Stripe") says nothing and is
 * left out.
 *
 * @returns the facts, denials in `not_` form, and the uids of the known facts denied.
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
    if (relation.length === 0) continue;
    kept.push({ ...fact, predicate: `${NEGATION_PREFIX}${relation.join('_')}` });
    const words = searchTerms(`${fact.subject} ${relation.join(' ')} ${fact.object}`);
    if (words.length === 0 || !grounded(fact.object, turnWords)) continue;
    for (const { uid, terms } of knownTerms) if (words.every((w) => terms.has(w))) denied.add(uid);
  }
  return { facts: kept, denied: [...denied] };
}
