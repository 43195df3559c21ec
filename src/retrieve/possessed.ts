import { followsMy } from './possessive.js';

/** A word the question says of someone of the user's ("my girlfriend's _name_"), and where each stands. */
export interface PossessedWord {
  /** Token position of the one it is said of ("girlfriend"). */
  ownerAt: number;
  /** Token position of the word said of them ("name"). */
  wordAt: number;
}

// "my girlfriend's name", "my older brother's job": the owner, then the word said of them.
const POSSESSED = /\bmy\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)['’]s\s+([\p{L}-]+)/giu;

/**
 * The words a question says of someone of the user's by a possessive ("What's my girlfriend's
 * _name_?", "What is my boss's _job_?"), by their positions among the question's tokens (where
 * `tokenize` has written "girlfriend's" as "girlfriends"). Such a word asks about that one, never
 * about the user: the user's own name or job does not answer it.
 */
export function possessedWords(query: string, tokens: readonly string[]): PossessedWord[] {
  const found: PossessedWord[] = [];
  for (const match of query.matchAll(POSSESSED)) {
    const owner = `${(match[1] ?? '').toLowerCase()}s`;
    const word = (match[2] ?? '').toLowerCase();
    for (let at = 0; at + 1 < tokens.length; at++)
      if (tokens[at] === owner && tokens[at + 1] === word && followsMy(tokens, at))
        found.push({ ownerAt: at, wordAt: at + 1 });
  }
  return found;
}

/** What a question's relation matching has found, as {@link withoutOthersWords} reads it. */
export interface MentionsAt {
  /** Each relation word's token position. */
  readonly mentions: readonly { readonly position: number }[];
}

// What a word said of someone no relation names becomes among the relation words: a stop word.
const OWNED_FILLER = 'the';

/**
 * A question's relation words without those it says of someone of the user's whom no relation of
 * the user's names ("my girlfriend's _name_", where the memory says `dating`): such a word asks
 * of them, not of the user, so it names no relation of the user's own (`preferred_name`). Where
 * the owner is named by a relation (`sister`), nothing changes: "my sister's job" is a chain.
 * A possessive whose words a relation the question asks has carried (`words` differs from
 * `tokens` there) is that relation's, and is left to it.
 *
 * @param tokens - The question's tokens.
 * @param words - The relation words, aligned with `tokens` (asked relations stand in, in place).
 * @param found - The relations matched over `words`.
 * @param rematch - Matches relations over other words.
 * @returns The words and relations to read on with, and the words said of someone else.
 */
export function withoutOthersWords<Matched extends MentionsAt>(
  query: string,
  tokens: readonly string[],
  words: readonly string[],
  found: Matched,
  rematch: (words: readonly string[]) => Matched,
): { words: string[]; relations: Matched; othersWords: string[] } {
  const own = (at: number) => words[at] === tokens[at];
  const unowned = possessedWords(query, tokens).filter(
    (p) => own(p.ownerAt) && own(p.wordAt) && !found.mentions.some((m) => m.position === p.ownerAt),
  );
  if (unowned.length === 0) return { words: [...words], relations: found, othersWords: [] };
  const relationWords = [...words];
  for (const { wordAt } of unowned) relationWords[wordAt] = OWNED_FILLER;
  return {
    words: relationWords,
    relations: rematch(relationWords),
    othersWords: unowned.map((p) => tokens[p.wordAt] ?? ''),
  };
}
