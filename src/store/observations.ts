/**
 * How a fact's observations are stored. Most facts are said once, at their start, by their first
 * source: those store empty lists (nothing to load for a bulk import of a million facts), and a
 * reader expands them. A fact said again, or whose start moved, stores its lists in full.
 */

/** A fact's observations as read: the stored lists, or the one implied by empty ones. */
export function readObservations(
  observedAt: unknown,
  observedBy: unknown,
  validFrom: Date,
  episodeIds: readonly string[],
): { observedAt: Date[]; observedBy: string[] } {
  const times = Array.isArray(observedAt) ? observedAt : [];
  if (times.length === 0) return { observedAt: [validFrom], observedBy: [episodeIds[0] ?? ''] };
  const sources = Array.isArray(observedBy) ? observedBy.map(String) : [];
  return {
    observedAt: times.map((t) => (t instanceof Date ? t : new Date(String(t)))),
    observedBy: times.map((_, i) => sources[i] ?? ''),
  };
}

/**
 * The lists to store for a new fact: empty when it was said once, at its start, by its first
 * source (see {@link readObservations}); ISO instants and sources otherwise.
 */
export function storedObservations(fact: {
  validFrom: Date;
  episodeIds: readonly string[];
  observedAt: readonly Date[];
  observedBy: readonly string[];
}): { observedAt: string[]; observedBy: string[] } {
  const [only] = fact.observedAt;
  if (
    fact.observedAt.length === 1 &&
    only?.getTime() === fact.validFrom.getTime() &&
    fact.observedBy[0] === (fact.episodeIds[0] ?? '')
  )
    return { observedAt: [], observedBy: [] };
  return fullObservations(fact);
}

/** The lists to store, always in full (a fact said again: its start may move later). */
export function fullObservations(fact: { observedAt: readonly Date[]; observedBy: readonly string[] }): {
  observedAt: string[];
  observedBy: string[];
} {
  return { observedAt: fact.observedAt.map((t) => t.toISOString()), observedBy: [...fact.observedBy] };
}
