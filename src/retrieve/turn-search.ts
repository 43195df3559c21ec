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
  const asked = withoutFrameWords(tokens);
  const turnWords = asked.filter((t) => {
    const terms = searchTerms(t);
    return terms.length === 0 || terms.some((term) => !ownName.has(term));
  });
  const reworded = asked.length < tokens.length;
  return store.searchEpisodes(userId, {
    text: turnWords.length > 0 && (ownName.size > 0 || reworded) ? turnWords.join(' ') : query,
    expansion: expander
      ? asked.filter((t) => !STOP_WORDS.has(t) && !nameTokens.includes(t)).flatMap((t) => expander.expand(t))
      : [],
    concepts: expander?.conceptTerms(reworded ? asked.join(' ') : query) ?? [],
    vector: search.vector,
    k: search.depth,
    minSimilarity: search.minSimilarity,
  });
}

// The nouns that frame what a question asks ("What kind of place …?", "What type of car …?"):
// followed by "of", they ask for a category and are no word a turn about it would say.
const FRAME_NOUNS: ReadonlySet<string> = new Set(['kind', 'kinds', 'type', 'types', 'sort', 'sorts']);

/** The question's tokens without the nouns that frame it ("kind" of "what kind of place"). */
function withoutFrameWords(tokens: readonly string[]): string[] {
  return tokens.filter((t, i) => !(FRAME_NOUNS.has(t) && tokens[i + 1] === 'of'));
}
