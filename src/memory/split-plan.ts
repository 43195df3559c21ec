import { factStatement } from '../model/statement.js';
import type { Entity, Fact } from '../model/types.js';
import { mergeSource, type PlannedRewrite } from './merge-plan.js';
import type { MergeRecord } from './merge-record.js';
import { namesAny, withoutNames } from './redact.js';
import { toEntity, toFact } from './restore.js';
import { SAME_UIDS } from './uid-mapping.js';

/** A planned split: the rewrite, the entity given back its own node, and what it takes back. */
export interface PlannedSplit extends PlannedRewrite {
  /** The entity split off (restored as it was, or new for an alias no merge brought). */
  restored: Entity;
  /** Lookup keys taken from the entity split (the restored entity's are written with it). */
  deleteKeys: string[];
  /** MENTIONS edges the split takes back from the entity split. */
  dropMentions: { episodeUid: string; entityUid: string }[];
}

/** What undoing a recorded merge reads. */
export interface UndoInputs {
  record: MergeRecord;
  /** The entity the merge kept, as it is now. */
  entity: Entity;
  /** The facts the record names (moved, absorbed into, closed), as they are now; forgotten ones absent. */
  current: readonly Fact[];
  at: Date;
}

/**
 * Plans the undo of a merge: the merged entity comes back with its uid, names and counts; each
 * moved fact goes back to it (keeping what happened to it since: a later closing, more
 * mentions); a fact absorbed into another is written again as it was and the other loses what it
 * brought; a fact the merge closed opens again unless something since closed it otherwise. Facts
 * written after the merge stay with the entity that was kept.
 */
export function planUndo(input: UndoInputs): PlannedSplit {
  const { record, entity } = input;
  const otherUid = record.other.uid;
  const before = new Map(record.before.map((f) => [f.uid, toFact(f, entity.userId, SAME_UIDS)]));
  const work = new Map(input.current.map((f) => [f.uid, { ...f }]));
  const changed = new Set<string>();
  const recreated: Fact[] = [];
  const absorbed = new Map(record.absorbed.map((a) => [a.uid, a.into]));
  for (const uid of record.moved) {
    const was = before.get(uid);
    if (!was) continue;
    if (absorbed.has(uid)) {
      if (!work.has(uid)) recreated.push(was);
      continue;
    }
    const now = work.get(uid);
    if (!now) continue;
    work.set(uid, {
      ...now,
      subjectUid: was.subjectUid === otherUid ? otherUid : now.subjectUid,
      objectUid: was.objectUid === otherUid ? otherUid : now.objectUid,
    });
    changed.add(uid);
  }
  for (const [uid, into] of absorbed) {
    const from = before.get(uid);
    const now = work.get(into);
    if (!from || !now) continue;
    work.set(into, without(now, from, before.get(into)));
    changed.add(into);
  }
  for (const uid of record.closed) {
    const now = work.get(uid);
    if (!now || now.invalidatedBy !== mergeSource(record.id)) continue;
    work.set(uid, { ...now, validTo: null, invalidatedBy: null, supersededBy: null });
    changed.add(uid);
  }
  const restored = toEntity(record.other, entity.userId, SAME_UIDS);
  return {
    restored,
    deleted: [...changed],
    rewritten: [...[...changed].map((uid) => work.get(uid) as Fact), ...recreated],
    entityUpdate: {
      uid: entity.uid,
      aliases: entity.aliases.filter((key) => key === entity.key || !restored.aliases.includes(key)),
      mentions: Math.max(1, entity.mentions - restored.mentions),
      at: input.at,
    },
    keys: [],
    deleteKeys: restored.aliases.filter((key) => key !== entity.key && entity.aliases.includes(key)),
    mentions: record.mentions.episodes.map((episodeUid) => ({ episodeUid, entityUid: otherUid })),
    dropMentions: record.mentions.onlyOther.map((episodeUid) => ({ episodeUid, entityUid: entity.uid })),
  };
}

/**
 * A fact without what an absorbed one brought: its observations (one for one), the sources only
 * it had, its mentions; its start and first-written time as they were before the merge.
 */
