import type { Episode } from '../../model/types.js';
import type { Statement, WriteBatch } from '../records.js';

/** Which users a committed write changed: some, or possibly any (hand-written Cypher). */
export type AffectedUsers = readonly string[] | 'all';

/**
 * The kinds of copy a cache keeps of a user in process: the graph (entities, facts,
 * predicate vocabulary), the entity and fact vector indexes, and the index of stored turns; a
 * saved snapshot holds them all.
 */
export type CopyKind = 'graph' | 'entityVectors' | 'factVectors' | 'episodes';

/** Which copies a committed write changes. */
export type CopyEffect = ReadonlySet<CopyKind>;

/** Every copy: what a statement not listed below, or a hand-written one, may change. */
export const ALL_COPIES: CopyEffect = new Set<CopyKind>([
  'graph',
  'entityVectors',
  'factVectors',
  'episodes',
]);

/** No copy: the write changes nothing any copy or snapshot holds. */
export const NO_COPIES: CopyEffect = new Set<CopyKind>();

// Statements whose writes change less than every copy. Anything not listed changes them all: a
// statement added later invalidates too much, never too little.
const EFFECTS: Readonly<Record<string, CopyEffect>> = {
  'user-merge': NO_COPIES,
  'meta-set': NO_COPIES,
  'episode-status': NO_COPIES,
  'episode-mentions-create': NO_COPIES,
  'items-put': NO_COPIES,
  'items-delete': NO_COPIES,
  'episode-create': new Set(['episodes']),
  'episodes-set-vectors': new Set(['episodes']),
  'episodes-clear-vectors': new Set(['episodes']),
  'facts-set-vectors': new Set(['factVectors']),
  'facts-clear-vectors': new Set(['factVectors']),
  'entities-set-embeddings': new Set(['entityVectors']),
};

/** The copies one named write statement changes. */
export function effectOf(name: string): CopyEffect {
  return EFFECTS[name] ?? ALL_COPIES;
}

/** Whether a change of these copies makes a user's saved snapshot stale (it holds every kind). */
export function touchesSnapshot(effect: CopyEffect): boolean {
  return effect.size > 0;
}

/**
 * The copies named statements run in one transaction change, and the users they change them
 * for: the `userId` parameters of those that change any, or `all` when one of those names no user.
 */
export function writeScope(statements: readonly Statement[]): { effect: CopyEffect; users: AffectedUsers } {
  const effect = new Set<CopyKind>();
  const users = new Set<string>();
  let anyone = false;
  for (const { name, params } of statements) {
    const own = effectOf(name);
    if (own.size === 0) continue;
    for (const kind of own) effect.add(kind);
    if (typeof params.userId === 'string') users.add(params.userId);
    else anyone = true;
  }
  return { effect, users: anyone ? 'all' : [...users] };
}

/**
 * A committed write, as a store tells its listeners (`StorePort.onCommitted`): which users and
 * which kinds of copy it changed, and what a copy can be brought in step with instead of being
 * read again (the write batch, or the turn stored). `generations` gives, per user, the store's
 * generation before and after the write, when the store keeps them: a copy taken at `before` is
 * exact at `after` once the change is applied; any other copy is dropped.
 */
export interface CommittedWrite {
  users: AffectedUsers;
  effect: CopyEffect;
  batch?: WriteBatch;
  episode?: { episode: Episode; vector: ArrayLike<number> | undefined };
  generations?: ReadonlyMap<string, { before: string; after: string }>;
}
