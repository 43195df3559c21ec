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
  const pair = (subjectUid: string, key: string): string => `${subjectUid}\u0000${key}`;
  const groupKeys = (t: ResolvedTriple): string[] => [t.key, ...oppositesOf(t.key, rules)];

  const lookups = new Map<string, { subjectUid: string; key: string }>();
  for (const t of triples) {
    if (options.createdEntities.has(t.subjectUid)) continue;
    for (const key of groupKeys(t)) lookups.set(pair(t.subjectUid, key), { subjectUid: t.subjectUid, key });
  }
  // Every known fact by (subject, key); the write's own new facts join as they are planned.
  const known = new Map<string, TimelineEntry[]>();
  for (const ref of await store.factsFrom(options.userId, [...lookups.values()])) {
    const k = pair(ref.subjectUid, ref.key);
    const list = known.get(k) ?? [];
    list.push(entryOf(ref));
    known.set(k, list);
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
  const subjectOf = new Map<string, string>();

  for (const t of triples) {
    const group = groupOf(t, known, rules, pair);
    const value = groupValue(t.key, t.objectUid);
    const newUid = randomUUID();
    const placement: Placement = placeOnTimeline(group, value, options.at, source, newUid);
    for (const change of placement.changes) {
      const subjectUid = subjectOf.get(change.uid) ?? findSubject(known, change.uid) ?? t.subjectUid;
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
    subjectOf.set(fact.uid, t.subjectUid);
    if (placement.close) {
      closes.set(fact.uid, {
        uid: fact.uid,
        subjectUid: t.subjectUid,
        validTo: placement.close.validTo,
        invalidatedBy: placement.close.invalidatedBy,
        supersededBy: placement.close.supersededBy ?? '',
      });
    }
    const list = known.get(pair(t.subjectUid, t.key)) ?? [];
    const added = group.find((f) => f.uid === fact.uid);
    if (added) list.push({ ...added, key: t.key, objectUid: t.objectUid });
    known.set(pair(t.subjectUid, t.key), list);
  }
  plan.mentions = [...mentions.values()];
  plan.invalidations = [...closes.values()];
  plan.validFrom = [...moves.values()];
  return plan;
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
  known: Map<string, TimelineEntry[]>,
  rules: ContradictionRules,
  pair: (subjectUid: string, key: string) => string,
): TimelineEntry[] {
  const own = known.get(pair(t.subjectUid, t.key)) ?? [];
  const group = rules.functional.has(t.key) ? [...own] : own.filter((f) => f.objectUid === t.objectUid);
  for (const key of oppositesOf(t.key, rules)) {
    for (const f of known.get(pair(t.subjectUid, key)) ?? []) if (f.objectUid === t.objectUid) group.push(f);
  }
  return group;
}

function findSubject(known: Map<string, TimelineEntry[]>, uid: string): string | undefined {
  for (const [k, list] of known) if (list.some((f) => f.uid === uid)) return k.split('\u0000')[0];
  return undefined;
}
