import type { Entity, Fact } from '../model/types.js';
import type { NewEntityKey } from '../store/records.js';
import { entityRecord, factRecord } from './export.js';
import type { MergeRecord } from './merge-record.js';
import { type ContradictionRules, oppositesOf } from './temporal.js';

/** What a merge reads: the two entities, every fact touching either, and the turns' mentions. */
export interface MergeInputs {
  keep: Entity;
  other: Entity;
  /** Every fact (current and closed) touching either entity. */
  facts: readonly Fact[];
  /** The entities each stored turn mentioned, by turn uid. */
  mentions: ReadonlyMap<string, readonly string[]>;
  /** One-value and opposite predicates: what cannot both hold after the merge (the temporal rules). */
  rules: ContradictionRules;
  at: Date;
  id: string;
  reason: string;
}

/** The changes of one merge or split, as plain records (the caller embeds and writes them). */
export interface PlannedRewrite {
  /** Facts deleted first (every fact the plan changes or removes). */
  deleted: string[];
  /** Facts written again in their new state (same uids). */
  rewritten: Fact[];
  entityUpdate: { uid: string; aliases: string[]; mentions: number; at: Date };
  keys: NewEntityKey[];
  /** MENTIONS edges to add. */
  mentions: { episodeUid: string; entityUid: string }[];
}

/** A planned merge and the record that can undo it. */
export interface PlannedMerge extends PlannedRewrite {
  record: MergeRecord;
}

/**
 * Plans a merge of `other` into `keep`: every fact touching `other` moves to `keep` (same uid,
 * same words, same history); a moved fact that says what a current fact of `keep` says is
 * counted into it (mentions, observations, provenance); where two current facts meet that
 * cannot both hold (two values of a one-value predicate, or opposite predicates of one object),
 * the one that holds from later stays and the other closes where it begins (the temporal rules:
 * the later value holds). `other`'s names become `keep`'s aliases.
 */
export function planMerge(input: MergeInputs): PlannedMerge {
  const { keep, other } = input;
  const onto = (uid: string) => (uid === other.uid ? keep.uid : uid);
  const original = new Map(input.facts.map((f) => [f.uid, f]));
  const state = new Map(input.facts.map((f) => [f.uid, { ...f }]));
  const moved = input.facts.filter((f) => f.subjectUid === other.uid || f.objectUid === other.uid);
  const changed = new Set<string>();
  for (const f of moved) {
    state.set(f.uid, { ...f, subjectUid: onto(f.subjectUid), objectUid: onto(f.objectUid) });
    changed.add(f.uid);
  }
  const absorbed = absorbDuplicates(state, moved, changed);
  const closed = closeCompeting(state, new Set(moved.map((f) => f.uid)), keep.uid, input, changed);
  const before = [...changed, ...absorbed.map((a) => a.uid)]
    .map((uid) => original.get(uid))
    .filter((f): f is Fact => f !== undefined);
  const touched = [...input.mentions].filter(([, uids]) => uids.includes(other.uid));
  const onlyOther = touched.filter(([, uids]) => !uids.includes(keep.uid)).map(([episode]) => episode);
  const aliases = unique([...keep.aliases, other.key, ...other.aliases]);
  const record: MergeRecord = {
    kind: 'merge',
    id: input.id,
    at: input.at.toISOString(),
    reason: input.reason,
    keepUid: keep.uid,
    keepName: keep.name,
    keepAliases: [...keep.aliases],
    other: entityRecord(other),
    before: before.map(factRecord),
    moved: moved.map((f) => f.uid),
    absorbed,
    closed,
    mentions: { episodes: touched.map(([episode]) => episode), onlyOther },
    undoneAt: null,
  };
  return {
    record,
    deleted: before.map((f) => f.uid),
    rewritten: [...changed].map((uid) => state.get(uid)).filter((f): f is Fact => f !== undefined),
    entityUpdate: { uid: keep.uid, aliases, mentions: keep.mentions + other.mentions, at: input.at },
    keys: aliases.filter((key) => !keep.aliases.includes(key)).map((key) => ({ entityUid: keep.uid, key })),
    mentions: onlyOther.map((episodeUid) => ({ episodeUid, entityUid: keep.uid })),
  };
}

