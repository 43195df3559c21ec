import { contentStems, STOP_WORDS, stem } from './text.js';

function stemOf(token: string): string {
  return STOP_WORDS.has(token) ? '' : stem(token);
}

/**
 * Which of the question's words name relations the user's graph has. The relation words are the
 * question's content words that are not part of a linked entity name; each predicate key of the
 * user's vocabulary matches the relation words its own words share (by stem). A path through the
 * graph is as relevant as the share of relation words its predicates cover.
 */
export class RelationMatcher {
  /** Relation words (stems) that some predicate of the vocabulary matches. */
  readonly target: ReadonlySet<string>;
  /**
   * How many times the question names each relation word ("films directed by the director of
   * X" names `direct` twice): a path covers a word at most that many times.
   */
  readonly targetCounts: ReadonlyMap<string, number>;
  /** Sum of {@link targetCounts}. */
  readonly targetTotal: number;
  /** Predicate keys matching at least one relation word. */
  readonly relevantKeys: readonly string[];
  private readonly matches = new Map<string, ReadonlySet<string>>();

  constructor(
    questionTokens: readonly string[],
    nameTokens: readonly string[],
    vocabulary: readonly string[],
  ) {
    const names = contentStems(nameTokens);
    const words = new Set([...contentStems(questionTokens)].filter((stem) => !names.has(stem)));
    const target = new Set<string>();
    const relevant: string[] = [];
    for (const key of vocabulary) {
      const matched = new Set([...contentStems(key.split('_'))].filter((stem) => words.has(stem)));
      this.matches.set(key, matched);
      if (matched.size > 0) {
        relevant.push(key);
        for (const stem of matched) target.add(stem);
      }
    }
    this.target = target;
    this.relevantKeys = relevant;
    const counts = new Map<string, number>();
    for (const token of questionTokens) {
      const s = stemOf(token);
      if (target.has(s) && !names.has(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    this.targetCounts = counts;
    this.targetTotal = [...counts.values()].reduce((a, b) => a + b, 0);
  }

  /** The relation words a predicate key covers (empty when it says nothing about the question). */
  matched(key: string): ReadonlySet<string> {
    let matched = this.matches.get(key);
    if (!matched) {
      matched = new Set([...contentStems(key.split('_'))].filter((stem) => this.target.has(stem)));
      this.matches.set(key, matched);
    }
    return matched;
  }

  /** Whether a word of the question names a relation of the graph (so it is probably not a name). */
  isRelationWord(stem: string): boolean {
    return this.target.has(stem);
  }
}
