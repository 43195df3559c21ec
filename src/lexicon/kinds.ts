import { sharedConceptReader } from './concepts.js';
import { sharedWordNet } from './relatedness.js';

// WordNet's lexicographer files of people ("nurse", "vegetarian", "friend") and of amounts
// ("ton", "lot", "bit").
const NOUN_PERSON = 18;
const NOUN_QUANTITY = 23;

/**
 * WordNet's own classes of people at work: a person noun below one of them names an occupation
 * ("nurse" is a health professional, "plumber" a skilled worker, "architect" a creator). Others
 * name what someone is in another way ("vegetarian" is an eater, "fan" an enthusiast).
 */
const WORKING_PEOPLE = new Set([
  'worker',
  'professional',
  'skilled worker',
  'health professional',
  'practitioner',
  'businessperson',
  'employee',
  'specialist',
  'expert',
  'creator',
  'scientist',
  'educator',
  'official',
  'serviceman',
  'performer',
  'technician',
  'lawyer',
]);

/** Whether a word's most frequent noun sense names a person (WordNet's noun.person). */
export function isPersonNoun(word: string): boolean {
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word.toLowerCase(), 'noun')[0];
  if (!lemma) return false;
  const [first] = wordnet.synsetIds(lemma, 'noun');
  return first !== undefined && wordnet.synset(first)?.lexFile === NOUN_PERSON;
}

/** Whether a person noun names an occupation (see {@link WORKING_PEOPLE}). */
export function isOccupation(word: string): boolean {
  if (!isPersonNoun(word)) return false;
  return sharedConceptReader()
    .ancestors(word)
    .some((ancestor) => WORKING_PEOPLE.has(ancestor));
}

/** Whether a phrase's last word, in its most frequent noun sense, is an amount ("a ton", "a lot"). */
export function isQuantity(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word, 'noun')[0];
  if (!lemma) return false;
  const [first] = wordnet.synsetIds(lemma, 'noun');
  return first !== undefined && wordnet.synset(first)?.lexFile === NOUN_QUANTITY;
}

// WordNet concepts above what one does for sport or exercise ("rugby", "yoga", "salsa").
const PASTIME_CONCEPTS = new Set([
  'sport',
  'athletics',
  'exercise',
  'physical exercise',
  'dance',
  'dancing',
  'martial art',
]);

/** Whether a noun names a sport, an exercise or a dance in its usual sense ("I do judo"). */
export function isPastime(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  return sharedConceptReader()
    .ancestors(word)
    .some((concept) => PASTIME_CONCEPTS.has(concept));
}
