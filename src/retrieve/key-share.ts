import { keyWords, type RelationLexicon } from '../lexicon/base.js';
import { keyWordsAsRead } from '../lexicon/key-words.js';
import { canDescribe } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { STOP_WORDS, stem } from '../model/text.js';
import { keyNouns } from './answer-kind.js';
import { isAskedToken } from './asked-relation.js';
import type { RelationMatcher } from './relations.js';

/**
 * How much of each predicate key the question names it reads: the share of the key's content
 * words the question's words name. A relation word reads the key's word it names best (however
 * loosely: it named the key by it); any word of the question reads a key's word it names surely,
 * by stem or by the lexicon at the relation reading's `strongMatch` (a derivation or a synonym:
 * "bicycle" reads `bike`; a link two WordNet steps apart does not). "Which group do I love?" reads
 * `loves_flower` by half (love, not flower), "Where do I live?" reads `lives_in` whole. A key the
 * question asks as the extractor reads its answer (`asked-relation.ts`) reads whole: the grammar
 * read the statement. A word that only describes what the key names ("closest" of `closest_friend`,
 * "older" of `older_sister`) is not counted: "Who is my best mate?" reads the friend, which is
 * what the key relates. Keys the question names no word of are left out.
 */
export function keySharesRead(
  relations: RelationMatcher,
  relationWords: readonly string[],
  questionTokens: readonly string[],
  nameTokens: readonly string[],
  lexicon: RelationLexicon,
  strongMatch: number,
): Map<string, number> {
  const names = new Set(nameTokens.map(stem));
  const words = questionTokens.filter((t) => !STOP_WORDS.has(t) && !names.has(stem(t)) && !/^\d+$/.test(t));
  const shares = new Map<string, number>();
  for (const key of relations.relevantKeys) {
    const own = namingWords(key);
    const naming = relations.mentions
      .filter((m) => m.keys.has(key))
      .map((m) => relationWords[m.position] ?? '');
    if (own.length === 0 || naming.some(isAskedToken)) {
      shares.set(key, 1);
      continue;
    }
    const read = new Set(naming.map((token) => bestWord(token, own, lexicon)));
    for (const w of own)
      if (words.some((t) => stem(t) === stem(w) || lexicon.score(t, w) >= strongMatch)) read.add(w);
    shares.set(key, read.size / own.length);
  }
  return shares;
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
