import { isSelfReference, normalizeKey, USER_ENTITY_KEY } from '../model/normalize.js';
import { STOP_WORDS } from '../model/text.js';
import type { Entity } from '../model/types.js';
import type { GraphStore } from '../store/base.js';
import { OFFLINE_RECIPE } from './recipe.js';
import type { LinkRecipe } from './recipe-types.js';

/** An entity named in the query text. */
export interface LinkedEntity {
  entity: Entity;
  /** 1 for a multi-word or rare name, less for a self reference or a lone stop word. */
  weight: number;
  /** The words of the query that matched. */
  matched: string;
}

/** What `matched` says of the user's entity linked by "I", "me" or "my". */
export const SELF_REFERENCE = 'self reference';

/** The entities a query names, and the user's own entity (named or not), read at once. */
export interface QueryLinks {
  linked: LinkedEntity[];
  /** The user's own entity, when the memory has one: a question naming no one may be about it. */
  user: Entity | undefined;
}

/**
 * Finds the entities a query names: every word n-gram of the query (and of a variant with
 * possessive "'s" removed) is looked up by normalised key in one indexed query; the longest
 * matches win and shorter ones inside them are dropped. First-person words link the user's
 * own entity.
 */
export async function linkEntities(
  store: GraphStore,
  userId: string,
  query: string,
  recipe: LinkRecipe = OFFLINE_RECIPE.link,
): Promise<LinkedEntity[]> {
  return (await linkQuery(store, userId, query, recipe)).linked;
}

/** {@link linkEntities}, with the user's own entity read in the same query. */
export async function linkQuery(
  store: GraphStore,
  userId: string,
  query: string,
  recipe: LinkRecipe = OFFLINE_RECIPE.link,
): Promise<QueryLinks> {
  const variants = [...new Set([normalizeKey(query.replace(/['’]s\b/gi, '')), normalizeKey(query)])]
    .filter((text) => text.length > 0)
    .map((text) => text.split(' '));
  const spans: { words: string[]; start: number; length: number; variant: number; key: string }[] = [];
  variants.forEach((words, variant) => {
    for (let start = 0; start < words.length; start++) {
      for (let length = 1; length <= recipe.maxNameWords && start + length <= words.length; length++) {
        const key = words.slice(start, start + length).join(' ');
        spans.push({ words, start, length, variant, key });
      }
    }
  });
  const keys = [...new Set(spans.map((s) => s.key))];
  const selfReferenced = keys.some((key) => isSelfReference(key));
  // The user's own entity is looked up with the names, in the same read: a question naming the
  // user ("I", or the user's name: `linkUserByName`) needs it.
  const found = await store.entitiesByKeys(userId, [...keys, USER_ENTITY_KEY]);

  const linked = new Map<string, LinkedEntity>();
  // Longest match first; a span inside an already linked span of the same variant is skipped.
  const matches = spans.filter((s) => found.has(s.key) && !isSelfReference(s.key));
  matches.sort((a, b) => b.length - a.length || a.start - b.start);
  const taken = variants.map((words) => new Array<boolean>(words.length).fill(false));
  const hasContentMatch = matches.some((m) => m.length > 1 || !STOP_WORDS.has(m.key));
  for (const match of matches) {
    const used = taken[match.variant] as boolean[];
    let overlaps = false;
    for (let i = match.start; i < match.start + match.length; i++) if (used[i]) overlaps = true;
    if (overlaps) continue;
    const stopOnly = match.length === 1 && STOP_WORDS.has(match.key);
    if (stopOnly && hasContentMatch) continue;
    for (let i = match.start; i < match.start + match.length; i++) used[i] = true;
    const entity = found.get(match.key) as Entity;
    const weight = stopOnly ? recipe.stopWordName : 1;
    const previous = linked.get(entity.uid);
    if (!previous || previous.weight < weight) linked.set(entity.uid, { entity, weight, matched: match.key });
  }
  const self = found.get(USER_ENTITY_KEY);
  if (selfReferenced && self && !linked.has(self.uid)) {
    linked.set(self.uid, { entity: self, weight: recipe.selfReference, matched: SELF_REFERENCE });
  }
  await linkUserByName(store, userId, linked, self);
  return { linked: [...linked.values()], user: self };
}

/**
 * A query that names the person ("When did Caroline…") is about the user: when a linked entity
 * is the user's current `name`, the user's own entity is linked too, as strongly.
 */
async function linkUserByName(
  store: GraphStore,
  userId: string,
  linked: Map<string, LinkedEntity>,
  self: Entity | undefined,
): Promise<void> {
  if (linked.size === 0 || !self || linked.has(self.uid)) return;
  const names = await store.incidentFacts(userId, [self.uid], { mode: 'current' }, ['name']);
  for (const fact of names) {
    const link = fact.subjectUid === self.uid ? linked.get(fact.objectUid) : undefined;
    if (link) {
      linked.set(self.uid, { entity: self, weight: link.weight, matched: link.matched });
      return;
    }
  }
}
