import { type EmbeddingsLike, embedTexts } from '../embed/base.js';
import { distinguishingMarks } from '../model/name-variants.js';
import { entityKeyOf, USER_ENTITY_KEY } from '../model/normalize.js';
import { displayName } from '../model/statement.js';
import type { Entity } from '../model/types.js';
import type { EntityTouch, NewEntity, NewEntityKey, PlanningReads } from '../store/base.js';

/** A name to resolve, as said in a triple. */
export interface NameMention {
  name: string;
  type: string;
}

/** What a name resolved to. */
export interface ResolvedName {
  uid: string;
  /** Canonical display name of the entity. */
  name: string;
}

/** The outcome of resolving the names of one write. */
export interface Resolution {
  /** Keyed by the name's normalised key. */
  byKey: Map<string, ResolvedName>;
  /** uids of entities that did not exist before this write. */
  created: Set<string>;
  entities: NewEntity[];
  keys: NewEntityKey[];
  touches: EntityTouch[];
  /** Names that joined an existing entity as aliases in this write, and why. */
  joins: NameJoin[];
}

/** A name that joined an existing entity as an alias (recorded beside the write: `merge-record.ts`). */
export interface NameJoin {
  key: string;
  /** The name as said. */
  name: string;
  entityUid: string;
  entityName: string;
  /** `variant`: the same name written another way (`name-variants.ts`); `similarity`: the names' embeddings. */
  reason: 'variant' | 'similarity';
}

/** Options of one resolution. */
export interface ResolveOptions {
  at: Date;
  /** Merge unknown names into an existing entity above this cosine similarity (1 disables). */
  mergeThreshold: number;
  /**
   * Similarity merging asks the vector index once per unknown name; bulk loads skip it so they
   * stay linear in the number of triples.
   */
  similarityMerge: boolean;
  /**
   * Names no entity holds, each with the key of the one entity it is a variant of
   * (`variant-targets.ts`, read before the transaction): merged into it unless their types clash.
   */
  variants?: ReadonlyMap<string, string>;
}

// Above this many unknown names in one write, similarity merging is skipped (bulk load).
const MAX_SIMILARITY_LOOKUPS = 64;

/**
 * Resolves names to entities: exact normalised key, then aliases (both one index lookup),
 * then variants of one entity's name (`name-variants.ts`), then embedding similarity above a
 * threshold; "I", "me", "my" and "user" are the user's own
 * entity. Unknown names become new entities, embedded in one `embedDocuments` call.
 */
export class EntityResolver {
  constructor(
    private readonly embeddings: EmbeddingsLike,
    private readonly newUid: () => string,
  ) {}

  /** Resolves every mention of one write for one user, reading what is stored through `store`. */
  async resolve(
    store: PlanningReads,
    userId: string,
    mentions: readonly NameMention[],
    options: ResolveOptions,
  ): Promise<Resolution> {
    const counts = new Map<string, { name: string; type: string; count: number }>();
    for (const mention of mentions) {
      const key = entityKeyOf(mention.name);
      const seen = counts.get(key);
      if (seen) {
        seen.count++;
        if (!seen.type && mention.type) seen.type = mention.type;
      } else {
        const name = mentionName(mention.name);
        counts.set(key, { name, type: key === USER_ENTITY_KEY ? 'person' : mention.type, count: 1 });
      }
    }
    const existing = await store.entitiesByKeys(userId, [...counts.keys()]);
    const resolution: Resolution = {
      byKey: new Map(),
      created: new Set(),
      entities: [],
      keys: [],
      touches: [],
      joins: [],
    };
    const touched = new Map<string, EntityTouch>();
    const touch = (entity: Entity, count: number, type: string, newAlias?: string): void => {
      let entry = touched.get(entity.uid);
      if (!entry) {
        entry = {
          uid: entity.uid,
          at: options.at,
          mentions: 0,
          aliases: [...entity.aliases],
          aliasesChanged: false,
          type: '',
        };
        touched.set(entity.uid, entry);
      }
      entry.mentions += count;
      if (!entity.type && type) entry.type = type;
      if (newAlias && !entry.aliases.includes(newAlias)) {
        entry.aliases.push(newAlias);
        entry.aliasesChanged = true;
      }
    };

    const unknown: string[] = [];
    for (const [key, info] of counts) {
      const entity = existing.get(key);
      if (entity) {
        resolution.byKey.set(key, { uid: entity.uid, name: entity.name });
        touch(entity, info.count, info.type);
      } else {
        unknown.push(key);
      }
    }

    const notVariants = await this.mergeVariants(store, userId, unknown, counts, options, resolution, touch);
    const stillUnknown =
      options.similarityMerge && options.mergeThreshold < 1 && notVariants.length <= MAX_SIMILARITY_LOOKUPS
        ? await this.mergeSimilar(store, userId, notVariants, counts, options, resolution, touch)
        : notVariants;

    if (stillUnknown.length > 0) {
      const vectors = await embedTexts(
        this.embeddings,
        stillUnknown.map((key) => counts.get(key)?.name ?? key),
      );
      stillUnknown.forEach((key, i) => {
        const info = counts.get(key);
        const embedding = vectors[i];
        if (!info || !embedding) return;
        const uid = this.newUid();
        resolution.entities.push({
          uid,
          key,
          name: info.name,
          type: info.type,
          summary: '',
          aliases: [key],
          embedding,
          at: options.at,
          mentions: info.count,
        });
        resolution.created.add(uid);
        resolution.byKey.set(key, { uid, name: info.name });
      });
    }
    resolution.touches = [...touched.values()];
    return resolution;
  }

