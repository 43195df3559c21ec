import { memoizeByText } from './memo.js';
import { isSelfReference, predicateWords } from './normalize.js';
import { isIrregularVerbForm } from './text.js';

// Predicates that read as a verb phrase ("lives in", "directed by", "likes"); anything else is
// treated as a relation noun ("friend", "name") and reads "<subject>'s friend is <object>". A
// word ending in "ss" or "us" is no verb's third person ("boss", "address", "status").
const VERB_SHAPED =
  /(^(is|was|has|had|have|does|did|can|cannot|will|lives?|works?|likes?|loves?|hates?|prefers?|owns?|knows?|wants?|visited|born)_)|(_(in|at|by|of|to|with|from|on|for|as)$)|^\w+(ed|es|[^su]s)$/;

/**
 * Renders a fact as one English sentence for prompts and people.
 *
 * @example factStatement("Sasako", "friend", "Polar bear") === "Sasako's friend is Polar bear"
 * @example factStatement("I", "lives_in", "Paris") === "User lives in Paris"
 */
export function factStatement(subject: string, predicate: string, object: string): string {
  const who = displayName(subject);
  const phrase = predicatePhrase(predicate);
  const no = phrase.negated ? 'no longer ' : '';
  if (phrase.verb) return `${who} ${no}${phrase.words} ${displayName(object)}`;
  const possessive = who.endsWith('s') ? `${who}'` : `${who}'s`;
  return `${possessive} ${phrase.words} is ${no}${displayName(object)}`;
}

/** How a predicate reads: its words, whether they read as a verb phrase, and whether it denies. */
interface PredicatePhrase {
  words: string;
  verb: boolean;
  /** A `not_X` predicate: the fact that X no longer holds ("User no longer lives in Portland"). */
  negated: boolean;
}

// A relation noun does not start with a preposition: `in_language` reads "Tokyo's language is …".
const LEADING_PREPOSITION = /^(?:in|at|of|on|for|with|from|to|by|as)\s+(?=\S)/;

// A memory uses few predicates, each in many statements (a bulk import renders one per fact).
const predicatePhrase = memoizeByText(
  (predicate): PredicatePhrase => {
    const all = predicateWords(predicate.trim().replace(/\s+/g, '_').toLowerCase());
    const negated = /^not\s+\S/.test(all);
    const words = negated ? all.replace(/^not\s+/, '') : all;
    const [first = '', ...rest] = words.split(' ');
    // An irregular past tense reads as a verb too ("User made a vase", not "User's made is a vase").
    const irregularVerb = rest.length === 0 && isIrregularVerbForm(first);
    const verb = irregularVerb || VERB_SHAPED.test(words.replace(/ /g, '_'));
    return { words: verb ? words : words.replace(LEADING_PREPOSITION, ''), verb, negated };
  },
  { limit: 10_000, maxLength: 200 },
);

/** "I", "me", "my", "user" are shown as "User". */
export function displayName(name: string): string {
  return isSelfReference(name) ? 'User' : name;
}
