/**
 * The temporal rules, in one pure module: where a newly said fact goes on the timeline of the
 * facts it competes with, whatever order the writes arrive in.
 *
 * A *group* is the set of facts one new fact competes with: for a functional predicate
 * (`lives_in`) every fact of the subject with that predicate; for a predicate with opposites
 * (`likes` / `dislikes`, `X` / `not_X`) the subject's facts with the same object under the
 * predicate or its opposites. Within a group at most one value holds at any instant. A fact is
 * true on `[validFrom, validTo)`; `validTo = null` means it still holds.
 *
 * Every fact keeps its *observations*: each time it was said, and by which episode or source.
 * A value said again is an observation with its own time, not a bare count: so when a different
 * value turns out to lie between two observations of one value, that fact's interval splits.
 *
 * Placing a value said at time `t`:
 * - the fact holding at `t` says the same → confirmed (an observation more), nothing moves;
 * - another value holds at `t` and was itself said again after `t` → its interval splits: it is
 *   cut at `t`, the new fact holds from `t` to that later observation, and a continuation of the
 *   old value (holding the observations after `t`) takes the rest of the old interval, ending
 *   where it ended and closed by whatever closed it;
 * - the next fact after `t` says the same (and nothing else holds at `t`, or the holder ends
 *   where it starts) → that fact is moved to start at `t`;
 * - another value holds at `t` → it is cut at `t` (closed by this write) and the new fact takes
 *   the rest of its interval, ending where it ended and closed by whatever closed it;
 * - nothing holds at `t` but a later fact exists → the new fact is stored already closed, at the
 *   later fact's start, closed by it;
 * - nothing holds at `t` or after → the new fact is current.
 * So writing the same observations in any order gives the same history (recurring values
 * included: Lisbon in January, Oslo in March, Lisbon again in June), and re-extracting an old
 * turn never closes a newer fact. At the same instant the later write wins (the earlier fact is
 * left with an empty interval).
 */

import { isEnded } from './ended.js';

/** One time a fact was said, and by which episode (or source). */
export interface Observation {
  at: Date;
  source: string;
}

/** A fact of a group, as the rules need it. */
export interface TimelineFact {
  uid: string;
  /** What the fact says within its group (predicate key and object), compared for equality. */
  value: string;
  validFrom: Date;
  validTo: Date | null;
  /** The episode (or source) that closed it. */
  invalidatedBy: string | null;
  /** The fact that replaced it. */
  supersededBy: string | null;
  /** The episode (or source) that first said it. */
  source: string;
  /** Every time it was said, oldest first (its first one at `validFrom`, unless moved since). */
  observations: Observation[];
}

/** A change to an existing fact of the group. */
export interface TimelineChange {
  uid: string;
  validFrom?: Date;
  /** Set to close (or re-close) the fact. */
  close?: { validTo: Date; invalidatedBy: string; supersededBy: string | null };
  /** Set when the fact keeps only some of its observations (the rest went to a continuation). */
  observations?: Observation[];
}

/** The closing of a fact: when, by what, replaced by which fact (`null`: none). */
export interface Closing {
  validTo: Date;
  invalidatedBy: string;
  supersededBy: string | null;
}

/**
 * The later part of a split interval: a new fact with the old value, from the old value's first
 * observation after the split to where the old fact ended.
 */
export interface Continuation {
  uid: string;
  /** The fact it continues (whose subject, object and predicate it repeats). */
  of: string;
  value: string;
  validFrom: Date;
  /** `null` for a current fact. */
  close: Closing | null;
  observations: Observation[];
}

/** What placing one value decided. */
export type Placement =
  | {
      /** The value already holds at that time (or is moved to start then): one more mention. */
      kind: 'confirm';
      uid: string;
      changes: TimelineChange[];
    }
  | {
      /** A new fact, current or already closed. */
      kind: 'insert';
      /** The new fact's uid. */
      uid: string;
      validFrom: Date;
      /** `null` for a current fact. */
      close: Closing | null;
      changes: TimelineChange[];
      /** When the new value splits another value's interval: that value's later part. */
      continuation?: Continuation;
    };

