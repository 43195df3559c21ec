import { factStatement } from '../model/statement.js';
import type {
  FactInvalidation,
  FactMention,
  FactRef,
  FactTimelineRef,
  FactValidFrom,
  NewFact,
  PlanningReads,
} from '../store/base.js';
import { type Ending, endOnTimeline } from './ended.js';
import {
  applyPlacement,
  type ContradictionRules,
  oppositesOf,
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
  /** Said as over ("I used to live in Lisbon"): stored closed when said, closing nothing else. */
  ended?: boolean;
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
  /** Makes the uid of each new fact. */
  newUid: () => string;
  /** Known facts an extractor said this write contradicts (closed at `at` unless the rules already close them). */
  contradicts: readonly (FactRef & { validFrom: Date })[];
}

/**
 * Decides what each triple does to the graph by the temporal rules (`temporal.ts`): the same
 * value holding at the write's time is an observation more; a contradicting value (functional
 * predicate, opposite predicate, negation) closes what held, may itself be stored already closed
 * when a newer fact exists, and splits a fact said again after it (the later part continues as a
 * fact of its own). Triples are applied in order, so a batch behaves as the same triples written
 * one by one.
 *
 * Every fact involved, stored or new, is a timeline entry that the placements change in place;
 * the plan is then what differs from what was stored.
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
    for (const ref of await store.factsFrom(options.userId, lookups)) known.add(storedEntry(ref));
  }

  const tripleFacts: string[] = [];
  // Facts current when a triple of this write closed them (the write's own new ones included).
  let closedCurrent = 0;
  // Entries some placement looked at (and may have changed), in first-seen order.
  const touched = new Set<TimelineEntry>();
  for (const t of triples) {
    const group = groupOf(t, known, rules.functional.has(t.key), oppositeKeys(t.key));
    for (const entry of group) touched.add(entry);
    const value = groupValue(t.key, t.objectUid);
    if (t.ended) {
      const ending = endOnTimeline(group, value, options.at, source, options.newUid);
      if (ending.kind === 'close' && group.find((f) => f.uid === ending.uid)?.validTo === null)
        closedCurrent++;
      tripleFacts.push(applyEnding(ending, group, t, options, known, touched));
      continue;
    }
    const placement = placeOnTimeline(group, value, options.at, source, options.newUid);
    const before = group.length;
    for (const change of placement.changes)
      if (change.close && group.find((f) => f.uid === change.uid)?.validTo === null) closedCurrent++;
    // The group holds the entries themselves, so the changes land in `known` too.
    applyPlacement(group, placement, { value, at: options.at, source });
    tripleFacts.push(placement.uid);

    if (placement.kind === 'confirm') {
      const entry = group.find((f) => f.uid === placement.uid);
      if (entry) {
        entry.mentions++;
        addSources(entry, options.sourceIds);
      }
      continue;
    }
    // A split fact keeps only its earlier observations: its count and provenance follow them.
    for (const change of placement.changes) {
      if (!change.observations) continue;
      const holder = group.find((f) => f.uid === change.uid);
      if (holder) narrowTo(holder, placement.continuation?.observations.length ?? 0);
    }
    // applyPlacement appended the new fact, then a continuation of a split one, to the group.
    for (const added of group.slice(before)) {
      const entry =
        added.uid === placement.uid
          ? newEntry(added, tripleDetails(t, options.sourceIds))
          : continuationEntry(
              added,
              group.find((f) => f.uid === placement.continuation?.of),
            );
      known.add(entry);
      touched.add(entry);
    }
  }
  const plan = { ...diff(touched, options.createdAt), tripleFacts, closedCurrent };
  closeContradicted(plan, options);
  return plan;
}

/**
 * Applies an ending (see `ended.ts`) to the group's entries: closes the fact that held, or adds
 * the new fact said as over; the write's source joins the provenance of a fact it closes.
 * Returns the uid of the fact that now says the triple.
 */
