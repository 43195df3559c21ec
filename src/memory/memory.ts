import type { ResolvedEmbedder } from '../embed/base.js';
import type { Extractor } from '../extract/base.js';
import type { KnowledgeTriple, Triple } from '../model/triple.js';
import type {
  Entity,
  EntityDetails,
  Episode,
  Fact,
  GraphPath,
  GraphView,
  RecallResult,
} from '../model/types.js';
import type { Profile, ProfileFieldsOf } from '../profile/build.js';
import type { DEFAULT_PROFILE_SCHEMA } from '../profile/default-schema.js';
import type { ProfileSchema } from '../profile/schema.js';
import type { GraphStore, UserStats } from '../store/base.js';
import type { EpisodeFilter, FoundEntity, MemoryApi } from './api.js';
import { memoryContext } from './context.js';
import type { RememberInput, RememberResult } from './episodes.js';
import { FactEditor } from './fact-edits.js';
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
import { type InstructionsScope, type InstructionsVersion, MemoryInstructions } from './instructions.js';
import type { MergeLogEntry } from './merge-record.js';
import { EntityMerging, type MergeResult, type SplitResult } from './merging.js';
import { MemoryOperations } from './operations.js';
import type { ResolvedMemoryOptions } from './options.js';
import { MemoryProfiles, type ProfileOptions } from './profiles.js';
import { MemoryReader } from './reader.js';
import { MemoryWriter } from './writer.js';

/**
 * Long-term memory for agents, kept as one knowledge graph per user. Create it with
 * {@link createMemory}; close it with {@link Memory.close}.
 *
 * The facade of four parts sharing one store, embedder and write lock: a writer (triples and
 * turns in, forgetting), a fact editor (changes, corrections, closing), a reader (recall,
 * listings, the graph) and an admin (Cypher, re-embedding, backups).
 */
export class Memory extends MemoryOperations implements MemoryApi {
  private readonly writer: MemoryWriter;
  private readonly edits: FactEditor;
  private readonly reader: MemoryReader;
  private readonly profiles: MemoryProfiles;
  private readonly learned: MemoryInstructions;
  private readonly merging: EntityMerging;
  private readonly closing: (() => Promise<void>)[] = [];

  constructor(
    /** The storage backend (embedded LadybugDB or Neo4j). */
    readonly store: GraphStore,
    /** The embedder in use and its dimension. */
    readonly embedder: ResolvedEmbedder,
    /** The options in force. */
    readonly options: ResolvedMemoryOptions,
    /** Reads triples out of conversation turns (`remember`). */
    readonly extractor: Extractor,
  ) {
    super(memoryContext(store, embedder, options));
    this.writer = new MemoryWriter(this.context, extractor);
    this.edits = new FactEditor(this.context, this.writer);
    this.reader = new MemoryReader(this.context);
    this.profiles = new MemoryProfiles(this.context);
    this.learned = new MemoryInstructions(this.context);
    this.merging = new EntityMerging(this.context);
  }