/**
 * Places a value said at `at` by `source` on a group's timeline.
 *
 * @param facts - the group's facts, current and closed, in any order
 * @param newUid - makes the uid of each fact the placement creates (the new one, a continuation)
 */
export function placeOnTimeline(
  facts: readonly TimelineFact[],
  value: string,
  at: Date,
  source: string,
  newUid: () => string,
): Placement {
  const t = at.getTime();
  const ordered = [...facts].sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
  // The fact holding at t; with (legacy) overlaps, the one that started last.
  let holder: TimelineFact | undefined;
  for (const fact of ordered) {
    const from = fact.validFrom.getTime();
    if (from <= t && (fact.validTo === null || t < fact.validTo.getTime())) holder = fact;
  }
  // A value said as over (an empty interval closed by nothing) holds no time another value could
  // end at; the same value said earlier moves its start back, as for any fact.
  const next = ordered.find(
    (f) => f.validFrom.getTime() > t && f !== holder && (f.value === value || !isEnded(f)),
  );

  if (holder && holder.value === value) return { kind: 'confirm', uid: holder.uid, changes: [] };

  // Another value holds at t and was said again after t: t lies between two of its observations.
  const later = holder ? holder.observations.filter((o) => o.at.getTime() > t) : [];
  const [resumed] = later;
  if (holder && resumed) {
    const uid = newUid();
    const continuation = newUid();
    return {
      kind: 'insert',
      uid,
      validFrom: at,
      close: { validTo: resumed.at, invalidatedBy: resumed.source, supersededBy: continuation },
      changes: [
        {
          uid: holder.uid,
          close: { validTo: at, invalidatedBy: source, supersededBy: uid },
          observations: holder.observations.filter((o) => o.at.getTime() <= t),
        },
      ],
      continuation: {
        uid: continuation,
        of: holder.uid,
        value: holder.value,
        validFrom: resumed.at,
        close: closingOf(holder, source),
        observations: later,
      },
    };
  }

  // The value that follows is the same: it simply started earlier than known.
  if (next && next.value === value && (!holder || holder.validTo?.getTime() === next.validFrom.getTime())) {
    const changes: TimelineChange[] = [{ uid: next.uid, validFrom: at }];
    if (holder) {
      changes.push({
        uid: holder.uid,
        close: { validTo: at, invalidatedBy: source, supersededBy: next.uid },
      });
    }
    return { kind: 'confirm', uid: next.uid, changes };
  }

  if (holder) {
    const uid = newUid();
    return {
      kind: 'insert',
      uid,
      validFrom: at,
      close: closingOf(holder, source),
      changes: [{ uid: holder.uid, close: { validTo: at, invalidatedBy: source, supersededBy: uid } }],
    };
  }
  if (next) {
    return {
      kind: 'insert',
      uid: newUid(),
      validFrom: at,
      // Closed by what first said the next value (its start may have moved earlier since).
      close: {
        validTo: next.validFrom,
        invalidatedBy: next.observations[0]?.source ?? next.source,
        supersededBy: next.uid,
      },
      changes: [],
    };
  }
  return { kind: 'insert', uid: newUid(), validFrom: at, close: null, changes: [] };
}

/** How a fact that is cut ended before the cut (`null`: it was current). */
function closingOf(fact: TimelineFact, source: string): Closing | null {
  return fact.validTo === null
    ? null
    : { validTo: fact.validTo, invalidatedBy: fact.invalidatedBy ?? source, supersededBy: fact.supersededBy };
}

/**
 * Applies a placement to the group in place (so that the next triple of the same write sees it):
 * its changes, the observation on a confirmed fact, and the facts it inserts (the new one, then a
 * continuation), appended in that order.
 */
