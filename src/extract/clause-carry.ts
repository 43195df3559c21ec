import { sharedWordNet } from '../lexicon/relatedness.js';
import { MODIFIED, NAME, PERSON_RELATIONS } from './rule-patterns.js';

// What a clause that leaves its subject out ("… and grew up in Leeds", "… and loves football")
// takes from the clause before it: who it is about, and whether it starts with a verb.

// "and" or "but" before a word in lower case: a clause of its own when that word is a verb.
const CONJUNCTION_THEN_WORD = /,?\s+(?:and|but)\s+(?=(\p{Ll}+)\s)/gu;

/**
 * Whether a word is a verb's inflected form ("grew", "studied", "spends") and no noun ("chips"):
 * a verb lemma other than itself, no noun reading, and any adjective reading ("studied",
 * deliberate) less used in WordNet's tagged texts than the verb ("tired" is mostly a state).
 */
function isInflectedVerbOnly(word: string): boolean {
  const wordnet = sharedWordNet();
  const verbs = wordnet.lemmas(word, 'verb').filter((lemma) => lemma !== word);
  if (verbs.length === 0 || wordnet.lemmas(word, 'noun').length > 0) return false;
  const asVerb = Math.max(...verbs.map((lemma) => wordnet.tagCounts(lemma).verb));
  const asAdjective = Math.max(
    0,
    ...wordnet.lemmas(word, 'adj').map((lemma) => wordnet.tagCounts(lemma).adj),
  );
  return asVerb > asAdjective;
}

/** Whether a clause starts with a verb's inflected form ("grew up in Leeds"): its subject was left out. */
export function startsWithInflectedVerb(part: string): boolean {
  const first = /^\p{Ll}+(?=\s)/u.exec(part)?.[0];
  return first !== undefined && isInflectedVerbOnly(first);
}

/**
 * The first "and" or "but" followed by a verb's inflected form, a clause whose subject carries
 * over ("I was born in Glasgow but grew up in Edinburgh"); lists of things ("fish and chips")
 * and two verbs of one clause ("born and raised") are not split.
 */
export function verbAfterConjunction(text: string): RegExpExecArray | null {
  for (const match of text.matchAll(CONJUNCTION_THEN_WORD)) {
    // Two verbs of one clause ("I was born and raised in Aarhus") are not two clauses.
    const before = /(\p{Ll}+)$/u.exec(text.slice(0, match.index))?.[1] ?? '';
    if (isVerbForm(before)) continue;
    if (isInflectedVerbOnly(match[1] ?? '')) return match as RegExpExecArray;
  }
  return null;
}

/** Whether WordNet reads a word as an inflected form of a verb ("born", "raised", "washed"). */
function isVerbForm(word: string): boolean {
  return (
    word.length > 0 &&
    sharedWordNet()
      .lemmas(word, 'verb')
      .some((lemma) => lemma !== word)
  );
}

// Who a sentence is about, as a verb after "and" takes it up: "I" (also "I'm"), "my mum", a name,
// the name of one said with it ("My son Jake is 12 and loves football": Jake).
const LEADING_SUBJECT = new RegExp(
  `^(I(?=(?:'m)?\\s)|[Mm]y\\s+${MODIFIED}(?:${PERSON_RELATIONS})(?=\\s)|${NAME}?)(?:'m)?\\s+(?=\\p{Ll})`,
  'u',
);
const RELATION_AND_NAME = new RegExp(
  `^(?:[Mm]y|[Oo]ur)\\s+${MODIFIED}(?:${PERSON_RELATIONS})\\s+(\\p{Lu}[\\p{L}'-]*)\\s+(?=\\p{Ll})`,
  'u',
);

// A possessive read as a name would be at a clause's start ("My son Jake …"): no subject.
const POSSESSIVE = /^(?:my|our|your|their|his|her|its)$/i;

/** Who a clause is about, for a clause after it that leaves its subject out; not "My" alone. */
export function leadingSubject(clause: string): string | undefined {
  const named = RELATION_AND_NAME.exec(clause)?.[1];
  if (named) return named;
  const subject = LEADING_SUBJECT.exec(clause)?.[1];
  return subject && !POSSESSIVE.test(subject) ? subject : undefined;
}
