import { randomUUID } from 'node:crypto';
import { factStatement } from '../model/statement.js';
import type {
  FactInvalidation,
  FactMention,
  FactTimelineRef,
  FactValidFrom,
  NewFact,
  PlanningReads,
} from '../store/base.js';
import {
  applyPlacement,
  type ContradictionRules,
  oppositesOf,
  type Placement,
  placeOnTimeline,
  type TimelineFact,
} from './temporal.js';

/** A triple whose entities have been resolved. */
export interface ResolvedTriple {
  subjectUid: string;
  subjectName: string;
  objectUid: string;
  objectName: string;
  predicate: string;
  key: string;
  confidence: number;
}

/** The fact changes of one write. */
export interface FactPlan {
  facts: NewFact[];
  mentions: FactMention[];
  invalidations: FactInvalidation[];
  validFrom: FactValidFrom[];
  /** For every input triple, the uid of the fact that now holds it. */
  tripleFacts: string[];
  /** How many facts that held before this write it closed (re-closing history not counted). */
  closedCurrent: number;
}

/** Options of one plan. */
export interface FactPlanOptions {
  userId: string;
  at: Date;
  /** Provenance recorded on every fact this write creates or confirms; the first one closes. */
  sourceIds: string[];
  rules: ContradictionRules;
  /** When the write happens (the same for all facts of one write). */
  createdAt: Date;
  /** Entities created by this write: they have no facts yet, so nothing is looked up for them. */
  createdEntities: ReadonlySet<string>;
}

/**
 * Decides what each triple does to the graph by the temporal rules (`temporal.ts`): the same
 * value holding at the write's time is a mention; a contradicting value (functional predicate,
 * opposite predicate, negation) closes what held and may itself be stored already closed when a
 * newer fact exists. Triples are applied in order, so a batch behaves as the same triples written
 * one by one.
 */
export async function planFacts(
  store: PlanningReads,
  triples: readonly ResolvedTriple[],
  options: FactPlanOptions,
): Promise<FactPlan> {
  const { rules } = options;
  const source = options.sourceIds[0] ?? 'api';
  const opposites = new Map<string, string[]>();
  const oppositeKeys = (key: string): string[] => {
    let keys = opposites.get(key);
    if (!keys) {
      keys = oppositesOf(key, rules);
      opposites.set(key, keys);
    }
    return keys;
  };

  // The stored facts of every (subject, key) the triples may compete with, read in one query;
  // subjects created by this write have none.
  const lookups: { subjectUid: string; key: string }[] = [];
  const asked = new Map<string, Set<string>>();
  for (const t of triples) {
    if (options.createdEntities.has(t.subjectUid)) continue;
    let keys = asked.get(t.subjectUid);
    if (!keys) {
      keys = new Set();
      asked.set(t.subjectUid, keys);
    }
    for (const key of [t.key, ...oppositeKeys(t.key)]) {
      if (keys.has(key)) continue;
      keys.add(key);
      lookups.push({ subjectUid: t.subjectUid, key });
    }
  }
  // Every known fact by subject and key; the write's own new facts join as they are planned.
  const known = new KnownFacts();
  if (lookups.length > 0) {
    for (const ref of await store.factsFrom(options.userId, lookups))
      known.add(ref.subjectUid, ref.key, entryOf(ref));
  }

  const plan: FactPlan = {
    facts: [],
    mentions: [],
    invalidations: [],
    validFrom: [],
    tripleFacts: [],
    closedCurrent: 0,
  };
  const pendingFacts = new Map<string, NewFact>();
  const mentions = new Map<string, FactMention>();
  const closes = new Map<string, FactInvalidation>();
  const moves = new Map<string, FactValidFrom>();

  for (const t of triples) {
    const group = groupOf(t, known, rules.functional.has(t.key), oppositeKeys(t.key));
    const value = groupValue(t.key, t.objectUid);
    const newUid = randomUUID();
    const placement: Placement = placeOnTimeline(group, value, options.at, source, newUid);
    for (const change of placement.changes) {
      const subjectUid = known.subjectOf(change.uid) ?? t.subjectUid;
      if (change.validFrom) {
        const pending = pendingFacts.get(change.uid);
        if (pending) pending.validFrom = change.validFrom;
        else moves.set(change.uid, { uid: change.uid, subjectUid, validFrom: change.validFrom });
      }
      if (change.close) {
        const before = group.find((f) => f.uid === change.uid);
        if (before && before.validTo === null) plan.closedCurrent++;
        closes.set(change.uid, {
          uid: change.uid,
          subjectUid,
          validTo: change.close.validTo,
          invalidatedBy: change.close.invalidatedBy,
          supersededBy: change.close.supersededBy ?? '',
        });
      }
    }
    // The group holds the known entries themselves, so the changes land in `known` too.
    applyPlacement(group, placement, { uid: newUid, value, source });

    if (placement.kind === 'confirm') {
      plan.tripleFacts.push(placement.uid);
      const pending = pendingFacts.get(placement.uid);
      if (pending) {
        pending.mentions++;
        continue;
      }
      const mention = mentions.get(placement.uid) ?? {
        uid: placement.uid,
        subjectUid: t.subjectUid,
        mentions: 0,
        episodeIds: [...options.sourceIds],
      };
      mention.mentions++;
      mentions.set(placement.uid, mention);
      continue;
    }
    const fact: NewFact = {
      uid: newUid,
      subjectUid: t.subjectUid,
      objectUid: t.objectUid,
      predicate: t.predicate,
      key: t.key,
      statement: factStatement(t.subjectName, t.predicate, t.objectName),
      confidence: t.confidence,
      validFrom: placement.validFrom,
      createdAt: options.createdAt,
      episodeIds: [...options.sourceIds],
      mentions: 1,
    };
    plan.facts.push(fact);
    plan.tripleFacts.push(fact.uid);
    pendingFacts.set(fact.uid, fact);
    if (placement.close) {
      closes.set(fact.uid, {
        uid: fact.uid,
        subjectUid: t.subjectUid,
        validTo: placement.close.validTo,
        invalidatedBy: placement.close.invalidatedBy,
        supersededBy: placement.close.supersededBy ?? '',
      });
    }
    // `applyPlacement` appended the inserted fact to the group.
    const added = group[group.length - 1];
    if (added?.uid === fact.uid)
      known.add(t.subjectUid, t.key, { ...added, key: t.key, objectUid: t.objectUid });
  }
  plan.mentions = [...mentions.values()];
  plan.invalidations = [...closes.values()];
  plan.validFrom = [...moves.values()];
  return plan;
}

