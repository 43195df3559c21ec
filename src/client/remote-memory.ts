import type { EpisodeFilter, FoundEntity, MemoryApi, MemoryDescription } from '../memory/api.js';
import type { RememberInput, RememberResult } from '../memory/episodes.js';
import type { ExportDocument, ImportSummary } from '../memory/export-format.js';
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
} from '../memory/inputs.js';
import type { InstructionsScope, InstructionsVersion } from '../memory/instructions.js';
import type { MergeLogEntry } from '../memory/merge-record.js';
import type { MergeResult, SplitResult } from '../memory/merging.js';
import type { ProfileOptions } from '../memory/profiles.js';
import { InvalidInputError } from '../model/errors.js';
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
import type { CypherOptions, CypherResult, UserStats } from '../store/base.js';
import type { CypherExample } from '../store/explore-queries.js';
import type { ReadVerdict } from '../store/read-policy/policy.js';
import { socketTransport, type Transport, urlTransport } from './transport.js';
import { exchange } from './wire-request.js';
import { dateParam, enc, type Query, wireTriples } from './wire-values.js';

/** Where a {@link RemoteMemory} sends its requests: a server's URL, or a holder's socket. */
export interface RemoteMemoryOptions {
  /** Base URL of a running `kgmem serve` (`http://127.0.0.1:7700`). */
  server?: string;
  /**
   * The local socket of the process holding an embedded memory (recorded in the data dir's holder
   * file): every method, no token needed (the socket's file permissions guard it).
   */
  socketPath?: string;
  /** The server's bearer token: needed for writes over HTTP, and for reads beyond loopback. */
  token?: string;
  /** Gives up on a request after this long. @default 60000 */
  timeoutMs?: number;
}

/**
 * A memory served by another process, with every method of {@link MemoryApi}: a `kgmem serve`
 * over HTTP (writes need its token), or the process holding an embedded memory over its local
 * socket (what the CLI uses when another kgmem process has the data dir open). Errors come back
 * as the classes the server threw. What `createMemory({ server })` returns.
 */
export class RemoteMemory implements MemoryApi {
  private readonly transport: Transport;
  /** Where requests go, as messages name it. */
  readonly where: string;

  constructor(readonly options: RemoteMemoryOptions) {
    if (options.socketPath !== undefined) {
      this.transport = socketTransport(options.socketPath);
      this.where = `the kgmem process serving ${options.socketPath}`;
      return;
    }
    if (options.server === undefined)
      throw new InvalidInputError(
        'a remote memory needs a server URL (server) or a socket path (socketPath)',
      );
    let base: URL;
    try {
      base = new URL(options.server.endsWith('/') ? options.server : `${options.server}/`);
    } catch {
      throw new InvalidInputError(`"${options.server}" is not a server URL; use e.g. http://127.0.0.1:7700`);
    }
    this.transport = urlTransport(base);
    this.where = `kgmem serve at ${base.origin}`;
  }

  /** See `Memory.describe`. */
  async describe(): Promise<MemoryDescription> {
    const { ok: _ok, ...description } = await this.get<MemoryDescription & { ok: boolean }>('api/health', {});
    return description;
  }

  /** Every user with a memory. */
  async users(): Promise<string[]> {
    return (await this.get<{ users: { id: string }[] }>('api/users', {})).users.map((u) => u.id);
  }

  /** Whether a user has a memory. */
  async hasUser(userId: string): Promise<boolean> {
    return (await this.get<{ exists: boolean }>(`api/users/${enc(userId)}/stats`, {})).exists;
  }

  /** Sizes of a user's memory. */
  async stats(userId: string): Promise<UserStats> {
    const { exists: _exists, ...stats } = await this.get<UserStats & { exists: boolean }>(
      `api/users/${enc(userId)}/stats`,
      {},
    );
    return stats;
  }

  /** See `Memory.predicates`. */
  async predicates(userId: string): Promise<string[]> {
    return (await this.get<{ predicates: string[] }>(`api/users/${enc(userId)}/predicates`, {})).predicates;
  }

  /** See `Memory.recall`. */
  async recall(input: RecallInput): Promise<RecallResult> {
    return this.get(`api/users/${enc(input.userId)}/recall`, {
      q: input.query,
      limit: input.limit,
      hops: input.hops,
      asOf: dateParam(input.asOf),
      history: input.includeHistory ? 'true' : undefined,
      maxChars: input.maxChars,
      explain: input.explain ? 'true' : undefined,
      profile: input.profile === false ? 'false' : undefined,
    });
  }

  /** See `Memory.facts`. */
  async facts(userId: string, query: FactsQuery = {}): Promise<Fact[]> {
    const body = await this.get<{ facts: Fact[] }>(`api/users/${enc(userId)}/facts`, {
      entity: query.entity,
      predicate: query.predicate,
      history: query.includeHistory ? 'true' : undefined,
      asOf: dateParam(query.asOf),
      limit: query.limit,
    });
    return body.facts;
  }