function applyEnding(
  ending: Ending,
  group: readonly TimelineEntry[],
  t: ResolvedTriple,
  options: FactPlanOptions,
  known: KnownFacts,
  touched: Set<TimelineEntry>,
): string {
  if (ending.kind === 'keep') return ending.uid;
  if (ending.kind === 'close') {
    const entry = group.find((f) => f.uid === ending.uid);
    if (entry) {
      entry.validTo = ending.close.validTo;
      entry.invalidatedBy = ending.close.invalidatedBy;
      entry.supersededBy = ending.close.supersededBy;
      addSources(entry, options.sourceIds);
    }
    return ending.uid;
  }
  const entry = newEntry(ending.fact, tripleDetails(t, options.sourceIds));
  known.add(entry);
  touched.add(entry);
  return entry.uid;
}

/**
 * Closes the facts the extractor said are contradicted, unless the temporal rules already close
 * them; a fact that started after this write (re-extraction of an old turn) is left alone. The
 * fact of the same subject and key this write creates, if any, is what supersedes it.
 */
function closeContradicted(plan: FactPlan, options: FactPlanOptions): void {
  const closing = new Set(plan.invalidations.map((i) => i.uid));
  for (const fact of options.contradicts) {
    if (closing.has(fact.uid) || fact.validFrom.getTime() > options.at.getTime()) continue;
    closing.add(fact.uid);
    const replacement = plan.facts.find((f) => f.subjectUid === fact.subjectUid && f.key === fact.key);
    plan.invalidations.push({
      uid: fact.uid,
      subjectUid: fact.subjectUid,
      validTo: options.at,
      invalidatedBy: options.sourceIds[0] ?? 'api',
      supersededBy: replacement?.uid ?? '',
    });
    plan.closedCurrent++;
  }
}

/** What a timeline entry is beyond its place on the timeline: the fact it stands for. */
interface FactDetails {
  subjectUid: string;
  objectUid: string;
  key: string;
  predicate: string;
  statement: string;
  confidence: number;
  episodeIds: string[];
}

/** A fact as the planner changes it, with how it was stored (`null`: created by this write). */
interface TimelineEntry extends TimelineFact, FactDetails {
  mentions: number;
  stored: StoredState | null;
}

/** What was stored of a fact, to tell what a write changed. */
interface StoredState {
  validFrom: number;
  closing: string;
  observations: string;
  mentions: number;
}

function groupValue(key: string, objectUid: string): string {
  return `${key}\u0000${objectUid}`;
}

function closingKey(fact: TimelineFact): string {
  return `${fact.validTo?.getTime() ?? ''}|${fact.invalidatedBy ?? ''}|${fact.supersededBy ?? ''}`;
}

function observationsKey(fact: TimelineFact): string {
  return fact.observations.map((o) => `${o.at.getTime()}:${o.source}`).join(',');
}

function storedEntry(ref: FactTimelineRef): TimelineEntry {
  const entry: TimelineEntry = {
    uid: ref.uid,
    subjectUid: ref.subjectUid,
    objectUid: ref.objectUid,
    key: ref.key,
    predicate: ref.predicate,
    statement: ref.statement,
    confidence: ref.confidence,
    episodeIds: [...ref.episodeIds],
    mentions: ref.mentions,
    value: groupValue(ref.key, ref.objectUid),
    validFrom: ref.validFrom,
    validTo: ref.validTo,
    invalidatedBy: ref.invalidatedBy,
    supersededBy: ref.supersededBy,
    source: ref.observedBy[0] ?? ref.episodeIds[0] ?? '',
    observations: ref.observedAt.map((at, i) => ({ at, source: ref.observedBy[i] ?? '' })),
    stored: null,
  };
  entry.stored = {
    validFrom: ref.validFrom.getTime(),
    closing: closingKey(entry),
    observations: observationsKey(entry),
    mentions: ref.mentions,
  };
  return entry;
}

/** What a new fact of a triple is, said by `sources`. */
function tripleDetails(t: ResolvedTriple, sources: readonly string[]): FactDetails {
  return {
    subjectUid: t.subjectUid,
    objectUid: t.objectUid,
    key: t.key,
    predicate: t.predicate,
    statement: factStatement(t.subjectName, t.predicate, t.objectName),
    confidence: t.confidence,
    episodeIds: [...sources],
  };
}

