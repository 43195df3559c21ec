import type { Fact } from '../model/types.js';

/** Keeps at most `max` facts per given entity, in order (the database paths cannot limit per row group). */
export function capPerEntity(facts: Fact[], entityUids: readonly string[], max: number | undefined): Fact[] {
  if (max === undefined || !Number.isFinite(max)) return facts;
  const wanted = new Set(entityUids);
  const taken = new Map<string, number>();
  return facts.filter((fact) => {
    const ends = [fact.subjectUid, fact.objectUid].filter((uid) => wanted.has(uid));
    const room = ends.some((uid) => (taken.get(uid) ?? 0) < max);
    if (room) for (const uid of ends) taken.set(uid, (taken.get(uid) ?? 0) + 1);
    return room;
  });
}
