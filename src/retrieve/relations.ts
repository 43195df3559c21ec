import type { RelationLexicon } from '../lexicon/base.js';
import { ANSWER_TYPES } from '../lexicon/wordnet-lexicon.js';
import { STOP_WORDS, stem } from '../model/text.js';
import { answerKindWords, questionWordAt, withQuestionWords } from './answer-kind.js';
import { OFFLINE_RECIPE } from './recipe.js';
import type { RelationRecipe } from './recipe-types.js';

const ANSWER_TYPE_WORDS = new Set(Object.keys(ANSWER_TYPES));

/** A relation word of the question and the predicate keys it names. */
export interface RelationWord {
  /** The word's stem: its identity in coverage counts. */
  id: string;
  /** How sure the match is (the best key score). */
  weight: number;
  keys: ReadonlySet<string>;
}

/** One occurrence of a relation word in the question. */
export interface RelationMention extends RelationWord {
  /** Token position in the question. */
  position: number;
}

/**
 * Which of the question's words name relations the user's graph has, by meaning: each content
 * word outside linked names is scored against every predicate key of the user's vocabulary
 * ({@link RelationLexicon}); a word names the key(s) it fits best, when the fit is good enough and
 * unambiguous. A path through the graph is as relevant as the share of the question's relation
 * words its predicates cover, and the number of relations named tells how many hops to walk.
 */
export class RelationMatcher {
  /** Relation words (stems) that some predicate of the vocabulary matches. */
  readonly target: ReadonlySet<string>;
  /**
   * How many times the question names each relation word ("films directed by the director of
   * X" names `direct` twice): a path covers a word at most that many times.
   */
  readonly targetCounts: ReadonlyMap<string, number>;
  /** Sum of {@link targetCounts}, each occurrence weighted by how sure its match is. */
  readonly targetTotal: number;
  /** How sure each relation word's match is (1 for a shared stem). */
  readonly weights: ReadonlyMap<string, number>;
  /** Predicate keys matching at least one relation word. */
  readonly relevantKeys: readonly string[];
  /** The relation words in question order, repeats included. */
  readonly mentions: readonly RelationMention[];
  /**
   * Each relation word's place in the chain: 0 for the word nearest the entity the question
   * starts from, then outwards ("release years of films written by X": write 0, release 1).
   * Questions name the relation next to their entity first in the chain.
   */
  readonly order: ReadonlyMap<string, number>;
  /** The question's content words outside names that name no relation (question order, once each). */
  readonly unread: readonly string[];
  /** The question's content words outside names, relation words or not (question order). */
  readonly contentWords: readonly string[];
  private readonly byKey = new Map<string, Set<string>>();

  constructor(
    questionTokens: readonly string[],
    nameTokens: readonly string[],
    vocabulary: readonly string[],
    lexicon: RelationLexicon,
    /** Token positions of the entities the question names (where chains start). */
    anchors: readonly number[] = [],
    /**
     * Below `minMatch` a word does not name a predicate (words two WordNet links apart count, but
     * only when they name one predicate better than every other: a match below `strongMatch`
     * names exactly one).
     */
    recipe: RelationRecipe = OFFLINE_RECIPE.relations,
  ) {
    const names = new Set(nameTokens.map(stem));
    const words = new Map<string, RelationWord | null>();
    const mentions: RelationMention[] = [];
    const unread: string[] = [];
    const content: string[] = [];
    const tokens = withQuestionWords(questionTokens);
    const questionWord = questionWordAt(tokens);
    // The words naming the answer's kind ("which person", "which words") say what the answer is,
    // which the answer fit reads; their usual sense does not choose among the relations they
    // read alike.
    const kindWords = new Set(answerKindWords(tokens, (token) => names.has(stem(token))).map(stem));
    for (const [position, token] of tokens.entries()) {
      // Question words that name their answer's type ("when": a time) are relation words too.
      const asksType = ANSWER_TYPE_WORDS.has(token) && position === questionWord;
      if ((STOP_WORDS.has(token) && !asksType) || /^\d+$/.test(token)) continue;
      const id = stem(token);
      if (names.has(id)) continue;
      if (!asksType) content.push(token);
      let word = words.get(id);
      if (word === undefined) {
        word = matchWord(id, token, vocabulary, lexicon, recipe, !kindWords.has(id));
        words.set(id, word);
      }
      if (word) mentions.push({ ...word, position });
      else if (!asksType && !unread.includes(token)) unread.push(token);
    }
    this.unread = unread;
    this.contentWords = content;
    const counts = new Map<string, number>();
    const weights = new Map<string, number>();
    for (const mention of mentions) {
      counts.set(mention.id, (counts.get(mention.id) ?? 0) + 1);
      weights.set(mention.id, mention.weight);
      for (const key of mention.keys) {
        const set = this.byKey.get(key) ?? new Set<string>();
        set.add(mention.id);
        this.byKey.set(key, set);
      }
    }
    this.mentions = mentions;
    this.order = chainOrder(mentions, anchors);
    this.targetCounts = counts;
    this.weights = weights;
    this.target = new Set(counts.keys());
    this.targetTotal = mentions.reduce((sum, m) => sum + m.weight, 0);
    this.relevantKeys = [...this.byKey.keys()];
  }