export function without(fact: Fact, absorbed: Fact, was: Fact | undefined): Fact {
  const observations = fact.observedAt.map((at, i) => ({ at, by: fact.observedBy[i] ?? '' }));
  absorbed.observedAt.forEach((at, i) => {
    const by = absorbed.observedBy[i] ?? '';
    const at1 = observations.findIndex((o) => o.at.getTime() === at.getTime() && o.by === by);
    if (at1 >= 0) observations.splice(at1, 1);
  });
  const stillSaid = new Set([...(was?.episodeIds ?? []), ...observations.map((o) => o.by)]);
  const earliest = Math.min(
    absorbed.validFrom.getTime(),
    was?.validFrom.getTime() ?? Number.POSITIVE_INFINITY,
  );
  return {
    ...fact,
    validFrom: was && fact.validFrom.getTime() === earliest ? was.validFrom : fact.validFrom,
    createdAt: was?.createdAt ?? fact.createdAt,
    confidence: was?.confidence ?? fact.confidence,
    episodeIds: fact.episodeIds.filter((id) => !absorbed.episodeIds.includes(id) || stillSaid.has(id)),
    mentions: Math.max(observations.length, fact.mentions - absorbed.mentions, 1),
    observedAt: observations.map((o) => o.at),
    observedBy: observations.map((o) => o.by),
  };
}

/** What splitting off an alias no recorded merge brought reads. */
export interface AliasSplitInputs {
  entity: Entity;
  /** The alias's normalised key, and its name as the caller wrote it. */
  aliasKey: string;
  aliasName: string;
  /** Every fact touching the entity (current and closed). */
  facts: readonly Fact[];
  /** The text of the stored turns the facts came from, by turn uid. */
  turnTexts: ReadonlyMap<string, string>;
  /** The entities each stored turn mentioned, by turn uid. */
  mentions: ReadonlyMap<string, readonly string[]>;
  newUid: string;
  at: Date;
}

/**
 * Plans the split of an alias that joined the entity as it was written (resolution found it a
 * variant): a new entity takes the alias, with the facts whose turns named the alias and never
 * the entity's own name (their statements now name the alias), and those turns' mentions. Facts
 * written by `addTriples` stay: their words are not kept apart from the entity's name.
 */
export function planAliasSplit(input: AliasSplitInputs): PlannedSplit {
  const { entity } = input;
  const names = (text: string, name: string) => namesAny(text, [name]);
  const saidAsAlias = (turns: readonly string[]) => {
    const texts = turns.map((uid) => input.turnTexts.get(uid)).filter((t): t is string => t !== undefined);
    return (
      texts.length > 0 &&
      texts.some((t) => names(t, input.aliasName)) &&
      !texts.some((t) => names(withoutNames(t, [input.aliasName]), entity.name))
    );
  };
  const moving = input.facts.filter((f) => saidAsAlias(f.episodeIds));
  const at = input.at;
  const restored: Entity = {
    uid: input.newUid,
    userId: entity.userId,
    key: input.aliasKey,
    name: input.aliasName,
    type: entity.type,
    summary: '',
    aliases: [input.aliasKey],
    createdAt: at,
    updatedAt: at,
    mentions: Math.max(1, moving.length),
  };
  const onto = (uid: string) => (uid === entity.uid ? restored.uid : uid);
  const turns = [...input.mentions]
    .filter(([uid, uids]) => uids.includes(entity.uid) && saidAsAlias([uid]))
    .map(([uid]) => uid);
  return {
    restored,
    deleted: moving.map((f) => f.uid),
    rewritten: moving.map((f) => {
      const subject = f.subjectUid === entity.uid ? restored.name : f.subject;
      const object = f.objectUid === entity.uid ? restored.name : f.object;
      const statement = factStatement(subject, f.predicate, object);
      return { ...f, subjectUid: onto(f.subjectUid), objectUid: onto(f.objectUid), statement };
    }),
    entityUpdate: {
      uid: entity.uid,
      aliases: entity.aliases.filter((key) => key !== input.aliasKey),
      mentions: Math.max(1, entity.mentions - restored.mentions),
      at,
    },
    keys: [],
    deleteKeys: [input.aliasKey],
    mentions: turns.map((episodeUid) => ({ episodeUid, entityUid: restored.uid })),
    dropMentions: turns.map((episodeUid) => ({ episodeUid, entityUid: entity.uid })),
  };
}
