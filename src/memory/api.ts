import type { KnowledgeTriple, Triple } from '../model/triple.js';
import type {
  Entity,
  EntityDetails,
  Episode,
  EpisodeStatus,
  Fact,
  GraphPath,
  GraphView,
  RecallResult,
} from '../model/types.js';
import type { Profile, ProfileFieldsOf } from '../profile/build.js';
import type { DEFAULT_PROFILE_SCHEMA } from '../profile/default-schema.js';
import type { ProfileSchema } from '../profile/schema.js';
import type { CypherOptions, CypherResult, UserStats } from '../store/base.js';
import type { CypherExample } from '../store/explore-queries.js';
import type { NameMatchKind } from '../store/name-search.js';
import type { ReadVerdict } from '../store/read-policy/policy.js';
import type { RememberInput, RememberResult } from './episodes.js';
import type { ExportDocument, ImportSummary } from './export-format.js';
import type {
  AddTriplesOptions,
  AddTriplesResult,
  FactCorrection,
  FactCorrectionResult,
  FactsQuery,
  FactTarget,
  ForgetInput,
  ForgetResult,
  GraphOptions,
  RecallInput,
} from './inputs.js';
import type { InstructionsScope, InstructionsVersion } from './instructions.js';
import type { MergeLogEntry } from './merge-record.js';
import type { MergeResult, SplitResult } from './merging.js';
import type { ProfileOptions } from './profiles.js';

/** What a memory is and where it lives: what `kgmem serve` reports at `/api/health`. */
export interface MemoryDescription {
  /** The kgmem release serving it. */
  version: string;
  /** `ladybug` (embedded) or `neo4j`. */
  backend: string;
  /** The database file, or the Neo4j URI. */
  location: string;
  /** The embedder in use, as `kgmem` prints it. */
  embedder: string;
  /** Its vector dimension. */
  dimension: number;
}

/** The filter of {@link MemoryApi.listEpisodes}. */
export interface EpisodeFilter {
  uids?: string[];
  status?: EpisodeStatus;
  threadId?: string;
  limit?: number;
}

/** A user's entity found by {@link MemoryApi.findEntities}, with how its name matched. */
export type FoundEntity = Entity & { score: number; kind: NameMatchKind; matched: string };

/**
 * One memory, whoever holds it: the local {@link Memory} and the remote client (`RemoteMemory`,
 * over a `kgmem serve`'s HTTP API or the socket of the process holding the data dir) implement
 * it completely, with the same results and the same error classes (errors cross the wire by their
 * stable `name`). Write code against this interface and it runs on either.
 *
 * See {@link Memory} for what each method does.
 */
export interface MemoryApi {
  /** The release, backend, location and embedder of this memory. */
  describe(): Promise<MemoryDescription>;

