import type { LinkedEntity } from './link.js';
import { followsMy } from './possessive.js';

/** Where a linked name stands in the question, and how it was written. */
export interface NameSpan {
  link: LinkedEntity;
  /** Token positions the name covers (empty when it cannot be placed, e.g. a self reference). */
  positions: number[];
  /** A one-word name written all in lower case in a question that capitalises names elsewhere. */
  lowercaseWord: boolean;
  /** The name was written with a capital letter. */
  capitalised: boolean;
}

/**
 * Places each linked name in the question's tokens (`tokenize` order) and notes how it was
 * written: a single lower-case word ("the film", "actors") in a question that capitalises other
 * words is more likely a common noun than the entity of that name, unless the user's ("my sister").
 */
export function placeNames(
  query: string,
  tokens: readonly string[],
  linked: readonly LinkedEntity[],
): NameSpan[] {
  const written = query
    .normalize('NFKC')
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  const capitalises = /\p{Lu}/u.test(query);
  return linked.map((link) => {
    const words = link.matched.split(' ');
    const positions: number[] = [];
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (words.every((w, j) => tokens[i + j] === w)) {
        for (let j = 0; j < words.length; j++) positions.push(i + j);
        break;
      }
    }
    const first = positions[0];
    const original = first === undefined || written.length !== tokens.length ? undefined : written[first];
    // After "my" a common noun that names an entity of the user's graph is that one ("Where does
    // my sister live?", where the memory says `sister lives_in Berlin`): the user's, not a word.
    const lowercaseWord =
      capitalises &&
      words.length === 1 &&
      original !== undefined &&
      original === original.toLowerCase() &&
      (first === undefined || !followsMy(tokens, first));
    const capitalised = original !== undefined && /^\p{Lu}/u.test(original);
    return { link, positions, lowercaseWord, capitalised };
  });
}