  /** See `Memory.profile` (a schema of your own travels as JSON). */
  async profile<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA>(
    userId: string,
    options: ProfileOptions<S> = {},
  ): Promise<Profile<ProfileFieldsOf<S>>> {
    const query = { asOf: dateParam(options.asOf), schema: options.schema && JSON.stringify(options.schema) };
    // Field names are the schema's own: no field is revived as a date.
    return this.get(`api/users/${enc(userId)}/profile`, query, false);
  }

  /** See `Memory.instructions`. */
  async instructions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion | null> {
    return (await this.instructionVersions(agentId, scope)).at(-1) ?? null;
  }

  /** See `Memory.instructionVersions`. */
  async instructionVersions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion[]> {
    const path = `api/agents/${enc(agentId)}/instructions`;
    return (await this.get<{ versions: InstructionsVersion[] }>(path, { user: scope.userId }, false))
      .versions;
  }

  /** See `Memory.setInstructions` (a write: needs the server's token over HTTP). */
  async setInstructions(
    agentId: string,
    text: string,
    options: InstructionsScope & { reason?: string } = {},
  ): Promise<InstructionsVersion> {
    // `at` stays ISO text, as the library gives it.
    return this.request('POST', `/api/agents/${enc(agentId)}/instructions`, { text, ...options }, false);
  }

  /** See `Memory.entities`. */
  async entities(userId: string, options: { limit?: number } = {}): Promise<Entity[]> {
    const body = await this.get<{ entities: Entity[] }>(`api/users/${enc(userId)}/entities`, {
      limit: options.limit,
    });
    return body.entities;
  }

  /** See `Memory.entity`. */
  async entity(userId: string, ref: string, options: { factLimit?: number } = {}): Promise<EntityDetails> {
    return this.get(`api/users/${enc(userId)}/entities/${enc(ref)}`, { factLimit: options.factLimit });
  }

  /** See `Memory.path`: `null` when the two are not connected within `maxHops`. */
  async path(
    userId: string,
    from: string,
    to: string,
    options: { asOf?: Date | string; maxHops?: number } = {},
  ): Promise<GraphPath | null> {
    const body = await this.get<{ found: boolean } & GraphPath>(`api/users/${enc(userId)}/path`, {
      from,
      to,
      asOf: dateParam(options.asOf),
      maxHops: options.maxHops,
    });
    if (!body.found) return null;
    return { entities: body.entities, facts: body.facts };
  }

  /** See `Memory.listEpisodes`. */
  async listEpisodes(userId: string, filter: EpisodeFilter = {}): Promise<Episode[]> {
    const body = await this.get<{ episodes: Episode[] }>(`api/users/${enc(userId)}/episodes`, {
      status: filter.status,
      thread: filter.threadId,
      uids: filter.uids?.join(','),
      limit: filter.limit,
    });
    return body.episodes;
  }

  /** See `Memory.graph`. */
  async graph(userId: string, options: GraphOptions = {}): Promise<GraphView> {
    return this.get(`api/users/${enc(userId)}/graph`, {
      limit: options.limit,
      hops: options.hops,
      asOf: dateParam(options.asOf),
      history: options.includeHistory ? 'true' : undefined,
      around: options.around,
      predicates: options.predicates?.join(','),
      types: options.types?.join(','),
    });
  }

  /** See `Memory.subgraph`. */
  async subgraph(userId: string, uids: readonly string[]): Promise<GraphView> {
    return this.get(`api/users/${enc(userId)}/subgraph`, { uids: uids.join(',') });
  }

  /** See `Memory.searchEntities`. */
  async searchEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<(Entity & { score: number })[]> {
    const body = await this.get<{ entities: (Entity & { score: number })[] }>(
      `api/users/${enc(userId)}/similar`,
      { q: query, limit: options.limit },
    );
    return body.entities;
  }

  /** See `Memory.findEntities`. */
  async findEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<FoundEntity[]> {
    const body = await this.get<{ entities: FoundEntity[] }>(`api/users/${enc(userId)}/search`, {
      q: query,
      limit: options.limit,
    });
    return body.entities;
  }

  /** See `Memory.exploreQueries`. */
  async exploreQueries(): Promise<CypherExample[]> {
    return (await this.get<{ examples: CypherExample[] }>('api/cypher/examples', {})).examples;
  }

