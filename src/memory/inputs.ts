import { SURFACE_CAPS } from '../model/limits.js';
import type { FactRef, PlanningReads } from '../store/base.js';

/** What `Memory.reembed` embedded again for one user. */
export interface ReembedCounts {
  entities: number;
  facts: number;
  episodes: number;
}

// Entity names embedded per request by `reembed`.
/** Entity names embedded per request by `reembed`. */
export const REEMBED_BATCH = 1000;

/** Options of {@link Memory.addTriples}. */
export interface AddTriplesOptions {
  /**
   * Provenance recorded on each fact (an episode uid, a file name, a tool name).
   * @default "api"
   */
  source?: string;
  /**
   * When the facts became true.
   * @default now
   */
  at?: Date | string;
  /**
   * Merge unknown names into similar existing entities. Bulk imports turn it off.
   * @default true
   */
  similarityMerge?: boolean;
}

/** What {@link Memory.addTriples} changed. */
export interface AddTriplesResult {
  /** New fact edges. */
  added: number;
  /** Current facts said again (mention counted, no new edge). */
  updated: number;
  /** Previous facts closed by a contradicting new one. */
  invalidated: number;
  /** New entity nodes. */
  entitiesCreated: number;
  /** For each input triple, the uid of the fact holding it. */
  factUids: string[];
}

/** A recall request. */
export interface RecallInput {
  userId: string;
  /** The question or message to recall for. */
  query: string;
  /** @default 10 */
  limit?: number;
  /**
   * Graph hops from the entities found in the query, 1–3.
   * @default inferred from the question: how many relations it names (2 when it names none)
   */
  hops?: number;
  /** Recall what was true at this time instead of now. */
  asOf?: Date | string;
  /** Include closed (contradicted) facts. @default false */
  includeHistory?: boolean;
  /** Character budget of `context`. @default the memory's `contextChars` (900) */
  maxChars?: number;
  /**
   * Give each recalled fact and turn its `contributions`: what each scorer added to its score.
   * @default false
   */
  explain?: boolean;
  /**
   * A question about the user ("where do I live?") starts the context with the profile, in one
   * short line ("About the user: home Kyoto; …") within `maxChars`. `false` leaves it out.
   * @default true
   */
  profile?: boolean;
}

/** Filter of {@link Memory.facts}. */
export interface FactsQuery {
  /** Only facts touching this entity (a name, "I"/"me" for the user). */
  entity?: string;
  /** Only this predicate (normalised: "lives in" = "lives_in"). */
  predicate?: string;
  /** Include closed facts. @default false */
  includeHistory?: boolean;
  /** Facts valid at this time. */
  asOf?: Date | string;
  /** @default 1000 */
  limit?: number;
}

/** Options of {@link Memory.graph}. */
export interface GraphOptions {
  /** The graph as it was at this time. */
  asOf?: Date | string;
  /** Include closed facts (drawn as history by the viewer). @default false */
  includeHistory?: boolean;
  /** Most entities in the view. @default 5000 */
  limit?: number;
  /** Grow the view from this entity (uid or name) instead of taking the most mentioned. */
  around?: string;
  /** Hops from `around`, 1–3. @default 1 */
  hops?: number;
  /** Only facts with these predicates. */
  predicates?: string[];
  /** Only entities of these types (`"unknown"` for untyped ones). */
  types?: string[];
}

export type { RememberInput, RememberResult } from './episodes.js';

/** What {@link Memory.forget} removes: one fact, one entity (by name) or the whole user. */
export type ForgetInput = (
  | { userId: string; factUid: string }
  | { userId: string; entity: string }
  | { userId: string; all: true }
) & {
  /**
   * Keep the stored turns as they were said: only the graph forgets (the fact, or the entity and
   * its facts). By default a turn that said what is forgotten loses the sentences naming it, or
   * is removed when nothing else is left of it.
   * @default false
   */
  keepTurns?: boolean;
};

/** Which fact {@link Memory.updateFact} corrects: by uid, or the current one of a subject and predicate. */
export type FactTarget = { uid: string } | { subject: string; predicate: string };

/**
 * What an update says about the old value. `change`: it was true until now (or `at`), and the
 * new value holds from then ("I moved to Lyon"). `correction`: it was never true — it is
 * retracted (kept, with an empty interval, so no point in time returns it) and the right value
 * takes its place over the same interval ("it's Amazon Web Services, not Amazon"): `asOf` any
 * date since the old value was said gives the right one.
 */
export type FactUpdateKind = 'change' | 'correction';

/** The correction {@link Memory.updateFact} makes. */
export interface FactCorrection {
  /** The right value. */
  object: string;
  /** The right predicate, when that changes too. @default the old fact's predicate */
  predicate?: string;
  /** A change (the old value held until now) or a correction (it never held). @default "change" */
  kind?: FactUpdateKind;
  /** When a change holds from (a correction holds from when the old value did). @default now */
  at?: Date | string;
  /** Recorded as the new fact's provenance and as what closed the old one. @default "correction" */
  source?: string;
}

/** What {@link Memory.updateFact} did. */
export interface FactCorrectionResult {
  /** The corrected fact, now closed (kept as history, not deleted). */
  closed: string;
  /** The fact that holds now. */
  factUid: string;
}

/** What {@link Memory.forget} removed. */
export interface ForgetResult {
  deleted: boolean;
}

/** The library's cap on a recall's and a search's `limit`. */
export const MAX_LIMIT = SURFACE_CAPS.library.recallLimit;
// Cosine below which an entity does not resemble an entity search (names, not sentences, are compared).
export const ENTITY_SEARCH_MIN_SIMILARITY = 0.5;

/** How a checked write is applied (the writer's own, and the turn processor's). */
export interface ApplyOptions {
  at: Date;
  sourceIds: string[];
  similarityMerge: boolean;
  /**
   * Entities a name of this write is never read as a variant of (a correction's new value is
   * not the value it corrects, however alike their names: "Globex" corrected to "Globex Ltd").
   */
  notVariantsOf?: readonly string[];
  /** Known facts an extractor said this write contradicts. */
  contradicts?: (FactRef & { validFrom: Date })[];
  /** The episode this write extracts. */
  episode?: { uid: string; summary: string };
  /**
   * Checks, inside the write's transaction, that what the write was prepared from still holds
   * (another process may have written in between); throws to write nothing.
   */
  verify?: (reads: PlanningReads) => Promise<void>;
}
