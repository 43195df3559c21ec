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
const STOP = new Set(['the', 'a', 'an', 'of', 'my', 'and', 'in', 'at', 'to', 'for', 'on']);

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
  const own = words(name).filter((w) => !STOP.has(w));
  if (own.length === 0) return false;
  if (own.every((w) => USER_WORDS.has(w))) return true;
  const stems = [...text].filter((w) => w.length >= 5).map((w) => w.slice(0, 5));
  const found = own.filter((w) => text.has(w) || (w.length >= 5 && stems.includes(w.slice(0, 5))));
  return found.length === own.length || (own.length >= 3 && found.length >= own.length - 1);
}

const NUMBERS = [
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
  for (const [n, word] of NUMBERS.entries()) if (all.has(word)) all.add(String(n));
  return all;
}

/** The facts whose subject and object the conversation grounds (see {@link grounded}). */
export function groundedFacts(facts: readonly Fact[], text: ReadonlySet<string>): Fact[] {
  return facts.filter((f) => grounded(f.subject, text) && grounded(f.object, text));
}
