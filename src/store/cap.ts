import type { Fact } from '../model/types.js';

/** The per-entity cap when none is asked for (Cypher's LIMIT needs a number; Java's int bounds it). */
export const MAX_INCIDENT_CAP = 2 ** 31 - 1;

/**
 * The order in which an entity's facts count against a per-entity cap, the same on every
 * backend: the most recent first (validFrom), then the most mentioned, then by statement and uid
 * (so the same facts loaded twice, with other uids, come in the same order).
 */
export function capOrder(a: Fact, b: Fact): number {
  return (
    b.validFrom.getTime() - a.validFrom.getTime() ||
    b.mentions - a.mentions ||
    compare(a.statement, b.statement) ||
    compare(a.uid, b.uid)
  );
}

/**
 * Keeps, for each given entity, its first `max` facts in {@link capOrder}; a fact stays when it is
 * among the first of either of its ends. The result is in {@link capOrder}. Without a cap the
 * facts are returned as they are.
 */
export function capPerEntity(facts: Fact[], entityUids: readonly string[], max: number | undefined): Fact[] {
  if (max === undefined || !Number.isFinite(max)) return facts;
  const wanted = new Set(entityUids);
  const taken = new Map<string, number>();
  return [...facts].sort(capOrder).filter((fact) => {
    let kept = false;
    for (const uid of fact.subjectUid === fact.objectUid
      ? [fact.subjectUid]
      : [fact.subjectUid, fact.objectUid]) {
      if (!wanted.has(uid)) continue;
      const count = taken.get(uid) ?? 0;
      if (count < max) {
        taken.set(uid, count + 1);
        kept = true;
      }
    }
    return kept;
  });
}

/** Plain string order (as Cypher orders strings, but for characters beyond the BMP). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
