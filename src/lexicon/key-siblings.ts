import { keyWords } from './base.js';
import { keyWordsAsRead } from './key-words.js';
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
 * never siblings.
 */
export function siblingKeys(key: string, vocabulary: readonly string[]): string[] {
  lexicon ??= new WordNetLexicon(sharedRelatedness());
  const own = keyWordsAsRead(key);
  const content = keyWords(key).join(' ');
  if (own.length === 0) return [];
  return vocabulary.filter((other) => {
    if (other === key || keyWords(other).join(' ') === content) return false;
    const words = keyWordsAsRead(other);
    const score = Math.max(
      0,
      ...own.map((w) => lexicon?.usualScore(w, other) ?? 0),
      ...words.map((w) => lexicon?.usualScore(w, key) ?? 0),
    );
    return score >= RELATEDNESS.oneLink;
  });
}
