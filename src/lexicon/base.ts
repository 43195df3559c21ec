import { tokenize } from '../model/normalize.js';
import { STOP_WORDS } from '../model/text.js';

/**
 * How strongly a question word names a predicate key, in [0, 1]: 1 for a shared word stem, less
 * for words related by meaning. Implementations: {@link StemLexicon} (spelling only),
 * `WordNetLexicon` (offline, WordNet 3.1), `EmbeddingLexicon` (a semantic embedder) and
 * {@link CombinedLexicon} (the best of several).
 */
export abstract class RelationLexicon {
  /** Prepares scores for these question words and predicate keys (an embedder batches here). */
  async prepare(_words: readonly string[], _keys: readonly string[]): Promise<void> {}

  /** Score of one question word against one predicate key (after `prepare`). */
  abstract score(word: string, key: string): number;

  /**
   * {@link score} with the question word read in its most frequent sense only: a word that names
   * several keys alike names the one its usual sense names ("partner" is first a spouse, and only
   * in a rarer sense a member of a firm). The same as {@link score} for a lexicon without senses.
   */
  usualScore(word: string, key: string): number {
    return this.score(word, key);
  }
}

/** The content words of a predicate key (`directed_by` → `["directed"]`). */
export function keyWords(key: string): string[] {
  return tokenize(key.replace(/_/g, ' ')).filter((w) => !STOP_WORDS.has(w));
}

/** The text a key is embedded as: its content words (`has_genre` → "genre"), or the key itself. */
export function keyPhrase(key: string): string {
  return keyWords(key).join(' ') || key;
}

/** Spelling only: 1 when the word shares its stem with a word of the key. */
export class StemLexicon extends RelationLexicon {
  constructor(private readonly stemOf: (word: string) => string) {
    super();
  }

  override score(word: string, key: string): number {
    const s = this.stemOf(word);
    return keyWords(key).some((w) => this.stemOf(w) === s) ? 1 : 0;
  }
}

/** The best score of several lexicons. */
export class CombinedLexicon extends RelationLexicon {
  constructor(private readonly parts: readonly RelationLexicon[]) {
    super();
  }

  override async prepare(words: readonly string[], keys: readonly string[]): Promise<void> {
    await Promise.all(this.parts.map((p) => p.prepare(words, keys)));
  }

  override score(word: string, key: string): number {
    let best = 0;
    for (const part of this.parts) best = Math.max(best, part.score(word, key));
    return best;
  }

  override usualScore(word: string, key: string): number {
    let best = 0;
    for (const part of this.parts) best = Math.max(best, part.usualScore(word, key));
    return best;
  }
}
