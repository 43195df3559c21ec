import { sharedWordNet } from './relatedness.js';

// The adverbs that make a phrasal verb with the verb before them ("work _out_", "look _after_"):
// a closed class of English. Prepositions that open a phrase of their own ("go _to_ the gym",
// "make _for_ dinner") are left out: after a verb they seldom make one word with it.
const PARTICLES: ReadonlySet<string> = new Set(['out', 'up', 'off', 'down', 'away', 'back', 'over', 'after']);
// A phrasal verb WordNet's tagged texts use less often than this may be known there only in a
// trade's sense ("ring up" a sale), not the everyday one a question uses ("get rung up": phoned).
const MIN_TAGGED_USES = 2;

/** A verb and the particle after it, read as one verb of its own. */
export interface PhrasalVerb {
  /** WordNet's lemma of the whole (`work_out`). */
  lemma: string;
  /** The question's words it covers, the verb first (`["work", "out"]`). */
  words: [string, string];
}

/**
 * The phrasal verbs among a question's adjacent words whose usual sense is not the verb's own:
 * "work out" is to exercise (WordNet's first sense of `work_out` does not hold "work"), "go out"
 * to leave or to date, "look after" to care for, so the verb alone names no relation of the
 * question. Where the first sense holds the verb ("sign up" is to sign), the particle only
 * stresses it, and a phrasal verb WordNet's tagged texts hardly use may mean there what the
 * question does not: neither is returned.
 */
export function phrasalVerbs(tokens: readonly string[]): PhrasalVerb[] {
  const wordnet = sharedWordNet();
  const found: PhrasalVerb[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const verb = tokens[i] as string;
    const particle = tokens[i + 1] as string;
    if (!PARTICLES.has(particle)) continue;
    for (const base of wordnet.lemmas(verb, 'verb')) {
      const lemma = `${base}_${particle}`;
      const [usual] = wordnet.synsetIds(lemma, 'verb');
      if (usual === undefined || wordnet.tagCounts(lemma).verb < MIN_TAGGED_USES) continue;
      if (wordnet.synset(usual)?.words.includes(base)) continue;
      found.push({ lemma, words: [verb, particle] });
      break;
    }
  }
  return found;
}
