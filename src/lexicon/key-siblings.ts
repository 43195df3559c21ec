import { keyWords } from './base.js';
import { keyWordsAsRead } from './key-words.js';
import { isPersonNoun } from './kinds.js';
import { RELATEDNESS, sharedRelatedness } from './relatedness.js';
import { WordNetLexicon } from './wordnet-lexicon.js';

let lexicon: WordNetLexicon | undefined;

/** Whether one key is a sibling of another, by `key + '\u0000' + other`: a property of the words. */
const siblingCache = new Map<string, boolean>();
const SIBLING_CACHE_LIMIT = 50_000;

/**
 * The keys of a vocabulary that name the relation `key` names in other words, as the extractor
 * writes one relation by the verb a turn used: "I love pho" is `loves`, "My favourite dish is
 * pho" and "I like pho" are `likes`; "my wife" is `wife`, "I'm married to her" `married_to`.
 * A sibling's word reads the key's word (or the key's word reads it) in their usual senses as a
 * synonym, a derived word or one WordNet link apart, through WordNet (offline, whatever the
 * embedder: a property of the words, not of a question); a definition that merely uses the other
 * word is too loose ("work" and "play" share a sense of functioning). Keys of the same content
 * words that differ in their function words are different relations (`works_at`, `works_as`),
 * never siblings; nor are a key naming someone of the user's and one naming a thing.
 */
export function siblingKeys(key: string, vocabulary: readonly string[]): string[] {
  if (keyWordsAsRead(key).length === 0) return [];
  return vocabulary.filter((other) => isSiblingKey(key, other));
}

/** Whether `other` names the relation `key` names in other words (see `siblingKeys`), cached. */
function isSiblingKey(key: string, other: string): boolean {
  const cacheKey = `${key}\u0000${other}`;
  const cached = siblingCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const sibling = readsAsSibling(key, other);
  if (siblingCache.size >= SIBLING_CACHE_LIMIT) siblingCache.clear();
  siblingCache.set(cacheKey, sibling);
  return sibling;
}

function readsAsSibling(key: string, other: string): boolean {
  if (other === key || keyWords(other).join(' ') === keyWords(key).join(' ')) return false;
  const own = keyWordsAsRead(key);
  const words = keyWordsAsRead(other);
  // Someone of the user's (`partner`, `wife`) is no sibling of a relation to a thing
  // (`works_at`): "partner" is also to work as one, one link from work.
  if (words.some((w) => isPersonNoun(w)) !== own.some((w) => isPersonNoun(w))) return false;
  lexicon ??= new WordNetLexicon(sharedRelatedness());
  const wordnet = lexicon;
  const score = Math.max(
    0,
    ...own.map((w) => wordnet.usualScore(w, other)),
    ...words.map((w) => wordnet.usualScore(w, key)),
  );
  return score >= RELATEDNESS.oneLink;
}
