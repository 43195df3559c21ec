import { randomUUID } from 'node:crypto';
import { factStatement } from '../model/statement.js';
import type { FactInvalidation, FactMention, GraphStore, NewFact } from '../store/base.js';

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
  /** For every input triple, the uid of the fact that now holds it. */
  tripleFacts: string[];
}

/** Options of one plan. */
export interface FactPlanOptions {
  userId: string;
  at: Date;
  /** Provenance recorded on every fact this write creates or confirms. */
  sourceIds: string[];
  functionalPredicates: ReadonlySet<string>;
  /** When the write happens (the same for all facts of one write). */
  createdAt: Date;
  /** Entities created by this write: they have no facts yet, so nothing is looked up for them. */
  createdEntities: ReadonlySet<string>;
}

interface CurrentFact {
  uid: string;
  objectUid: string;
  subjectUid: string;
  /** Set when the fact is created by this same write. */
  pending?: NewFact;
}

/**
 * Decides what each triple does to the graph, applying the temporal rules:
 * - the same current (subject, predicate, object) again → one more mention, no new edge;
 * - a functional predicate with a different object → the previous current fact is closed
 *   (`validTo`, `invalidatedBy`) and a new one is created;
 * - anything else → a new fact.
 * Triples are applied in order, so a batch behaves as the same triples written one by one.
 */
export async function planFacts(
  store: GraphStore,
  triples: readonly ResolvedTriple[],
  options: FactPlanOptions,
): Promise<FactPlan> {
  const pairKey = (subjectUid: string, key: string): string => `${subjectUid}\u0000${key}`;
  const lookups = new Map<string, { subjectUid: string; key: string }>();
  for (const t of triples) {
    if (!options.createdEntities.has(t.subjectUid)) {
      lookups.set(pairKey(t.subjectUid, t.key), { subjectUid: t.subjectUid, key: t.key });
    }
  }
  const current = new Map<string, CurrentFact[]>();
  for (const fact of await store.currentFactsFrom(options.userId, [...lookups.values()])) {
    const k = pairKey(fact.subjectUid, fact.key);
    const list = current.get(k) ?? [];
    list.push({ uid: fact.uid, objectUid: fact.objectUid, subjectUid: fact.subjectUid });
    current.set(k, list);
  }

  const plan: FactPlan = { facts: [], mentions: [], invalidations: [], tripleFacts: [] };
  const mentions = new Map<string, FactMention>();
  for (const t of triples) {
    const k = pairKey(t.subjectUid, t.key);
    const facts = current.get(k) ?? [];
    const same = facts.find((f) => f.objectUid === t.objectUid);
    if (same) {
      plan.tripleFacts.push(same.uid);
      if (same.pending) {
        same.pending.mentions++;
        continue;
      }
      const mention = mentions.get(same.uid) ?? {
        uid: same.uid,
        subjectUid: same.subjectUid,
        mentions: 0,
        episodeIds: [...options.sourceIds],
      };
      mention.mentions++;
      mentions.set(same.uid, mention);
      continue;
    }
    const fact: NewFact = {
      uid: randomUUID(),
      subjectUid: t.subjectUid,
      objectUid: t.objectUid,
      predicate: t.predicate,
      key: t.key,
      statement: factStatement(t.subjectName, t.predicate, t.objectName),
      confidence: t.confidence,
      validFrom: options.at,
      createdAt: options.createdAt,
      episodeIds: [...options.sourceIds],
      mentions: 1,
    };
    plan.facts.push(fact);
    plan.tripleFacts.push(fact.uid);
    const entry: CurrentFact = {
      uid: fact.uid,
      objectUid: t.objectUid,
      subjectUid: t.subjectUid,
      pending: fact,
    };
    if (options.functionalPredicates.has(t.key)) {
      for (const previous of facts) {
        plan.invalidations.push({
          uid: previous.uid,
          subjectUid: previous.subjectUid,
          validTo: options.at,
          invalidatedBy: fact.uid,
        });
      }
      current.set(k, [entry]);
    } else {
      facts.push(entry);
      current.set(k, facts);
    }
  }
  plan.mentions = [...mentions.values()];
  return plan;
}
