import { STOP_WORDS } from '../model/text.js';
import { QUESTION_START } from './rule-patterns.js';
import { splitClauses, splitSentences } from './rules.js';
import type { ExtractionOutput } from './schema.js';

/**
 * What a small local model's answer needs beyond its grammar (which makes it valid JSON of the
 * schema, not a true one): stopping a list that repeats itself, keeping the facts of an answer
 * stopped there, and dropping facts the conversation does not ground.
 */

type Fact = ExtractionOutput['facts'][number];

// One fact object of the answer as the grammar writes it (keys in schema order, any spacing).
const FACT_OBJECT =
  /\{\s*"subject"\s*:\s*("(?:[^"\\]|\\.)*")\s*,\s*"predicate"\s*:\s*("(?:[^"\\]|\\.)*")\s*,\s*"object"\s*:\s*("(?:[^"\\]|\\.)*")\s*,\s*"subject_type"\s*:\s*("(?:[^"\\]|\\.)*")\s*,\s*"object_type"\s*:\s*("(?:[^"\\]|\\.)*")\s*\}/g;

/** The complete fact objects in an answer so far (a partial answer included). */
export function factsSoFar(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const match of text.matchAll(FACT_OBJECT)) {
    const [subject, predicate, object, subjectType, objectType] = match
      .slice(1)
      .map((s) => JSON.parse(s ?? '""'));
    facts.push({ subject, predicate, object, subject_type: subjectType, object_type: objectType });
  }
  return facts;
}

const factKey = (f: Fact) =>
  `${f.subject.toLowerCase()}\u0000${f.predicate.toLowerCase()}\u0000${f.object.toLowerCase()}`;

/** Whether the answer so far states one fact twice: a model going round in circles. */
export function repeatsItself(text: string): boolean {
  const seen = new Set<string>();
  for (const fact of factsSoFar(text)) {
    const key = factKey(fact);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** An answer stopped where it began to repeat: its distinct complete facts, nothing contradicted. */
export function salvage(text: string): ExtractionOutput {
  const seen = new Set<string>();
  const facts = factsSoFar(text).filter((f) => {
    const key = factKey(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { facts, contradicted: [], summary: '' };
}

const USER_WORDS = new Set(['user', 'i', 'me', 'my', 'myself']);
// Words that say nothing on their own: a name made only of them names nothing ("since").
const STOP = new Set([
  ...STOP_WORDS,
  'since',
  'until',
  'ago',
  'now',
  'today',
  'everything',
  'anything',
  'something',
  'nothing',
  'everyone',
  'someone',
]);

/** The words of a text, lower-cased, letters and digits only (accents folded). */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a name is grounded in the conversation: the user, or a name whose every content word
 * (or, for a longer name, most) is in the text, a word counting when it shares its first five
 * letters with one there (`receptionist` and `reception`) or equals it.
 */
export function grounded(name: string, text: ReadonlySet<string>): boolean {
  const all = words(name);
  if (all.length > 0 && all.every((w) => USER_WORDS.has(w))) return true;
  const own = all.filter((w) => !STOP.has(w));
  if (own.length === 0) return false;
  const stems = [...text].filter((w) => w.length >= 5).map((w) => w.slice(0, 5));
  const found = own.filter((w) => text.has(w) || (w.length >= 5 && stems.includes(w.slice(0, 5))));
  return found.length === own.length || (own.length >= 3 && found.length >= own.length - 1);
}

/** The number words zero to twelve, each at its own value's index (`NUMBER_WORDS[3]` is `three`). */
export const NUMBER_WORDS: readonly string[] = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/**
 * The words a conversation's facts may name: the turn, the previous turn and the known facts
 * (a number word also as its digits: "three" grounds "3").
 */
export function groundingWords(...texts: string[]): Set<string> {
  const all = new Set(texts.flatMap(words));
  for (const [n, word] of NUMBER_WORDS.entries()) if (all.has(word)) all.add(String(n));
  return all;
}

/**
 * The facts a turn states: the object named in the turn itself (not only in what the model was
 * shown, which a small model copies back), the subject in the turn or its context (who "she"
 * is), and named in a sentence that states something rather than asks, wishes, plans or
 * supposes ("Should I move to Berlin?", "I'm thinking about moving to Austin").
 */
export function statedFacts(facts: readonly Fact[], turn: string, context: ReadonlySet<string>): Fact[] {
  const turnWords = groundingWords(turn);
  const sentences = splitSentences(turn)
    .flatMap((sentence) => splitClauses(sentence))
    .map((text) => ({ text, words: groundingWords(text) }));
  return facts
    .map((f) => ({ ...f, subject: spaced(f.subject), object: spaced(f.object) }))
    .filter((f) => {
      if (!grounded(f.object, turnWords) || !grounded(f.subject, context)) return false;
      const naming = sentences.filter((s) => grounded(f.object, s.words));
      const negative = NEGATIVE_PREDICATE.test(f.predicate);
      return (
        naming.length === 0 ||
        naming.some((s) => statesSomething(s.text) && (negative || !NEGATED.test(s.text)))
      );
    });
}

// What marks a sentence as asking, wishing, planning or supposing rather than stating.
const NOT_STATED =
  /\b(?:if|unless|suppose|supposing|imagine|maybe|perhaps|wish|would|could|might|should|will|shall|going to|gonna|want to|wanted|wants to|hope|hoping|plan|plans|planning|thinking about|thinking of|considering|dream)\b|'ll\b|'d\b/i;

// A clause that denies ("I don't speak French") states no positive fact of what it names; a
// predicate that says the negative itself (dislikes, not_works_at) is what it states.
const NEGATED =
  /\b(?:not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|can't|cannot|won't)\b|n't\b/i;
const NEGATIVE_PREDICATE =
  /(?:^|_)(?:not|no|never|non|dis\w*|hates?|quit|left|stopped|former|ex|avoids?|allergic)(?:_|$)|^dis|^un/i;

/** Whether a sentence states something (not a question, wish, plan or supposition). */
function statesSomething(sentence: string): boolean {
  const text = sentence.replace(/[’]/g, "'").trim();
  return !text.endsWith('?') && !QUESTION_START.test(text) && !NOT_STATED.test(text);
}

/** A name a model wrote in snake_case ("moving_to_Austin") with its spaces back. */
function spaced(name: string): string {
  return /^\S+_\S+$/.test(name.trim()) ? name.trim().replace(/_+/g, ' ') : name;
}