  /** See `Memory.explore`. */
  async explore(
    userId: string,
    name: string,
    params: Record<string, unknown> = {},
    options: Pick<CypherOptions, 'maxRows' | 'timeoutMs'> = {},
  ): Promise<CypherResult> {
    return this.send('POST', `api/users/${enc(userId)}/explore/${enc(name)}`, {
      params,
      ...(options.maxRows ? { maxRows: options.maxRows } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /**
   * One Cypher statement: over HTTP, reading statements always and writing ones with the
   * server's token; over the holder's socket, anything (`readOnly` refuses writes on request).
   */
  async cypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    const { refs: _refs, ...result } = await this.send<CypherResult & { refs?: unknown }>(
      'POST',
      'api/cypher',
      {
        statement,
        params,
        ...(options.readOnly ? { readOnly: true } : {}),
        ...(options.maxRows ? { maxRows: options.maxRows } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      },
    );
    return result;
  }

  /** See `Memory.checkReadOnly`. */
  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    return this.send('POST', 'api/cypher/check', { statement, params });
  }

  /** See `Memory.addTriples`. */
  async addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options: AddTriplesOptions = {},
  ): Promise<AddTriplesResult> {
    return this.send('POST', `api/users/${enc(userId)}/triples`, {
      triples: wireTriples(triples),
      ...(options.source ? { source: options.source } : {}),
      ...(options.at ? { at: dateParam(options.at) } : {}),
      ...(options.similarityMerge !== undefined ? { similarityMerge: options.similarityMerge } : {}),
    });
  }

  /** See `Memory.remember`. */
  async remember(input: RememberInput): Promise<RememberResult> {
    return this.send('POST', `api/users/${enc(input.userId)}/remember`, {
      messages: input.messages,
      ...(input.threadId ? { threadId: input.threadId } : {}),
      ...(input.at ? { at: dateParam(input.at) } : {}),
      ...(input.userName ? { userName: input.userName } : {}),
      ...(input.triples ? { triples: wireTriples(input.triples) } : {}),
    });
  }

  /** See `Memory.reextract`. */
  async reextract(userId: string, options: { failedOnly?: boolean } = {}): Promise<RememberResult[]> {
    const body = await this.send<{ results: RememberResult[] }>(
      'POST',
      `api/users/${enc(userId)}/reextract`,
      {
        ...(options.failedOnly ? { failedOnly: true } : {}),
      },
    );
    return body.results;
  }

  /** See `Memory.updateFact`: a fact named by uid or by subject and predicate. */
  async updateFact(
    userId: string,
    target: FactTarget,
    correction: FactCorrection,
  ): Promise<FactCorrectionResult> {
    return this.send('POST', `api/users/${enc(userId)}/facts/update`, {
      target,
      correction: {
        object: correction.object,
        ...(correction.predicate ? { predicate: correction.predicate } : {}),
        ...(correction.kind ? { kind: correction.kind } : {}),
        ...(correction.at ? { at: dateParam(correction.at) } : {}),
        ...(correction.source ? { source: correction.source } : {}),
      },
    });
  }

  /** See `Memory.closeFact`. */
  async closeFact(
    userId: string,
    factUid: string,
    options: { at?: Date | string; source?: string } = {},
  ): Promise<void> {
    await this.send('POST', `api/users/${enc(userId)}/facts/${enc(factUid)}/close`, {
      ...(options.at ? { at: dateParam(options.at) } : {}),
      ...(options.source ? { source: options.source } : {}),
    });
  }

  /** See `Memory.forgetFact`. */
  async forgetFact(userId: string, factUid: string): Promise<void> {
    await this.send('DELETE', `api/users/${enc(userId)}/facts/${enc(factUid)}`);
  }

  /** See `Memory.forget`. */
  async forget(input: ForgetInput): Promise<ForgetResult> {
    const { userId, ...what } = input;
    return this.send('POST', `api/users/${enc(userId)}/forget`, what);
  }

  /** See `Memory.mergeEntities`. */
  async mergeEntities(
    userId: string,
    keep: string,
    other: string,
    options: { reason?: string } = {},
  ): Promise<MergeResult> {
    return this.send('POST', `api/users/${enc(userId)}/entities/merge`, { keep, other, ...options });
  }

  /** See `Memory.splitEntity`. */
  async splitEntity(userId: string, entity: string, alias: string): Promise<SplitResult> {
    return this.send('POST', `api/users/${enc(userId)}/entities/split`, { entity, alias });
  }

  /** See `Memory.merges` (its times stay ISO strings, as stored). */
  async merges(userId: string): Promise<MergeLogEntry[]> {
    return this.get(`api/users/${enc(userId)}/merges`, {}, false);
  }

  /** See `Memory.exportUser` (its dates stay ISO strings, as in the file). */
  async exportUser(userId: string): Promise<ExportDocument> {
    return this.request('GET', `/api/users/${enc(userId)}/export`, undefined, false);
  }

  /** See `Memory.importUser`. */
  async importUser(document: unknown, options: { userId?: string } = {}): Promise<ImportSummary> {
    return this.send('POST', 'api/import', {
      document,
      ...(options.userId ? { userId: options.userId } : {}),
    });
  }

  /** Nothing to release: the server keeps the database. */
  async close(): Promise<void> {}

  private get<T>(path: string, query: Query, revive = true): Promise<T> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const text = search.toString();
    return this.request('GET', `/${path}${text ? `?${text}` : ''}`, undefined, revive);
  }

  private send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.request(method, `/${path}`, body);
  }

  private request<T>(method: string, path: string, body?: unknown, revive = true): Promise<T> {
    return exchange<T>(this.transport, this.where, this.options.token, this.options.timeoutMs, {
      method,
      path,
      body,
      revive,
    });
  }
}
