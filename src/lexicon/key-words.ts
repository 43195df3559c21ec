import { STOP_WORDS } from '../model/text.js';
import { keyWords } from './base.js';
import { sharedWordNet } from './relatedness.js';

/**
 * The content words of a predicate key as its meaning is read: a word the key follows with a
 * function word ("in", "at", "to") is the verb of a phrase (`lives_in`: "lives in"), so a form it
 * shares with a noun of another lemma is read as the verb's ("live", not the plural of "life",
 * which would make "career", a "life history", name where one lives). Every other word as
 * {@link keyWords} gives it.
 */
export function keyWordsAsRead(key: string): string[] {
  const parts = key.toLowerCase().split('_');
  return keyWords(key).map((word) => {
    const next = parts[parts.indexOf(word) + 1];
    if (next === undefined || !STOP_WORDS.has(next)) return word;
    const wordnet = sharedWordNet();
    const [verb] = wordnet.lemmas(word, 'verb');
    const nouns = wordnet.lemmas(word, 'noun');
    // Only an inflected noun of another lemma is read away ("lives"); a word that is a noun as
    // written ("married") or shares the verb's lemma ("works") stays.
    const otherNoun = nouns.length > 0 && !nouns.includes(word) && !nouns.includes(verb ?? word);
    return verb !== undefined && otherNoun ? verb : word;
  });
}
