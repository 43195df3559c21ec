import { distance } from 'fastest-levenshtein';
import { tokenize } from '../model/normalize.js';

/** How a name matched a search: the whole name, its start, the start of its words, or nearly. */
export type NameMatchKind = 'exact' | 'prefix' | 'word' | 'fuzzy';

/** An entity as name search sees it: its names (name and aliases) and how often it was mentioned. */
export interface NameCandidate {
  uid: string;
  names: readonly string[];
  mentions: number;
}

/** One match of a name search, best first in every list. */
export interface NameMatch {
  uid: string;
  /** 1 for an exact name, then prefix 0.9, word starts 0.8, near spellings 0.7 down to 0.5. */
  score: number;
  kind: NameMatchKind;
  /** The name or alias that matched. */
  matched: string;
}

const SCORES: Record<Exclude<NameMatchKind, 'fuzzy'>, number> = { exact: 1, prefix: 0.9, word: 0.8 };

/** Edits allowed between a typed word and a name's word: none below 4 letters, 1 to 7, then 2. */
export function allowedEdits(word: string): number {
  return word.length < 4 ? 0 : word.length < 8 ? 1 : 2;
}

/**
 * How one name matches a query, or `undefined`. Names and query are folded by `tokenize`. Every
 * query word must match a word of the name, in any order: as the start of a name word, or within
 * {@link allowedEdits} of the name word or of its start of the same length (so "insep" still
 * finds "Inception" as it is typed). The last query word may be cut short (typing); the others
 * must match a word's start at least.
 */
export function matchName(
  queryWords: readonly string[],
  name: string,
): { kind: NameMatchKind; score: number } | undefined {
  const words = tokenize(name);
  if (words.length === 0 || queryWords.length === 0) return undefined;
  const query = queryWords.join(' ');
  const folded = words.join(' ');
  if (folded === query) return { kind: 'exact', score: SCORES.exact };
  if (folded.startsWith(query)) return { kind: 'prefix', score: SCORES.prefix };
  let edits = 0;
  for (const q of queryWords) {
    let best = Number.POSITIVE_INFINITY;
    for (const w of words) {
      if (w.startsWith(q)) {
        best = 0;
        break;
      }
      const d = Math.min(distance(q, w), distance(q, w.slice(0, q.length)));
      if (d <= allowedEdits(q)) best = Math.min(best, d);
    }
    if (!Number.isFinite(best)) return undefined;
    edits += best;
  }
  if (edits === 0) return { kind: 'word', score: SCORES.word };
  return { kind: 'fuzzy', score: Math.max(0.5, 0.7 - 0.1 * (edits - 1)) };
}

/**
 * Ranks entities by how their names match a query (see {@link matchName}): by score, then by
 * mentions, then shorter names first; at most `limit`.
 */
export function rankNames(query: string, candidates: Iterable<NameCandidate>, limit: number): NameMatch[] {
  const queryWords = tokenize(query);
  if (queryWords.length === 0) return [];
  const found: (NameMatch & { mentions: number })[] = [];
  for (const candidate of candidates) {
    let best: (NameMatch & { mentions: number }) | undefined;
    for (const name of candidate.names) {
      const match = matchName(queryWords, name);
      // On a tie the entity's own name (listed first) stays the one shown.
      if (match && (!best || match.score > best.score))
        best = { uid: candidate.uid, ...match, matched: name, mentions: candidate.mentions };
    }
    if (best) found.push(best);
  }
  return found
    .sort((a, b) => b.score - a.score || b.mentions - a.mentions || a.matched.length - b.matched.length)
    .slice(0, limit)
    .map(({ mentions: _, ...match }) => match);
}
