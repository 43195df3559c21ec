import { NotFoundError } from '../model/errors.js';
import { entityKeyOf } from '../model/normalize.js';
import type { Entity, EntityDetails, EpisodeSource, Fact, GraphPath, GraphView } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import { buildGraphView } from './graph-view.js';

/** Facts followed per entity when growing a neighbourhood or a path: hubs cost no more than others. */
const FACTS_PER_ENTITY = 300;
/** Characters of an episode's message shown as its excerpt. */
const EXCERPT_CHARS = 240;
/** Entities a path search may visit before it gives up. */
const PATH_VISIT_BUDGET = 200_000;

/** What part of a user's graph {@link exploreGraph} returns. */
export interface GraphSelection {
  time: TimeScope;
  /** Most entities in the view. */
  limit: number;
  /** Grow the view from this entity (by uid) instead of taking the most mentioned. */
  aroundUid?: string;
  /** Hops from `aroundUid`. */
  hops: number;
  /** Only these predicate keys. */
  predicateKeys?: ReadonlySet<string>;
  /** Only entities of these types (the `around` entity always stays). */
  types?: ReadonlySet<string>;
}

/**
 * Finds an entity of a user by uid or by name (any alias, "I"/"me" for the user).
 *
 * @throws NotFoundError when neither matches
 */
export async function resolveEntityRef(store: GraphStore, userId: string, ref: string): Promise<Entity> {
  const byUid = await store.entityByUid(userId, ref);
  if (byUid) return byUid;
  const key = entityKeyOf(ref);
  const byName = key.length > 0 ? await store.entityByKey(userId, key) : undefined;
  if (byName) return byName;
  throw new NotFoundError(`user "${userId}" has no entity with uid or name "${ref}"`);
}

/**
 * One user's graph for a viewer: the most mentioned entities and the facts between them, or the
 * neighbourhood of one entity grown hop by hop (Bloom-style), filtered by predicate and type.
 */
export async function exploreGraph(
  store: GraphStore,
  userId: string,
  selection: GraphSelection,
): Promise<GraphView> {
  const { entities, facts, truncated } = selection.aroundUid
    ? await neighbourhood(store, userId, selection.aroundUid, selection)
    : await mostMentioned(store, userId, selection);
  const asOf = selection.time.mode === 'asOf' ? selection.time.asOf : null;
  return buildGraphView(userId, entities, facts, { asOf, truncated });
}

async function mostMentioned(
  store: GraphStore,
  userId: string,
  selection: GraphSelection,
): Promise<{ entities: Entity[]; facts: Fact[]; truncated: boolean }> {
  const { types, predicateKeys, limit, time } = selection;
  // A type filter reads every entity so the limit counts only entities of those types.
  const candidates = await store.listEntities(userId, types ? 10_000_000 : limit + 1);
  const matching = types ? candidates.filter((e) => types.has(e.type || 'unknown')) : candidates;
  const entities = matching.slice(0, limit);
  const truncated = matching.length > limit;
  // A whole graph is read in one go; a slice of a bigger one only through its entities' facts.
  const facts = truncated
    ? await store.incidentFacts(
        userId,
        entities.map((e) => e.uid),
        time,
        predicateKeys ? [...predicateKeys] : undefined,
      )
    : await store.listFacts(userId, { time, limit: 10_000_000 });
  return {
    entities,
    facts: predicateKeys ? facts.filter((f) => predicateKeys.has(f.key)) : facts,
    truncated,
  };
}

async function neighbourhood(
  store: GraphStore,
  userId: string,
  centreUid: string,
  selection: GraphSelection,
): Promise<{ entities: Entity[]; facts: Fact[]; truncated: boolean }> {
  const { types, predicateKeys, limit, time, hops } = selection;
  const keys = predicateKeys ? [...predicateKeys] : undefined;
  const reached = new Set([centreUid]);
  const facts = new Map<string, Fact>();
  let frontier = [centreUid];
  let truncated = false;
  for (let hop = 0; hop < hops && frontier.length > 0 && !truncated; hop++) {
    const incident = await store.incidentFacts(userId, frontier, time, keys, FACTS_PER_ENTITY);
    const next: string[] = [];
    for (const fact of incident) {
      const ends = [fact.subjectUid, fact.objectUid].filter((uid) => !reached.has(uid));
      if (reached.size + ends.length > limit) {
        truncated = true;
        continue;
      }
      for (const uid of ends) {
        reached.add(uid);
        next.push(uid);
      }
      facts.set(fact.uid, fact);
    }
    frontier = next;
  }
  const entities = await store.entitiesByUids(userId, [...reached]);
  const kept = types
    ? entities.filter((e) => e.uid === centreUid || types.has(e.type || 'unknown'))
    : entities;
  return { entities: kept, facts: [...facts.values()], truncated };
}

