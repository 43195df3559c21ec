import type { QueryExpander } from '../lexicon/expansion.js';
import { USER_ENTITY_KEY } from '../model/normalize.js';
import { STOP_WORDS, searchTerms } from '../model/text.js';
import type { EpisodeHits, GraphStore } from '../store/base.js';
import { SELF_REFERENCE } from './link.js';
import type { QuestionReading } from './question.js';

/**
 * Gather stage, turns: the stored turns by full text (widened by WordNet when an expander is
 * given, and by the concepts of the question's words) and by similarity, `depth` of each. Every
 * stored turn is the user's own: the user's name, when the question says it ("What did Caroline
 * research?" asked of Caroline's memory), tells none of them apart, and the rare turn that
 * happens to say it would rank first on that word alone, so it is left out (compared by stem:
 * "Caroline's" is her name too).
 */
export function searchTurns(
  store: GraphStore,
  expander: QueryExpander | undefined,
  userId: string,
  question: QuestionReading,
  search: { vector: ArrayLike<number>; depth: number; minSimilarity: number },
): Promise<EpisodeHits> {
  const { tokens, query, linked, nameTokens } = question;
  const ownName = new Set(
    searchTerms(
      linked
        .filter((l) => l.entity.key === USER_ENTITY_KEY && l.matched !== SELF_REFERENCE)
        .map((l) => l.matched)
        .join(' '),
    ),
  );
  const turnWords = tokens.filter((t) => {
    const terms = searchTerms(t);
    return terms.length === 0 || terms.some((term) => !ownName.has(term));
  });
  return store.searchEpisodes(userId, {
    text: turnWords.length > 0 && ownName.size > 0 ? turnWords.join(' ') : query,
    expansion: expander
      ? tokens.filter((t) => !STOP_WORDS.has(t) && !nameTokens.includes(t)).flatMap((t) => expander.expand(t))
      : [],
    concepts: expander?.conceptTerms(query) ?? [],
    vector: search.vector,
    k: search.depth,
    minSimilarity: search.minSimilarity,
  });
}