  /**
   * Merges names that are variants of one entity (`options.variants`), read again inside the
   * transaction; a person never merges into a place: known types must agree. Returns the rest.
   */
  private async mergeVariants(
    store: PlanningReads,
    userId: string,
    unknown: string[],
    counts: Map<string, { name: string; type: string; count: number }>,
    options: ResolveOptions,
    resolution: Resolution,
    touch: (entity: Entity, count: number, type: string, newAlias?: string) => void,
  ): Promise<string[]> {
    const variants = options.variants;
    const targets = variants ? unknown.flatMap((key) => variants.get(key) ?? []) : [];
    if (targets.length === 0) return unknown;
    const found = await store.entitiesByKeys(userId, [...new Set(targets)]);
    const remaining: string[] = [];
    for (const key of unknown) {
      const entity = found.get(variants?.get(key) ?? '');
      const info = counts.get(key);
      if (!entity || !info || (info.type && entity.type && info.type !== entity.type)) {
        remaining.push(key);
        continue;
      }
      adopt(resolution, touch, key, entity, info, 'variant');
    }
    return remaining;
  }

  private async mergeSimilar(
    store: PlanningReads,
    userId: string,
    unknown: string[],
    counts: Map<string, { name: string; type: string; count: number }>,
    options: ResolveOptions,
    resolution: Resolution,
    touch: (entity: Entity, count: number, type: string, newAlias?: string) => void,
  ): Promise<string[]> {
    const candidates = unknown.filter((key) => key !== USER_ENTITY_KEY);
    if (candidates.length === 0) return unknown;
    const vectors = await embedTexts(
      this.embeddings,
      candidates.map((key) => counts.get(key)?.name ?? key),
    );
    const matches = new Map<string, string>();
    for (let i = 0; i < candidates.length; i++) {
      const vector = vectors[i];
      if (!vector) continue;
      const best = (await store.similarEntities(userId, vector, 1, options.mergeThreshold))[0];
      if (best) matches.set(candidates[i] as string, best.uid);
    }
    // Names that differ in their numbers ("Room 101", "Room 102") or in the symbols a key keeps
    // ("C", "C++", "C#") are never the same thing, however similar their embeddings.
    if (matches.size > 0) {
      const named = new Map(
        (await store.entitiesByUids(userId, [...new Set(matches.values())])).map((e) => [e.uid, e.key]),
      );
      for (const [key, uid] of matches) {
        if (distinguishingMarks(key) !== distinguishingMarks(named.get(uid) ?? '')) matches.delete(key);
      }
    }
    if (matches.size === 0) return unknown;
    const entities = new Map(
      (await store.entitiesByUids(userId, [...new Set(matches.values())])).map((e) => [e.uid, e]),
    );
    const remaining: string[] = [];
    for (const key of unknown) {
      const entity = entities.get(matches.get(key) ?? '');
      const info = counts.get(key);
      if (!entity || !info) {
        remaining.push(key);
        continue;
      }
      adopt(resolution, touch, key, entity, info, 'similarity');
    }
    return remaining;
  }
}

/** The name a mention gives a new entity ("I", "me", "my" give the user's own display name). */
export function mentionName(name: string): string {
  return entityKeyOf(name) === USER_ENTITY_KEY ? displayName(name) : name;
}

/** Resolves a name to an entity it was merged into, the name kept as an alias of it. */
function adopt(
  resolution: Resolution,
  touch: (entity: Entity, count: number, type: string, newAlias?: string) => void,
  key: string,
  entity: Entity,
  info: { name: string; type: string; count: number },
  reason: NameJoin['reason'],
): void {
  resolution.joins.push({ key, name: info.name, entityUid: entity.uid, entityName: entity.name, reason });
  resolution.byKey.set(key, { uid: entity.uid, name: entity.name });
  resolution.keys.push({ entityUid: entity.uid, key });
  touch(entity, info.count, info.type, key);
}