/**
 * One entity with every fact touching it (closed ones included, newest first) and the episodes
 * those facts were learned from, each with its thread, time and a message excerpt.
 */
export async function describeEntity(
  store: GraphStore,
  userId: string,
  entity: Entity,
  factLimit: number,
): Promise<EntityDetails> {
  // A busy entity keeps its newest (then most mentioned) facts, the same order on every backend.
  const all = await store.incidentFacts(userId, [entity.uid], { mode: 'all' }, undefined, factLimit + 1);
  const facts = all.slice(0, factLimit).sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime());
  const episodeIds = [...new Set(facts.flatMap((f) => f.episodeIds))];
  const episodes = episodeIds.length
    ? await store.episodes(userId, { uids: episodeIds, limit: episodeIds.length })
    : [];
  const sources: EpisodeSource[] = episodes.map((e) => ({
    uid: e.uid,
    threadId: e.threadId,
    at: e.at,
    status: e.status,
    excerpt: excerptOf(e.messages),
  }));
  return {
    entity,
    outgoing: facts.filter((f) => f.subjectUid === entity.uid),
    incoming: facts.filter((f) => f.objectUid === entity.uid && f.subjectUid !== entity.uid),
    episodes: sources,
    truncated: all.length > factLimit,
  };
}

function excerptOf(messages: readonly { role: string; content: string }[]): string {
  const said = messages.find((m) => m.role === 'user') ?? messages[0];
  if (!said) return '';
  const text = said.content.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

interface Step {
  previous: string;
  fact: Fact;
}

/** One end of a two-sided search: how each reached entity was reached, and the newest ring. */
interface Side {
  steps: Map<string, Step | null>;
  frontier: string[];
}

/**
 * The shortest chain of facts between two entities, in either direction along each fact, by a
 * breadth-first search from both ends; `null` when none exists within `maxHops`.
 */
export async function findPath(
  store: GraphStore,
  userId: string,
  from: Entity,
  to: Entity,
  time: TimeScope,
  maxHops: number,
): Promise<GraphPath | null> {
  if (from.uid === to.uid) return { entities: [from], facts: [] };
  const sides: [Side, Side] = [
    { steps: new Map([[from.uid, null]]), frontier: [from.uid] },
    { steps: new Map([[to.uid, null]]), frontier: [to.uid] },
  ];
  let depth = 0;
  while (depth < maxHops && sides[0].frontier.length > 0 && sides[1].frontier.length > 0) {
    const side = sides[0].frontier.length <= sides[1].frontier.length ? 0 : 1;
    const [grow, other] = side === 0 ? sides : [sides[1], sides[0]];
    const incident = await store.incidentFacts(userId, grow.frontier, time, undefined, FACTS_PER_ENTITY);
    const next: string[] = [];
    for (const fact of incident) {
      for (const [here, there] of [
        [fact.subjectUid, fact.objectUid],
        [fact.objectUid, fact.subjectUid],
      ] as const) {
        if (!grow.steps.has(here) || grow.steps.has(there)) continue;
        grow.steps.set(there, { previous: here, fact });
        if (other.steps.has(there)) {
          const [forward, backward] = side === 0 ? [grow, other] : [other, grow];
          return assemblePath(store, userId, there, forward.steps, backward.steps);
        }
        next.push(there);
      }
    }
    grow.frontier = next;
    depth++;
    if (sides[0].steps.size + sides[1].steps.size > PATH_VISIT_BUDGET) return null;
  }
  return null;
}

async function assemblePath(
  store: GraphStore,
  userId: string,
  meeting: string,
  fromSteps: Map<string, Step | null>,
  toSteps: Map<string, Step | null>,
): Promise<GraphPath> {
  const uids = [meeting];
  const facts: Fact[] = [];
  for (let step = fromSteps.get(meeting); step; step = fromSteps.get(step.previous)) {
    uids.unshift(step.previous);
    facts.unshift(step.fact);
  }
  for (let step = toSteps.get(meeting); step; step = toSteps.get(step.previous)) {
    uids.push(step.previous);
    facts.push(step.fact);
  }
  const byUid = new Map((await store.entitiesByUids(userId, uids)).map((e) => [e.uid, e]));
  return {
    entities: uids.map((uid) => byUid.get(uid)).filter((e): e is Entity => e !== undefined),
    facts,
  };
}
