import { keyWords, type RelationLexicon } from '../lexicon/base.js';
import { keyWordsAsRead } from '../lexicon/key-words.js';
import { canDescribe } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { stem } from '../model/text.js';
import { keyNouns } from './answer-kind.js';
import { isAskedToken } from './asked-relation.js';
import type { RelationMatcher } from './relations.js';

/**
 * How much of a predicate key the question reads (1 for a key its relation words do not name), in
 * [0, 1], computed on first asking for each key: the share of the key's content words the
 * question's words name. A relation word reads the key's word it names best (however loosely: it
 * named the key by it); any content word of the question reads a key's word it names surely, by
 * stem or by the lexicon at the relation reading's `strongMatch` (a derivation or a synonym:
 * "bicycle" reads `bike`; a link two WordNet steps apart does not). "Which group do I love?" reads
 * `loves_flower` by half (love, not flower), "Where do I live?" reads `lives_in` whole. A key the
 * question asks as the extractor reads its answer (`asked-relation.ts`) reads whole: the grammar
 * read the statement. A word that only describes what the key names ("closest" of `closest_friend`,
 * "older" of `older_sister`) is not counted: "Who is my best mate?" reads the friend, which is
 * what the key relates.
 */
export function keyShareReader(
  relations: RelationMatcher,
  relationWords: readonly string[],
  lexicon: RelationLexicon,
  strongMatch: number,
): (key: string) => number {
  const shares = new Map<string, number>();
  const read = (key: string): number => {
    const naming = relations.mentions
      .filter((m) => m.keys.has(key))
      .map((m) => relationWords[m.position] ?? '');
    const own = namingWords(key);
    if (naming.length === 0 || own.length === 0 || naming.some(isAskedToken)) return 1;
    const found = new Set(naming.map((token) => bestWord(token, own, lexicon)));
    for (const w of own)
      if (relations.contentWords.some((t) => stem(t) === stem(w) || lexicon.score(t, w) >= strongMatch))
        found.add(w);
    return found.size / own.length;
  };
  return (key) => {
    let share = shares.get(key);
    if (share === undefined) {
      share = read(key);
      shares.set(key, share);
    }
    return share;
  };
}

/** The key word a relation word names best (the first of equals). */
function bestWord(token: string, own: readonly string[], lexicon: RelationLexicon): string {
  let best = own[0] as string;
  let bestScore = -1;
  for (const w of own) {
    const score = stem(token) === stem(w) ? 1 : lexicon.score(token, w);
    if (score > bestScore) {
      best = w;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The key's content words but those that only describe (an adjective WordNet reads as no noun nor
 * verb: "closest", "older", "usual"); all of them when every word describes.
 */
function namingWords(key: string): string[] {
  const words = keyWords(key);
  const asRead = keyWordsAsRead(key);
  const nouns = keyNouns(key);
  const naming = words.filter(
    (w, at) =>
      nouns.includes(asRead[at] ?? w) || !canDescribe(w) || sharedWordNet().lemmas(w, 'verb').length > 0,
  );
  return naming.length > 0 ? naming : words;
}