  /** Remembers triples you extracted yourself (one transaction). */
  addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options?: AddTriplesOptions,
  ): Promise<AddTriplesResult>;
  /** Remembers one conversation turn (stored, then extracted). */
  remember(input: RememberInput): Promise<RememberResult>;
  /** Extracts again a user's failed (and interrupted) turns. */
  reextract(userId: string, options?: { failedOnly?: boolean }): Promise<RememberResult[]>;
  /** Closes a current fact from `at` (default now), keeping it as history. */
  closeFact(
    userId: string,
    factUid: string,
    options?: { at?: Date | string; source?: string },
  ): Promise<void>;
  /** Changes or corrects a fact, named by uid or by subject and predicate. */
  updateFact(userId: string, target: FactTarget, correction: FactCorrection): Promise<FactCorrectionResult>;
  /** Deletes one fact by uid (NotFoundError when the user has none such). */
  forgetFact(userId: string, factUid: string): Promise<void>;
  /** Deletes a fact, an entity with its facts, or a whole user. */
  forget(input: ForgetInput): Promise<ForgetResult>;
  /** Merges `other` into `keep` (two entities that are one thing), with a record a split undoes. */
  mergeEntities(
    userId: string,
    keep: string,
    other: string,
    options?: { reason?: string },
  ): Promise<MergeResult>;
  /** Splits an alias off an entity (undoing the merge that brought it, if one did). */
  splitEntity(userId: string, entity: string, alias: string): Promise<SplitResult>;
  /** A user's merges by hand, oldest first. */
  merges(userId: string): Promise<MergeLogEntry[]>;

  /** Ranked facts and turns for a question, with a context block. */
  recall(input: RecallInput): Promise<RecallResult>;
  /** A user's facts, by entity, predicate and time. */
  facts(userId: string, query?: FactsQuery): Promise<Fact[]>;
  /** The user's profile: a schema's fields filled from the facts that hold now (or at `asOf`). */
  profile<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA>(
    userId: string,
    options?: ProfileOptions<S>,
  ): Promise<Profile<ProfileFieldsOf<S>>>;
  /** An agent's current instructions, for every user or for one; `null` when none. */
  instructions(agentId: string, scope?: InstructionsScope): Promise<InstructionsVersion | null>;
  /** Every version of an agent's instructions, oldest first. */
  instructionVersions(agentId: string, scope?: InstructionsScope): Promise<InstructionsVersion[]>;
  /** Writes a new version of an agent's instructions, keeping the earlier ones. */
  setInstructions(
    agentId: string,
    text: string,
    options?: InstructionsScope & { reason?: string },
  ): Promise<InstructionsVersion>;
  /** A user's entities, most mentioned first. */
  entities(userId: string, options?: { limit?: number }): Promise<Entity[]>;
  /** One entity (by uid or name) with its facts. */
  entity(userId: string, ref: string, options?: { factLimit?: number }): Promise<EntityDetails>;
  /** The shortest chain of current facts between two entities, or `null`. */
  path(
    userId: string,
    from: string,
    to: string,
    options?: { asOf?: Date | string; maxHops?: number },
  ): Promise<GraphPath | null>;
  /** A user's graph (or the part around one entity) for drawing. */
  graph(userId: string, options?: GraphOptions): Promise<GraphView>;
  /** A user's entities and facts named by uid, as a graph. */
  subgraph(userId: string, uids: readonly string[]): Promise<GraphView>;
  /** A user's stored conversation turns. */
  listEpisodes(userId: string, filter?: EpisodeFilter): Promise<Episode[]>;
  /** Entities whose names match a query or resemble it (embedding similarity). */
  searchEntities(
    userId: string,
    query: string,
    options?: { limit?: number },
  ): Promise<(Entity & { score: number })[]>;
  /** Entities by name as it is typed (prefix, word starts, near spellings); no embedding call. */
  findEntities(userId: string, query: string, options?: { limit?: number }): Promise<FoundEntity[]>;
  /** The predicate keys a user's facts use. */
  predicates(userId: string): Promise<string[]>;
  /** Every user with a memory. */
  users(): Promise<string[]>;
  /** Whether a user has a memory. */
  hasUser(userId: string): Promise<boolean>;
  /** Sizes of a user's memory. */
  stats(userId: string): Promise<UserStats>;

  /** One Cypher statement (read-only with `readOnly`; rows capped by `maxRows`). */
  cypher(statement: string, params?: Record<string, unknown>, options?: CypherOptions): Promise<CypherResult>;
  /** Whether a statement may run where only reading is allowed (not run). */
  checkReadOnly(statement: string, params?: Record<string, unknown>): Promise<ReadVerdict>;
  /** The ready-made analyst queries for this backend. */
  exploreQueries(): Promise<CypherExample[]>;
  /** One ready-made query for one user, read-only. */
  explore(
    userId: string,
    name: string,
    params?: Record<string, unknown>,
    options?: Pick<CypherOptions, 'maxRows' | 'timeoutMs'>,
  ): Promise<CypherResult>;

  /** One user's whole memory as a backup document. */
  exportUser(userId: string): Promise<ExportDocument>;
  /** Restores a backup document (into `userId` when given). */
  importUser(document: unknown, options?: { userId?: string }): Promise<ImportSummary>;

  /** Releases this handle (the local memory closes its database; a remote client has nothing to release). */
  close(): Promise<void>;
}
