import { canDescribe } from '../lexicon/kinds.js';

/**
 * Whether the word at `position` is a noun the user owns: it follows "my", right after it or after
 * one word that describes it ("my _friend_", "my best _friend_", "my older _brother_").
 */
export function followsMy(words: readonly string[], position: number): boolean {
  if (words[position - 1] === 'my') return true;
  return words[position - 2] === 'my' && canDescribe(words[position - 1] ?? '');
}
