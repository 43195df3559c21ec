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