export function applyPlacement(
  facts: TimelineFact[],
  placement: Placement,
  said: { value: string; at: Date; source: string },
): void {
  for (const change of placement.changes) {
    const fact = facts.find((f) => f.uid === change.uid);
    if (!fact) continue;
    if (change.validFrom) fact.validFrom = change.validFrom;
    if (change.close) {
      fact.validTo = change.close.validTo;
      fact.invalidatedBy = change.close.invalidatedBy;
      fact.supersededBy = change.close.supersededBy;
    }
    if (change.observations) fact.observations = change.observations;
  }
  const observation = { at: said.at, source: said.source };
  if (placement.kind === 'confirm') {
    const fact = facts.find((f) => f.uid === placement.uid);
    if (fact) fact.observations = withObservation(fact.observations, observation);
    return;
  }
  facts.push({
    uid: placement.uid,
    value: said.value,
    validFrom: placement.validFrom,
    validTo: placement.close?.validTo ?? null,
    invalidatedBy: placement.close?.invalidatedBy ?? null,
    supersededBy: placement.close?.supersededBy ?? null,
    source: said.source,
    observations: [observation],
  });
  const rest = placement.continuation;
  if (rest) {
    facts.push({
      uid: rest.uid,
      value: rest.value,
      validFrom: rest.validFrom,
      validTo: rest.close?.validTo ?? null,
      invalidatedBy: rest.close?.invalidatedBy ?? null,
      supersededBy: rest.close?.supersededBy ?? null,
      source: rest.observations[0]?.source ?? said.source,
      observations: rest.observations,
    });
  }
}

/** A fact's observations with one more, kept oldest first (a new list). */
export function withObservation(observations: readonly Observation[], added: Observation): Observation[] {
  const list = [...observations, added];
  return list.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Which predicates contradict which: the functional ones and the opposite pairs. */
export interface ContradictionRules {
  /** Predicate keys holding one value at a time per subject. */
  functional: ReadonlySet<string>;
  /** Opposite predicate keys, both ways (`likes` ↔ `dislikes`). */
  opposites: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The prefix of a negated predicate key: `not_lives_in` negates `lives_in`. */
export const NEGATION_PREFIX = 'not_';

/**
 * The default opposite predicates, each pair both ways; `not_X` is always the opposite of `X`.
 * Configure with `createMemory({ oppositePredicates })`.
 */
export const DEFAULT_OPPOSITE_PREDICATES: readonly (readonly [string, string])[] = [
  ['likes', 'dislikes'],
  ['likes', 'hates'],
  ['loves', 'hates'],
  ['loves', 'dislikes'],
  ['enjoys', 'dislikes'],
  ['enjoys', 'hates'],
  ['prefers', 'dislikes'],
  ['wants', 'does_not_want'],
  ['is_allergic_to', 'is_not_allergic_to'],
  ['owns', 'sold'],
  ['is_married_to', 'divorced'],
  ['is_friends_with', 'is_not_friends_with'],
];

/** Builds the rules from a functional list and opposite pairs (made symmetric). */
export function contradictionRules(
  functional: Iterable<string>,
  opposites: Iterable<readonly [string, string]>,
): ContradictionRules {
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    const set = map.get(a) ?? new Set<string>();
    set.add(b);
    map.set(a, set);
  };
  for (const [a, b] of opposites) {
    add(a, b);
    add(b, a);
  }
  return { functional: new Set(functional), opposites: map };
}

/** The predicate keys whose facts (with the same object) contradict a fact with `key`. */
export function oppositesOf(key: string, rules: ContradictionRules): string[] {
  const result = new Set(rules.opposites.get(key) ?? []);
  if (key.startsWith(NEGATION_PREFIX)) result.add(key.slice(NEGATION_PREFIX.length));
  else result.add(`${NEGATION_PREFIX}${key}`);
  return [...result];
}