  /**
   * Remembers triples you extracted yourself (no model call): entities are resolved by name
   * and alias, a current fact said again counts a mention, a functional predicate with a new
   * object closes the previous fact. The whole call is one transaction: on any invalid triple
   * nothing is written.
   *
   * @example
   * await memory.addTriples("u1", [{ subject: "I", predicate: "lives in", object: "Paris" }]);
   */
  async addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options: AddTriplesOptions = {},
  ): Promise<AddTriplesResult> {
    return this.writer.addTriples(userId, triples, options);
  }

  /**
   * Remembers one conversation turn: the episode (raw messages) is stored first, then one
   * extraction (one model call with a model, none with the rule extractor) turns it into
   * triples, which are resolved and written with their invalidations and MENTIONS edges in one
   * transaction. The same messages for the same thread are not processed twice. If extraction
   * fails the episode is kept as `failed` (see {@link Memory.reextract}); nothing is lost.
   *
   * @example
   * await memory.remember({ userId: "u1", threadId: "t1", messages: [{ role: "user", content: "I live in Paris." }] });
   */
  async remember(input: RememberInput): Promise<RememberResult> {
    return this.writer.remember(input);
  }

  /** Extracts again the user's failed (and interrupted) episodes, oldest first. */
  async reextract(userId: string, options: { failedOnly?: boolean } = {}): Promise<RememberResult[]> {
    return this.writer.reextract(userId, options);
  }

  /** A user's stored conversation turns (episodes), oldest first; by uid, status or thread. */
  async listEpisodes(userId: string, filter: EpisodeFilter = {}): Promise<Episode[]> {
    return this.reader.listEpisodes(userId, filter);
  }

  /**
   * Recalls what the memory knows that is relevant to a query: ranked facts, the entities
   * involved and a compact `context` block for a system prompt. No model call.
   *
   * @example
   * const { context } = await memory.recall({ userId: "u1", query: "where do I live?" });
   */
  async recall(input: RecallInput): Promise<RecallResult> {
    return this.reader.recall(input);
  }

  /** A user's facts, current by default; optionally about one entity or predicate, or with history. */
  async facts(userId: string, query: FactsQuery = {}): Promise<Fact[]> {
    return this.reader.facts(userId, query);
  }

  /**
   * The user's profile: a schema's fields (home, employer, family with their own fields, likes,
   * allergies, …) filled from the facts that hold now, or at `asOf`, each value with the fact it
   * came from and the turns that said it. A view of the graph, not a document of its own: it
   * cannot disagree with the facts, and a move, a correction or a forget shows in the next read.
   * An unknown user gets empty fields.
   *
   * @throws InvalidInputError for a schema that is not one (the message names the field)
   * @example
   * const { fields } = await memory.profile("u1");
   * fields.home?.value; // "Kyoto"
   */
  async profile<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA>(
    userId: string,
    options: ProfileOptions<S> = {},
  ): Promise<Profile<ProfileFieldsOf<S>>> {
    return this.profiles.profile(userId, options);
  }

  /**
   * An agent's current instructions (how it should behave), for every user or for one
   * (`userId`); `null` when none were written.
   */
  async instructions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion | null> {
    return this.learned.instructions(agentId, scope);
  }

  /** Every version of an agent's instructions (for every user, or for one), oldest first. */
  async instructionVersions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion[]> {
    return this.learned.instructionVersions(agentId, scope);
  }

  /**
   * Writes a new version of an agent's instructions, keeping every earlier one with its time and
   * reason. With `userId` they are that user's own (deleted with the user, exported with them).
   *
   * @example
   * await memory.setInstructions("helper", "Answer in Portuguese.", { userId: "ana", reason: "asked by the user" });
   */
  async setInstructions(
    agentId: string,
    text: string,
    options: InstructionsScope & { reason?: string } = {},
  ): Promise<InstructionsVersion> {
    return this.learned.setInstructions(agentId, text, options);
  }

  /** A user's entities, most mentioned first. */
  async entities(userId: string, options: { limit?: number } = {}): Promise<Entity[]> {
    return this.reader.entities(userId, options);
  }

  /**
   * A user's graph in graphology's serialised form (`Graph.from(view)`): the most mentioned
   * entities up to `limit` and the facts between them, or with `around` the neighbourhood of one
   * entity (uid or name) out to `hops`; current facts by default.
   */
  async graph(userId: string, options: GraphOptions = {}): Promise<GraphView> {
    return this.reader.graph(userId, options);
  }

  /**
   * One entity (by uid or name) with every fact touching it, closed ones included, and the
   * episodes they were learned from.
   *
   * @throws NotFoundError when the user has no such entity
   */
  async entity(userId: string, ref: string, options: { factLimit?: number } = {}): Promise<EntityDetails> {
    return this.reader.entity(userId, ref, options);
  }

  /**
   * The shortest chain of facts linking two entities (uids or names), following facts in either
   * direction; `null` when they are not connected within `maxHops`.
   *
   * @throws NotFoundError when either entity does not exist for the user
   */
  async path(
    userId: string,
    from: string,
    to: string,
    options: { asOf?: Date | string; maxHops?: number } = {},
  ): Promise<GraphPath | null> {
    return this.reader.path(userId, from, to, options);
  }

  /** Every user with a memory. */
  async users(): Promise<string[]> {
    return this.reader.users();
  }

  /** Whether a user has a memory. */
  async hasUser(userId: string): Promise<boolean> {
    return this.reader.hasUser(userId);
  }

  /** Sizes of a user's memory. */
  async stats(userId: string): Promise<UserStats> {
    return this.reader.stats(userId);
  }

  /**
   * Forgets one fact (by uid), one entity (by name, with every fact touching it) or a whole
   * user. This deletes; contradicted facts are closed by the write path, not here.
   *
   * @throws NotFoundError when the named entity does not exist for that user
   */
  async forget(input: ForgetInput): Promise<ForgetResult> {
    return this.writer.forget(input);
  }

  /**
   * Merges two entities that are one thing (by uid or name): every fact of `other` moves to
   * `keep` with its words and history, `other`'s names become `keep`'s aliases, a fact said on
   * both is counted once, and two current values of a one-value predicate follow the temporal
   * rules (the later one holds). One transaction, with a record {@link Memory.splitEntity} undoes.
   *
   * @throws NotFoundError when either entity does not exist for that user
   * @throws InvalidInputError when they are already one, or `other` is the user's own entity
   * @example
   * await memory.mergeEntities("u1", "New York City", "NYC");
   */
  async mergeEntities(
    userId: string,
    keep: string,
    other: string,
    options: { reason?: string } = {},
  ): Promise<MergeResult> {
    return this.merging.mergeEntities(userId, keep, other, options);
  }

  /**
   * Splits an alias off an entity into an entity of its own. An alias a merge brought undoes
   * that merge: the entity comes back with its uid and facts, exactly as before apart from what
   * was said since. An alias resolution joined as it was written takes the facts whose turns
   * named it and not the entity's name.
   *
   * @throws NotFoundError when the entity does not exist or has no such alias
   */
  async splitEntity(userId: string, entity: string, alias: string): Promise<SplitResult> {
    return this.merging.splitEntity(userId, entity, alias);
  }

  /** A user's merges by hand, oldest first, each with what it changed and whether a split undid it. */
  async merges(userId: string): Promise<MergeLogEntry[]> {
    return this.merging.merges(userId);
  }

  /**
   * Updates a fact: the old one is closed (kept as history, `supersededBy` the new one) and the
   * right value becomes the current fact. A `change` (the default) closes the old value now (or at
   * `at`); a `correction` says it was never true: it is retracted where it opened and the right
   * value holds over its whole interval (see `FactUpdateKind`).
   *
   * @throws NotFoundError when the user has no such fact (another user's uid included)
   * @throws InvalidInputError when subject and predicate match several current facts (pass a uid)
   * @example
   * await memory.updateFact("u1", { subject: "I", predicate: "lives in" }, { object: "Lyon" });
   */
  async updateFact(
    userId: string,
    target: FactTarget,
    correction: FactCorrection,
  ): Promise<FactCorrectionResult> {
    return this.edits.updateFact(userId, target, correction);
  }

  /**
   * Deletes one fact by uid (use {@link Memory.updateFact} to correct it and keep its history).
   *
   * @throws NotFoundError when the user has no such fact (another user's uid included)
   */
  async forgetFact(userId: string, factUid: string): Promise<void> {
    return this.writer.forgetFact(userId, factUid);
  }

  /**
   * Marks a current fact as no longer true from `at` (default now), with no replacement: it is
   * closed and kept as history, not deleted. Closing a closed fact is an error.
   *
   * @throws NotFoundError when the user has no such fact
   */
  async closeFact(
    userId: string,
    factUid: string,
    options: { at?: Date | string; source?: string } = {},
  ): Promise<void> {
    return this.edits.closeFact(userId, factUid, options);
  }

  /** The predicate keys a user's facts use (current and closed), sorted. */
  async predicates(userId: string): Promise<string[]> {
    return this.reader.predicates(userId);
  }

  /**
   * A user's entities whose names match a query (full text) or resemble it (embedding
   * similarity), best first.
   */
  async searchEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<(Entity & { score: number })[]> {
    return this.reader.searchEntities(userId, query, options);
  }

  /**
   * A user's entities and facts named by uid (a console result) as a graph: the entities, the
   * facts with both their ends; uids of other users or of nothing are left out.
   */
  async subgraph(userId: string, uids: readonly string[]): Promise<GraphView> {
    return this.reader.subgraph(userId, uids);
  }

  /**
   * Finds a user's entities by name as it is typed, over the whole memory: exact names, names
   * starting with the text, names whose words start with its words, and near spellings ("insep"
   * finds "Inception"); best first, then the most mentioned. No embedding call.
   *
   * @example
   * const [best] = await memory.findEntities("u1", "incep"); // Inception, kind "prefix"
   */
  async findEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<FoundEntity[]> {
    return this.reader.findEntities(userId, query, options);
  }

  /**
   * Runs `release` first when this memory closes (before pending writes are awaited): how
   * `createMemory` stops serving other processes before the database closes.
   *
   * @internal
   */
  onClose(release: () => Promise<void>): void {
    this.closing.push(release);
  }

  /** Stops serving other processes, waits for pending writes and closes the database. */
  async close(): Promise<void> {
    for (const release of this.closing.splice(0)) await release();
    await this.context.lock.run(async () => undefined);
    await this.store.close();
  }
}