/**
 * Counts each moved current fact into a current fact that now says the same (same subject,
 * predicate and object), preferring one that was `keep`'s; returns what was absorbed into what.
 */
function absorbDuplicates(
  state: Map<string, Fact>,
  moved: readonly Fact[],
  changed: Set<string>,
): { uid: string; into: string }[] {
  const absorbed: { uid: string; into: string }[] = [];
  const movedUids = new Set(moved.map((f) => f.uid));
  for (const { uid } of moved) {
    const fact = state.get(uid);
    if (!fact || fact.validTo !== null) continue;
    const same = [...state.values()].filter(
      (d) =>
        d.uid !== uid &&
        d.validTo === null &&
        d.subjectUid === fact.subjectUid &&
        d.key === fact.key &&
        d.objectUid === fact.objectUid,
    );
    const into = same.find((d) => !movedUids.has(d.uid)) ?? same[0];
    if (!into) continue;
    state.set(into.uid, combined(into, fact));
    state.delete(uid);
    changed.delete(uid);
    changed.add(into.uid);
    absorbed.push({ uid, into: into.uid });
  }
  return absorbed;
}

/** One fact that holds what two said: every observation, source and mention of both. */
export function combined(into: Fact, from: Fact): Fact {
  const observations = [
    ...into.observedAt.map((at, i) => ({ at, by: into.observedBy[i] ?? '' })),
    ...from.observedAt.map((at, i) => ({ at, by: from.observedBy[i] ?? '' })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    ...into,
    validFrom: new Date(Math.min(into.validFrom.getTime(), from.validFrom.getTime())),
    createdAt: new Date(Math.min(into.createdAt.getTime(), from.createdAt.getTime())),
    confidence: Math.max(into.confidence, from.confidence),
    episodeIds: unique([...into.episodeIds, ...from.episodeIds]),
    mentions: into.mentions + from.mentions,
    observedAt: observations.map((o) => o.at),
    observedBy: observations.map((o) => o.by),
  };
}

/**
 * Where the merge left two current facts that cannot both hold (the temporal rules: two values
 * of a one-value predicate of one subject, or opposite predicates of one subject and object,
 * `likes` and `dislikes`), the one that holds from later stays and each other closes where it
 * begins (at the same instant, the later written stays). Only groups a moved fact joined are
 * looked at.
 */
function closeCompeting(
  state: Map<string, Fact>,
  movedUids: ReadonlySet<string>,
  keepUid: string,
  input: MergeInputs,
  changed: Set<string>,
): string[] {
  const closed: string[] = [];
  const groups = new Map<string, Fact[]>();
  const add = (group: string, fact: Fact) => groups.set(group, [...(groups.get(group) ?? []), fact]);
  for (const f of state.values()) {
    if (f.validTo !== null || (f.subjectUid !== keepUid && f.objectUid !== keepUid)) continue;
    if (input.rules.functional.has(f.key)) add(`one\u0000${f.subjectUid}\u0000${f.key}`, f);
    add(`pair\u0000${f.subjectUid}\u0000${f.objectUid}`, f);
  }
  for (const group of groups.values()) {
    if (group.length < 2 || !group.some((f) => movedUids.has(f.uid))) continue;
    const [holder, ...rest] = [...group].sort(
      (a, b) =>
        b.validFrom.getTime() - a.validFrom.getTime() ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.uid < b.uid ? -1 : 1),
    );
    if (!holder) continue;
    const opposite = new Set(oppositesOf(holder.key, input.rules));
    for (const loser of rest) {
      const competes =
        loser.key === holder.key ? loser.objectUid !== holder.objectUid : opposite.has(loser.key);
      const now = state.get(loser.uid);
      if (!competes || !now || now.validTo !== null) continue;
      state.set(loser.uid, {
        ...now,
        validTo: holder.validFrom,
        invalidatedBy: mergeSource(input.id),
        supersededBy: holder.uid,
      });
      changed.add(loser.uid);
      closed.push(loser.uid);
    }
  }
  return closed;
}

/** The source a merge's closings carry in `invalidatedBy`. */
export function mergeSource(mergeId: string): string {
  return `merge:${mergeId}`;
}

/** The items once each, in first-seen order. */
export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
