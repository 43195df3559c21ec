import type { RelationLexicon } from '../lexicon/base.js';
import { tokenize, USER_ENTITY_KEY } from '../model/normalize.js';
import { STOP_WORDS } from '../model/text.js';
import type { Entity } from '../model/types.js';
import type { GraphStore } from '../store/base.js';
import { type NameSpan, placeNames } from './anchors.js';
import { AskedLexicon, isAskedToken, withAskedRelations } from './asked-relation.js';
import { keyShareReader } from './key-share.js';
import { type LinkedEntity, linkQuery, SELF_REFERENCE } from './link.js';
import { withoutOthersWords } from './possessed.js';
import { followsMy } from './possessive.js';
import type { RankingRecipe } from './recipe-types.js';
import { RelationMatcher } from './relations.js';

/** A question as recall reads it: its words, the entities it names, the relations it asks. */
export interface QuestionReading {
  query: string;
  tokens: string[];
  /** The entities it names (the user's own by "I", "my" or their name). */
  linked: LinkedEntity[];
  /** The user's own entity, named or not (undefined while the memory has none). */
  user: Entity | undefined;
  /** Where each named entity stands in the question. */
  spans: NameSpan[];
  /** The words of multi-word names and of capitalised one-word names (not relation words). */
  nameTokens: string[];
  /** The user's predicate keys. */
  vocabulary: string[];
  relations: RelationMatcher;
  /** The share of a key the question's words read, computed on first use (`keyShareReader`). */
  keyShare: (key: string) => number;
  /** The predicate keys the question asks, read as the extractor reads its answer (`asked-relation`). */
  askedKeys: readonly string[];
  /** The words of a set phrase that asked a relation ("for a living"): they name no relation themselves. */
  idiomWords: readonly string[];
  /** The keys the question asks that the user's memory does not hold (`works_as`, where it says `occupation`). */
  unheldKeys: readonly string[];
  /** The words of a phrasal verb read as one verb ("work out"; among `idiomWords` too). */
  phrasalWords: readonly string[];
  /**
   * The words it says of someone of the user's whom no relation of the user's names ("my
   * girlfriend's _name_"): they name neither a relation nor a kind of the user's own facts.
   */
  othersWords: readonly string[];
  /** Hops to walk: asked, or inferred from the relations named. */
  hops: number;
  /** It names no entity but the user: the user's facts must be told apart. */
  aboutUserOnly: boolean;
  /**
   * It asks about the user: it names no entity but the user, or the user asks it in the first
   * person ("What could I cook for Kofi?"), so the answer is among the user's own facts or those
   * one step from them, and the recipe's `aboutUser` fusion ranks them.
   */
  aboutUser: boolean;
  /** It names the user by name ("What did Caroline research?"), not "I" or "me". */
  userNamed: boolean;
  /**
   * The predicate keys it names someone of the user's by ("my _brother_", "my _wife's_ job"): the
   * user's facts of these keys lead to whom the question may ask about.
   */
  referenceKeys: ReadonlySet<string>;
  /**
   * It names the user only as the one whose people it asks about ("What is my husband's
   * profession?": no "I" nor "me"), so the user's own facts answer it only by leading to them.
   */
  asksOfTheirs: boolean;
  /**
   * It names the user and no one else, nor anyone of theirs ("What food do I love?"): only facts
   * touching the user answer it.
   */
  asksOfUserAlone: boolean;
}

// The words by which a question names the user as one who does or undergoes what it asks.
const FIRST_PERSON_PRONOUNS = new Set(['i', 'me', 'myself']);

/**
 * Link stage: the entities the question names (`linkEntities`), where they stand, and the
 * relations its other words name (`RelationMatcher`). Relation words are the question's words
 * outside names: multi-word names, and one-word names written capitalised inside the question; a
 * one-word name that is also a relation word ("director") is likelier the relation.
 */
export async function readQuestion(
  store: GraphStore,
  lexicon: RelationLexicon,
  recipe: Readonly<RankingRecipe>,
  request: { userId: string; query: string; hops?: number },
): Promise<QuestionReading> {
  const { userId, query } = request;
  const tokens = tokenize(query);
  const [{ linked, user }, vocabulary] = await Promise.all([
    linkQuery(store, userId, query, recipe.link),
    store.predicateKeys(userId),
  ]);
  const spans = placeNames(query, tokens, linked);
  const nameTokens = spans
    .filter((s) => s.link.matched.includes(' ') || (s.capitalised && (s.positions[0] ?? 0) > 0))
    .flatMap((s) => s.link.matched.split(' '));
  await lexicon.prepare(
    tokens.filter((t) => !STOP_WORDS.has(t)),
    vocabulary,
  );
  const anchors = spans.filter((s) => !s.lowercaseWord).flatMap((s) => s.positions);
  const aboutUserOnly = linked.every((l) => l.entity.key === USER_ENTITY_KEY);
  // The relations the question asks, as the extractor reads its answering statement, stand in
  // for the words that asked them ("grow up" asks `is_from`, and is no job's "grow" besides).
  const { words: askedWords, asked, idiom, unheld, phrasal } = withAskedRelations(query, tokens, vocabulary);
  const relationLexicon = asked.length > 0 ? new AskedLexicon(lexicon) : lexicon;
  const match = (words: readonly string[]) =>
    new RelationMatcher(words, nameTokens, vocabulary, relationLexicon, anchors, recipe.relations);
  // A word said of someone of the user's whom no relation names asks of them, not of the user.
  const {
    words: relationWords,
    relations,
    othersWords,
  } = withoutOthersWords(query, tokens, askedWords, match(askedWords), match);
  const referenceKeys = referenceKeysOf(relations, relationWords);
  return {
    query,
    tokens,
    linked,
    user,
    spans,
    nameTokens,
    vocabulary,
    relations,
    keyShare: keyShareReader(relations, relationWords, lexicon, recipe.relations.strongMatch),
    askedKeys: asked,
    idiomWords: idiom,
    phrasalWords: phrasal,
    othersWords,
    unheldKeys: unheld,
    hops: request.hops ?? relations.inferHops(recipe.search.defaultHops, recipe.walk.maxHops),
    aboutUserOnly,
    aboutUser:
      aboutUserOnly || linked.some((l) => l.entity.key === USER_ENTITY_KEY && l.matched === SELF_REFERENCE),
    userNamed: linked.some((l) => l.entity.key === USER_ENTITY_KEY && l.matched !== SELF_REFERENCE),
    referenceKeys,
    asksOfTheirs: referenceKeys.size > 0 && !tokens.some((t) => FIRST_PERSON_PRONOUNS.has(t)),
    asksOfUserAlone: aboutUserOnly && linked.length > 0 && referenceKeys.size === 0,
  };
}

/**
 * The keys that name someone of the user's ("my _sister_"), not the relation the question asks
 * of the user itself ("What's my _favourite meal_?": what the user likes, no one's way there).
 */
function referenceKeysOf(relations: RelationMatcher, words: readonly string[]): Set<string> {
  return new Set(
    relations.mentions
      .filter((m) => followsMy(words, m.position) && !isAskedToken(words[m.position] ?? ''))
      .flatMap((m) => [...m.keys]),
  );
}