function newEntry(fact: TimelineFact, details: FactDetails): TimelineEntry {
  return Object.assign(fact, details, { mentions: fact.observations.length, stored: null });
}

/** The later part of a split fact: the holder's fact, from its first observation after the split. */
function continuationEntry(fact: TimelineFact, holder: TimelineFact | undefined): TimelineEntry {
  const of = holder as TimelineEntry | undefined;
  if (!of) throw new Error('fact planner: internal error, a continuation without the fact it continues');
  return newEntry(fact, {
    subjectUid: of.subjectUid,
    objectUid: of.objectUid,
    key: of.key,
    predicate: of.predicate,
    statement: of.statement,
    confidence: of.confidence,
    episodeIds: distinct(fact.observations.map((o) => o.source)),
  });
}

/** A split fact after `moved` of its observations went to its continuation. */
function narrowTo(entry: TimelineFact, moved: number): void {
  const e = entry as TimelineEntry;
  e.mentions = Math.max(e.observations.length, e.mentions - moved);
  e.episodeIds = distinct(e.observations.map((o) => o.source));
}

function addSources(entry: TimelineFact, sources: readonly string[]): void {
  const e = entry as TimelineEntry;
  for (const id of sources) if (!e.episodeIds.includes(id)) e.episodeIds.push(id);
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The plan: new facts, and what changed of stored ones (start, closing, observations). */
function diff(
  entries: ReadonlySet<TimelineEntry>,
  createdAt: Date,
): Omit<FactPlan, 'tripleFacts' | 'closedCurrent'> {
  const plan: Omit<FactPlan, 'tripleFacts' | 'closedCurrent'> = {
    facts: [],
    mentions: [],
    invalidations: [],
    validFrom: [],
  };
  const invalidation = (e: TimelineEntry): FactInvalidation => ({
    uid: e.uid,
    subjectUid: e.subjectUid,
    validTo: e.validTo as Date,
    invalidatedBy: e.invalidatedBy ?? '',
    supersededBy: e.supersededBy ?? '',
  });
  for (const e of entries) {
    const said = {
      observedAt: e.observations.map((o) => o.at),
      observedBy: e.observations.map((o) => o.source),
    };
    if (e.stored === null) {
      plan.facts.push({
        uid: e.uid,
        subjectUid: e.subjectUid,
        objectUid: e.objectUid,
        predicate: e.predicate,
        key: e.key,
        statement: e.statement,
        confidence: e.confidence,
        validFrom: e.validFrom,
        createdAt,
        episodeIds: e.episodeIds,
        mentions: e.mentions,
        ...said,
      });
      if (e.validTo !== null) plan.invalidations.push(invalidation(e));
      continue;
    }
    if (e.validFrom.getTime() !== e.stored.validFrom)
      plan.validFrom.push({ uid: e.uid, subjectUid: e.subjectUid, validFrom: e.validFrom });
    if (e.validTo !== null && closingKey(e) !== e.stored.closing) plan.invalidations.push(invalidation(e));
    if (observationsKey(e) !== e.stored.observations || e.mentions !== e.stored.mentions)
      plan.mentions.push({
        uid: e.uid,
        subjectUid: e.subjectUid,
        mentions: e.mentions,
        episodeIds: e.episodeIds,
        ...said,
      });
  }
  return plan;
}

/**
 * Facts by subject, then predicate key: nested maps rather than joined keys, so planning a bulk
 * write builds no key string per lookup.
 */
class KnownFacts {
  private readonly bySubject = new Map<string, Map<string, TimelineEntry[]>>();

  /** The facts of one subject and key, or none. */
  get(subjectUid: string, key: string): readonly TimelineEntry[] | undefined {
    return this.bySubject.get(subjectUid)?.get(key);
  }

  add(entry: TimelineEntry): void {
    let byKey = this.bySubject.get(entry.subjectUid);
    if (!byKey) {
      byKey = new Map();
      this.bySubject.set(entry.subjectUid, byKey);
    }
    const list = byKey.get(entry.key);
    if (list) list.push(entry);
    else byKey.set(entry.key, [entry]);
  }
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
