import { keyWords } from './base.js';
import { keyWordsAsRead } from './key-words.js';
import { isPersonNoun } from './kinds.js';
import { RELATEDNESS, sharedRelatedness } from './relatedness.js';
import { WordNetLexicon } from './wordnet-lexicon.js';

let lexicon: WordNetLexicon | undefined;

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
  lexicon ??= new WordNetLexicon(sharedRelatedness());
  const own = keyWordsAsRead(key);
  const content = keyWords(key).join(' ');
  if (own.length === 0) return [];
  const personal = own.some((w) => isPersonNoun(w));
  return vocabulary.filter((other) => {
    if (other === key || keyWords(other).join(' ') === content) return false;
    const words = keyWordsAsRead(other);
    // Someone of the user's (`partner`, `wife`) is no sibling of a relation to a thing
    // (`works_at`): "partner" is also to work as one, one link from work.
    if (words.some((w) => isPersonNoun(w)) !== personal) return false;
    const score = Math.max(
      0,
      ...own.map((w) => lexicon?.usualScore(w, other) ?? 0),
      ...words.map((w) => lexicon?.usualScore(w, key) ?? 0),
    );
    return score >= RELATEDNESS.oneLink;
  });
}