  /** The relation words a predicate key covers (empty when it says nothing about the question). */
  matched(key: string): ReadonlySet<string> {
    return this.byKey.get(key) ?? EMPTY;
  }

  /** Whether a word of the question names a relation of the graph (so it is probably not a name). */
  isRelationWord(stemmed: string): boolean {
    return this.target.has(stemmed);
  }

  /**
   * How many hops to walk for the question: the fewest facts whose predicates cover every
   * relation mention (each fact covers each of its words once: "films directed by the director
   * of X" is two `directed_by` hops, "what year was X released" one `release_year` hop), plus one
   * for a return along a relation ("films that share actors with X" names one relation and walks
   * it there and back), at most `max`; `fallback` when the question names no relation. The walk's
   * scoring keeps paths that go further than the question asks below those that do not.
   */
  inferHops(fallback: number, max: number = OFFLINE_RECIPE.walk.maxHops): number {
    if (this.mentions.length === 0) return fallback;
    const remaining = new Map(this.targetCounts);
    let hops = 0;
    while ([...remaining.values()].some((n) => n > 0) && hops < max) {
      let bestKey: string | undefined;
      let bestCover = 0;
      for (const [key, ids] of this.byKey) {
        let cover = 0;
        for (const id of ids) if ((remaining.get(id) ?? 0) > 0) cover += this.weights.get(id) ?? 0;
        if (cover > bestCover) {
          bestCover = cover;
          bestKey = key;
        }
      }
      if (!bestKey) break;
      for (const id of this.byKey.get(bestKey) ?? []) {
        const left = remaining.get(id) ?? 0;
        if (left > 0) remaining.set(id, left - 1);
      }
      hops++;
    }
    return Math.max(1, Math.min(max, hops + 1));
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Ranks relation words by where they stand from the entity the question starts from: the words
 * before it nearest first ("years of films directed by X": direct, then years), then the words
 * after it, which name the end of the chain ("the films directed by X starred who").
 */
function chainOrder(mentions: readonly RelationMention[], anchors: readonly number[]): Map<string, number> {
  const order = new Map<string, number>();
  if (anchors.length === 0) return order;
  const first = Math.min(...anchors);
  const last = Math.max(...anchors);
  // Words before the entity come before every word after it.
  const afterAll = 2 * (Math.max(last, ...mentions.map((m) => m.position)) + 1);
  const distance = new Map<string, number>();
  for (const mention of mentions) {
    const d = mention.position < first ? first - mention.position : afterAll + mention.position - last;
    distance.set(mention.id, Math.min(distance.get(mention.id) ?? Infinity, d));
  }
  [...distance.entries()]
    .sort((a, b) => a[1] - b[1])
    .forEach(([id], rank) => {
      order.set(id, rank);
    });
  return order;
}

function matchWord(
  id: string,
  token: string,
  vocabulary: readonly string[],
  lexicon: RelationLexicon,
  recipe: RelationRecipe,
  byUsualSense: boolean,
): RelationWord | null {
  let best = 0;
  const scored: [string, number][] = [];
  for (const key of vocabulary) {
    const score = lexicon.score(token, key);
    if (score < recipe.minMatch) continue;
    scored.push([key, score]);
    if (score > best) best = score;
  }
  if (best < recipe.minMatch) return null;
  const top = scored.filter(([, score]) => score >= best - recipe.tie).map(([key]) => key);
  if (best < recipe.strongMatch && top.length > 1) {
    // A loose word naming several keys alike names the one its usual sense names, if one only
    // (unless it names the answer's kind).
    if (!byUsualSense) return null;
    const usual = scored.filter(([key]) => lexicon.usualScore(token, key) >= recipe.usualMatch);
    const [only] = usual;
    return usual.length === 1 && only ? { id, weight: only[1], keys: new Set([only[0]]) } : null;
  }
  return { id, weight: best, keys: new Set(top) };
}
