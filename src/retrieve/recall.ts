import type { EmbeddingsLike } from '../embed/base.js';
import type { RelationLexicon } from '../lexicon/base.js';
import { tokenize } from '../model/normalize.js';
import type { RecalledEntity, RecalledFact, RecallResult } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import { placeNames } from './anchors.js';
import { formatContext } from './context.js';
import { expand } from './expand.js';
import { fuseRankings } from './fuse.js';
import { linkEntities } from './link.js';
import { RelationMatcher } from './relations.js';
import { STOP_WORDS, stem } from './text.js';

/** Hops walked when the question names no relation. */
const DEFAULT_HOPS = 2;

/** A checked recall request. */
export interface RecallRequest {
  userId: string;
  query: string;
  limit: number;
  /** Graph hops; inferred from the question's relations when not given. */
  hops?: number;
  asOf?: Date;
  includeHistory: boolean;
  maxChars: number;
}

/** Tuning of the hybrid retriever. */
export interface RetrieverOptions {
  /**
   * Similar entities added as seeds.
   * @default 5
   */
  vectorSeeds?: number;
  /**
   * Minimum cosine similarity of a vector seed.
   * @default 0.3
   */
  minSimilarity?: number;
}

/**
 * Hybrid retrieval with no model call: entities named in the query (index lookups) and
 * entities similar to it (vector search) seed a walk along the user's facts; the reached facts
 * are ranked by fusing path relevance with textual overlap, and formatted for a prompt.
 */
export class Retriever {
  private readonly vectorSeeds: number;
  private readonly minSimilarity: number;

  constructor(
    private readonly store: GraphStore,
    private readonly embeddings: EmbeddingsLike,
    private readonly lexicon: RelationLexicon,
    options: RetrieverOptions = {},
  ) {
    this.vectorSeeds = options.vectorSeeds ?? 5;
    this.minSimilarity = options.minSimilarity ?? 0.3;
  }

  /** Runs one recall. */
  async recall(request: RecallRequest): Promise<RecallResult> {
    const { userId, query } = request;
    const time: TimeScope = request.includeHistory
      ? { mode: 'all' }
      : request.asOf
        ? { mode: 'asOf', asOf: request.asOf }
        : { mode: 'current' };

    const tokens = tokenize(query);
    const linked = await linkEntities(this.store, userId, query);
    const vocabulary = await this.store.predicateKeys(userId);
    // Relation words are the question's words outside names: multi-word names, and one-word
    // names written capitalised inside the question. A one-word name that is also a relation
    // word ("director", "actors") is more likely the relation than the entity.
    const spans = placeNames(query, tokens, linked);
    const nameTokens = spans
      .filter((s) => s.link.matched.includes(' ') || (s.capitalised && (s.positions[0] ?? 0) > 0))
      .flatMap((s) => s.link.matched.split(' '));
    await this.lexicon.prepare(
      tokens.filter((t) => !STOP_WORDS.has(t)),
      vocabulary,
    );
    const anchors = spans.filter((s) => !s.lowercaseWord).flatMap((s) => s.positions);
    const relations = new RelationMatcher(tokens, nameTokens, vocabulary, this.lexicon, anchors);
    const hops = request.hops ?? relations.inferHops(DEFAULT_HOPS);
    const seeds = new Map<string, number>();
    const via = new Map<string, RecalledEntity['via']>();
    for (const { link, lowercaseWord } of spans) {
      const relationWord = !link.matched.includes(' ') && relations.isRelationWord(stem(link.matched));
      seeds.set(
        link.entity.uid,
        relationWord ? link.weight * 0.2 : lowercaseWord ? link.weight * 0.3 : link.weight,
      );
      via.set(link.entity.uid, 'name');
    }
    // Full-text matches of names (backends with a full-text index) widen linking to partial names.
    for (const hit of await this.store.nameMatches(userId, query, 5)) {
      if (seeds.has(hit.uid)) continue;
      seeds.set(hit.uid, 0.7 * hit.score);
      via.set(hit.uid, 'name');
    }
    if (this.vectorSeeds > 0) {
      const vector = await this.embeddings.embedQuery(query);
      // Named entities are the strong signal; similar ones widen the net for paraphrases.
      const scale = linked.length > 0 ? 0.5 : 0.9;
      for (const hit of await this.store.similarEntities(
        userId,
        vector,
        this.vectorSeeds,
        this.minSimilarity,
      )) {
        if (seeds.has(hit.uid)) continue;
        seeds.set(hit.uid, hit.score * scale);
        via.set(hit.uid, 'similarity');
      }
    }
    if (seeds.size === 0) return { facts: [], entities: [], context: '' };

    const { facts: reached, entityScores } = await expand(this.store, userId, seeds, {
      hops,
      time,
      relations,
    });
    const ranked = fuseRankings([...reached.values()], tokens, request.limit).slice(0, request.limit);
    const facts: RecalledFact[] = ranked.map(({ fact, score, hops }) => ({
      uid: fact.uid,
      subject: fact.subject,
      subjectUid: fact.subjectUid,
      predicate: fact.predicate,
      object: fact.object,
      objectUid: fact.objectUid,
      statement: fact.statement,
      score,
      validFrom: fact.validFrom,
      validTo: fact.validTo,
      episodeIds: [...fact.episodeIds],
      hops,
    }));

    const entityUids = new Set(seeds.keys());
    for (const fact of facts) {
      entityUids.add(fact.subjectUid);
      entityUids.add(fact.objectUid);
    }
    const entities: RecalledEntity[] = (await this.store.entitiesByUids(userId, [...entityUids]))
      .map((entity) => ({
        uid: entity.uid,
        name: entity.name,
        type: entity.type,
        score: entityScores.get(entity.uid) ?? 0,
        via: via.get(entity.uid) ?? 'traversal',
      }))
      .sort((a, b) => b.score - a.score);

    const context = formatContext(facts, {
      maxChars: request.maxChars,
      includeHistory: request.includeHistory,
      ...(request.asOf ? { asOf: request.asOf } : {}),
    });
    return { facts, entities, context };
  }
}
