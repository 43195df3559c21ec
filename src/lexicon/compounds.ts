import { STOP_WORDS } from '../model/text.js';
import { sharedWordNet } from './relatedness.js';

// The longest run of words read as one WordNet compound ("line of work", "better half").
const LONGEST_COMPOUND = 3;

/**
 * The nouns WordNet knows as compounds of a question's adjacent words ("What's my line of work?":
 * `line_of_work`, an occupation; "Who's my better half?": `better_half`, a spouse), longest
 * first, each with the words it covers. Function words may be inside one, not
 * at its ends.
 */
export function compoundNouns(tokens: readonly string[]): { compound: string; words: string[] }[] {
  const wordnet = sharedWordNet();
  const found: { compound: string; words: string[] }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let length = LONGEST_COMPOUND; length > 1; length--) {
      const words = tokens.slice(i, i + length);
      if (words.length < length) continue;
      if (STOP_WORDS.has(words[0] as string) || STOP_WORDS.has(words.at(-1) as string)) continue;
      const compound = words.join('_');
      if (wordnet.lemmas(compound, 'noun').length === 0) continue;
      found.push({ compound, words });
      i += length - 1;
      break;
    }
  }
  return found;
}
