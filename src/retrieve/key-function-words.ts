/** The function words of predicate keys, and where a question uses them as a key does. */
import { keyWords } from '../lexicon/base.js';
import { STOP_WORDS, stem } from '../model/text.js';

/**
 * Whether the question uses a function word of the predicate as the predicate does: not right
 * before the predicate's own word ("What do I do _at work_?": "at" names the place of the work,
 * not the firm one works at).
 */
export function usesFunctionWordOf(key: string, sequence: readonly string[]): boolean {
  const own = new Set(keyWords(key).map(stem));
  const used = new Set(functionWords(key));
  return sequence.some((word, at) => used.has(word) && !own.has(stem(sequence[at + 1] ?? '')));
}

/**
 * Whether the question ends with the function word its predicate ends with ("… am I at?",
 * `works_at`), left alone after its subject: after a verb of its own it is that verb's ("Who do I
 * root _for_?" asks whom one roots for, not whom one works for).
 */
export function endsWithFunctionWordOf(
  key: string,
  sequence: readonly string[],
  verbs: ReadonlySet<string>,
): boolean {
  const last = sequence.at(-1);
  if (last === undefined || !key.endsWith(`_${last}`) || !functionWords(key).includes(last)) return false;
  const before = sequence.at(-2) ?? '';
  return !verbs.has(before);
}

/** The function words of a predicate key, other than "is" and "has" (`works_at` → at). */
export function functionWords(key: string): string[] {
  const content = new Set(keyWords(key));
  return key.split('_').filter((w) => w !== 'is' && w !== 'has' && !content.has(w) && STOP_WORDS.has(w));
}