/**
 * Facts by subject, then predicate key, and the subject of each: nested maps rather than joined
 * keys, so planning a bulk write builds no key string per lookup.
 */
class KnownFacts {
  private readonly bySubject = new Map<string, Map<string, TimelineEntry[]>>();
  private readonly subjects = new Map<string, string>();

  /** The facts of one subject and key, or none. */
  get(subjectUid: string, key: string): readonly TimelineEntry[] | undefined {
    return this.bySubject.get(subjectUid)?.get(key);
  }

  add(subjectUid: string, key: string, entry: TimelineEntry): void {
    let byKey = this.bySubject.get(subjectUid);
    if (!byKey) {
      byKey = new Map();
      this.bySubject.set(subjectUid, byKey);
    }
    const list = byKey.get(key);
    if (list) list.push(entry);
    else byKey.set(key, [entry]);
    this.subjects.set(entry.uid, subjectUid);
  }

  /** The subject of a known fact. */
  subjectOf(uid: string): string | undefined {
    return this.subjects.get(uid);
  }
}

/** A known fact with what the planner needs to rebuild groups. */
interface TimelineEntry extends TimelineFact {
  key: string;
  objectUid: string;
}

function groupValue(key: string, objectUid: string): string {
  return `${key}\u0000${objectUid}`;
}

function entryOf(ref: FactTimelineRef): TimelineEntry {
  return {
    uid: ref.uid,
    key: ref.key,
    objectUid: ref.objectUid,
    value: groupValue(ref.key, ref.objectUid),
    validFrom: ref.validFrom,
    validTo: ref.validTo,
    invalidatedBy: ref.invalidatedBy,
    supersededBy: ref.supersededBy,
    source: ref.episodeIds[0] ?? '',
  };
}

/**
 * The facts a triple competes with: for a functional predicate every fact of the subject with
 * that key, else those with the same object; plus the facts with the same object under its
 * opposite predicates. The returned entries are the stored ones (changes apply to them).
 */
function groupOf(
  t: ResolvedTriple,
  known: KnownFacts,
  functional: boolean,
  opposites: readonly string[],
): TimelineEntry[] {
  const own = known.get(t.subjectUid, t.key) ?? [];
  const group = functional ? [...own] : own.filter((f) => f.objectUid === t.objectUid);
  for (const key of opposites) {
    for (const f of known.get(t.subjectUid, key) ?? []) if (f.objectUid === t.objectUid) group.push(f);
  }
  return group;
}
