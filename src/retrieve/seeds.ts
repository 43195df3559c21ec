import { type EmbeddingsLike, embedInProcess } from '../embed/base.js';
import { STOP_WORDS, stem } from '../model/text.js';
import type { Entity, Fact, RecalledEntity } from '../model/types.js';
import type { GraphStore } from '../store/base.js';
import type { QuestionReading } from './question.js';
import type { SearchRecipe, SeedWeights } from './recipe-types.js';
import type { RelationMatcher } from './relations.js';

/** Where the walk starts: each seed entity's strength, and how it entered the recall. */
export interface Seeds {
  strength: Map<string, number>;
  via: Map<string, RecalledEntity['via']>;
}

/**
 * Seed stage, from names: the entities the question names (a one-word name that is also a
 * relation word, or written in lower case, weighs less); when it links none, the names its
 * leftover words spell nearly (a misspelling, seeded as sure as the match; names that merely
 * share a word with the question are not seeds, so every backend seeds the same entities), and
 * the user's own entity when the question asks a relation of the graph; and entities similar to
 * the question, which widen the net for paraphrases.
 */
export async function seedEntities(
  store: GraphStore,
  embeddings: EmbeddingsLike,
  userId: string,
  question: QuestionReading,
  vector: ArrayLike<number>,
  recipe: { search: SearchRecipe; seeds: SeedWeights },
): Promise<Seeds> {
  const { search, seeds: weights } = recipe;
  const { linked, relations, tokens } = question;
  const spellingWords = linked.length === 0 ? nameWords(tokens, relations) : [];
  const spellable =
    spellingWords.length > 0 &&
    spellingWords.length <= search.maxNameWords &&
    spellingWords.every((w) => w.length <= search.maxNameWordLength);
  const [spellingHits, similarHits] = await Promise.all([
    spellable ? store.searchNames(userId, spellingWords.join(' '), search.spellingSeeds) : [],
    search.vectorSeeds > 0
      ? store.similarEntities(
          userId,
          linked.length > 0 ? vector : entityQueryVector(embeddings, tokens, relations, vector),
          search.vectorSeeds,
          search.minSimilarity,
        )
      : [],
  ]);
  const strength = new Map<string, number>();
  const via = new Map<string, RecalledEntity['via']>();
  for (const { link, lowercaseWord } of question.spans) {
    const relationWord = !link.matched.includes(' ') && relations.isRelationWord(stem(link.matched));
    const share = relationWord ? weights.relationWordName : lowercaseWord ? weights.lowercaseName : 1;
    strength.set(link.entity.uid, link.weight * share);
    via.set(link.entity.uid, 'name');
  }
  for (const hit of spellingHits) {
    if ((strength.get(hit.uid) ?? 0) >= hit.score) continue;
    strength.set(hit.uid, hit.score);
    via.set(hit.uid, 'name');
  }
  // A question naming no one that asks a relation of the graph ("Which city is home?"), asked of
  // one person's memory, asks it of that person as "my" would.
  const { user } = question;
  if (linked.length === 0 && user && relations.mentions.length > 0 && !strength.has(user.uid)) {
    strength.set(user.uid, weights.unnamedUser);
    via.set(user.uid, 'name');
  }
  const similarScale = linked.length > 0 ? weights.similarWhenNamed : weights.similarWhenUnnamed;
  for (const hit of similarHits) {
    if (strength.has(hit.uid)) continue;
    strength.set(hit.uid, hit.score * similarScale);
    via.set(hit.uid, 'similarity');
  }
  return { strength, via };
}

/**
 * Seed stage, from facts: when the question names no entity, the ends of the facts whose
 * statements resemble it start the walk too, each as strong as `weight` times its cosine.
 */
export function seedFromFacts(
  seeds: Seeds,
  facts: readonly Fact[],
  cosines: ReadonlyMap<string, number>,
  weight: number,
): void {
  for (const fact of facts) {
    const strength = weight * (cosines.get(fact.uid) ?? 0);
    for (const uid of [fact.subjectUid, fact.objectUid]) {
      if ((seeds.strength.get(uid) ?? 0) >= strength) continue;
      seeds.strength.set(uid, strength);
      if (!seeds.via.has(uid)) seeds.via.set(uid, 'similarity');
    }
  }
}

/**
 * Seed stage, last: a question that found nothing to start from (no name, no misspelling, nothing
 * similar: "Job?", "Current city?"), asked of one person's memory, is asked of that person, as a
 * question asking a relation of the graph is; the answer fit then tells the user's facts apart.
 * Without it the recall returns nothing at all. Whether it did: the fusion then keeps only the
 * facts the answer fit reads the question in (`FactEvidence.fittingOnly`).
 */
export function seedUserWhenUnseeded(seeds: Seeds, user: Entity | undefined, weight: number): boolean {
  if (!user || seeds.strength.size > 0) return false;
  seeds.strength.set(user.uid, weight);
  seeds.via.set(user.uid, 'name');
  return true;
}

/**
 * The vector entities are sought with when the question names none: the question without its
 * relation and function words ("who directed Interstelar" → "interstelar") when the embedder
 * embeds in process and costs no request, since what is left is the name it meant; the whole
 * question's vector otherwise. When the question names an entity, similar ones only widen the
 * net for paraphrases, and the whole question says best which.
 */
function entityQueryVector(
  embeddings: EmbeddingsLike,
  tokens: readonly string[],
  relations: RelationMatcher,
  vector: ArrayLike<number>,
): ArrayLike<number> {
  const content = tokens.filter((t) => !STOP_WORDS.has(t));
  const names = nameWords(tokens, relations);
  if (names.length === 0 || names.length === content.length) return vector;
  return embedInProcess(embeddings, names.join(' ')) ?? vector;
}

/** The question's words outside its function and relation words: what is left is a name. */
function nameWords(tokens: readonly string[], relations: RelationMatcher): string[] {
  return tokens.filter((t) => !STOP_WORDS.has(t) && !relations.isRelationWord(stem(t)));
}
