import { sharedWordNet } from '../lexicon/relatedness.js';
import { HABIT_ADVERB, NOT_A_NAME } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { clean, triple } from './rule-words.js';

// The prepositions a habit's name follows: where one does it, with or from whom, for whom, to what.
const PREPOSITIONS = 'at|with|from|for|to';
// The particles a phrasal verb may carry before them ("I work out at PureGym").
const PARTICLES = 'out|up|off|down|over|back';
// A name: capitalised words, with digits, "&", "of", "the" or "and" between them ("Bank of America").
const NAME = "\\p{Lu}[\\p{L}\\d'&.-]*(?:\\s+(?:\\p{Lu}[\\p{L}\\d'&.-]*|\\d+|of|the|and|&))*";
// Verbs that say no habit of the user's with what they name: being, having, saying, feeling.
const NO_HABIT = new Set([
  'be',
  'have',
  'do',
  'get',
  'say',
  'tell',
  'talk',
  'speak',
  'think',
  'feel',
  'agree',
]);

/**
 * The third person of a verb as a relation says it ("bank" → "banks", "teach" → "teaches",
 * "study" → "studies", "go" → "goes").
 */
export function thirdPersonVerb(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/u.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/u.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * The last rules: a habit of the user's with someone or something named, said by any verb no other
 * rule reads ("I bank with Monzo" → `banks_with Monzo`, "I rent from Greenway Lettings" →
 * `rents_from`, "I work out at PureGym" → `works_out_at`). The verb must be one WordNet knows in
 * its plain present form (no past: what was done once is no habit), and the object a name: a
 * common noun after the preposition ("I work with children") says too little to keep. Verbs of
 * being, having and saying keep nothing ("I agree with Maya").
 */
export const VERB_NAME_RULES: Rule[] = [
  {
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}(\\p{Ll}+)(?:\\s+(${PARTICLES}))?\\s+(${PREPOSITIONS})\\s+(?:the\\s+)?(${NAME})$`,
      'u',
    ),
    build: (m) => {
      const [, verb = '', particle, preposition = '', said = ''] = m;
      if (NO_HABIT.has(verb) || !sharedWordNet().lemmas(verb, 'verb', false).includes(verb)) return [];
      const name = clean(said);
      if (name.split(/\s+/).some((word) => NOT_A_NAME.test(word))) return [];
      const key = [thirdPersonVerb(verb), particle, preposition].filter(Boolean).join('_');
      return [triple('user', key, name, 'person', '')];
    },
  },
];
