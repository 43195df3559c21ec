import type { RememberInput, RememberResult } from '../memory/episodes.js';
import type { ExportDocument } from '../memory/export-format.js';
import type {
  AddTriplesOptions,
  AddTriplesResult,
  FactCorrection,
  FactCorrectionResult,
  FactsQuery,
  FactTarget,
  GraphOptions,
  RecallInput,
} from '../memory/memory.js';
import {
  CypherError,
  InvalidInputError,
  KgmemError,
  NotFoundError,
  StoreUnavailableError,
} from '../model/errors.js';
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
import type { CypherOptions, CypherResult, UserStats } from '../store/base.js';

/** A request the server refused for want of (the right) bearer token. */
export class UnauthorizedError extends KgmemError {
  override name = 'UnauthorizedError';
}

/** Where a {@link RemoteMemory} sends its requests. */
export interface RemoteMemoryOptions {
  /** Base URL of a running `kgmem serve` (`http://127.0.0.1:7700`). */
  server: string;
  /** Its bearer token: needed for writes, and for reads when it listens beyond loopback. */
  token?: string;
  /** Gives up on a request after this long. @default 60000 */
  timeoutMs?: number;
}

// Fields the API sends as ISO strings that the library's types hold as dates.
const DATE_FIELDS = new Set(['validFrom', 'validTo', 'createdAt', 'updatedAt', 'at']);

/**
 * The memory of a running `kgmem serve`, through its HTTP API, with the read methods of `Memory`
 * (and its writes when given the server's token). What the read CLI commands use while a server
 * holds the data dir, and what `createMemory({ server, token })` returns.
 */
export class RemoteMemory {
  private readonly base: URL;

  constructor(readonly options: RemoteMemoryOptions) {
    try {
      this.base = new URL(options.server.endsWith('/') ? options.server : `${options.server}/`);
    } catch {
      throw new InvalidInputError(`"${options.server}" is not a server URL; use e.g. http://127.0.0.1:7700`);
    }
  }

  /** Every user with a memory. */
  async users(): Promise<string[]> {
    return (await this.usersWithStats()).map((u) => u.id);
  }

  /** Whether a user has a memory. */
  async hasUser(userId: string): Promise<boolean> {
    return (await this.users()).includes(userId);
  }

  /** Sizes of a user's memory. */
  async stats(userId: string): Promise<UserStats> {
    const found = (await this.usersWithStats()).find((u) => u.id === userId);
    if (!found) return { entities: 0, facts: 0, currentFacts: 0 } as UserStats;
    const { id: _id, ...stats } = found;
    return stats as UserStats;
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

  /** See `Memory.entities`. */
  async entities(userId: string, options: { limit?: number } = {}): Promise<Entity[]> {
    const body = await this.get<{ entities: Entity[] }>(`api/users/${enc(userId)}/entities`, {
      limit: options.limit,
    });
    return body.entities;
  }

  /** See `Memory.exportUser`. */
  async exportUser(userId: string): Promise<ExportDocument> {
    return this.get(`api/users/${enc(userId)}/export`, {});
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

  /** See `Memory.listEpisodes` (newest first). */
  async listEpisodes(
    userId: string,
    filter: { status?: EpisodeStatus; threadId?: string; limit?: number } = {},
  ): Promise<Episode[]> {
    const body = await this.get<{ episodes: Episode[] }>(`api/users/${enc(userId)}/episodes`, {
      status: filter.status,
      thread: filter.threadId,
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

  /**
   * One Cypher statement through the server: reading statements always, writing ones only with
   * the server's token.
   */
  async cypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: Pick<CypherOptions, 'maxRows' | 'timeoutMs'> = {},
  ): Promise<CypherResult> {
    return this.send('POST', 'api/cypher', {
      statement,
      params,
      ...(options.maxRows ? { maxRows: options.maxRows } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /** See `Memory.addTriples` (needs the server's token). */
  async addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options: Pick<AddTriplesOptions, 'at' | 'source'> = {},
  ): Promise<AddTriplesResult> {
    return this.send('POST', `api/users/${enc(userId)}/triples`, {
      triples: triples.map((t) => ({
        subject: t.subject,
        predicate: t.predicate,
        object: 'object' in t ? t.object : t.object_,
      })),
      ...(options.source ? { source: options.source } : {}),
      ...(options.at ? { at: dateParam(options.at) } : {}),
    });
  }

  /** See `Memory.remember` (needs the server's token). */
  async remember(input: RememberInput): Promise<RememberResult> {
    return this.send('POST', `api/users/${enc(input.userId)}/remember`, {
      messages: input.messages,
      ...(input.threadId ? { threadId: input.threadId } : {}),
      ...(input.at ? { at: dateParam(input.at) } : {}),
      ...(input.userName ? { userName: input.userName } : {}),
    });
  }

  /**
   * See `Memory.updateFact` (needs the server's token). The API names a fact by its uid: a
   * `{subject, predicate}` target is refused here, before anything is sent.
   */
  async updateFact(
    userId: string,
    target: FactTarget,
    correction: FactCorrection,
  ): Promise<FactCorrectionResult> {
    if (!('uid' in target))
      throw new InvalidInputError(
        'through a kgmem server a fact is named by its uid (kgmem facts lists them), not by subject and predicate',
      );
    return this.send('PATCH', `api/users/${enc(userId)}/facts/${enc(target.uid)}`, {
      object: correction.object,
      ...(correction.predicate ? { predicate: correction.predicate } : {}),
      ...(correction.kind ? { kind: correction.kind } : {}),
      ...(correction.at ? { at: dateParam(correction.at) } : {}),
      ...(correction.source ? { source: correction.source } : {}),
    });
  }

  /** See `Memory.forgetFact` (needs the server's token). */
  async forgetFact(userId: string, factUid: string): Promise<void> {
    await this.send('DELETE', `api/users/${enc(userId)}/facts/${enc(factUid)}`);
  }

  /** Nothing to release: the server keeps the database. */
  async close(): Promise<void> {}

  private async usersWithStats(): Promise<({ id: string } & UserStats)[]> {
    return (await this.get<{ users: ({ id: string } & UserStats)[] }>('api/users', {})).users;
  }

  private get<T>(path: string, query: Record<string, string | number | undefined>): Promise<T> {
    const url = new URL(path, this.base);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return this.request('GET', url);
  }

  private send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.request(method, new URL(path, this.base), body);
  }

  private async request<T>(method: string, url: URL, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.options.token) headers.Authorization = `Bearer ${this.options.token}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
    } catch (error) {
      throw new StoreUnavailableError(
        `kgmem serve at ${this.base.origin} did not answer (${error instanceof Error ? error.message : String(error)}); is it running?`,
      );
    }
    const text = await response.text();
    const parsed = text ? (JSON.parse(text, reviveDates) as unknown) : undefined;
    if (!response.ok) {
      const message = (parsed as { error?: string } | undefined)?.error ?? `HTTP ${response.status}`;
      throw errorForStatus(response.status, `kgmem serve at ${this.base.origin}: ${message}`);
    }
    return parsed as T;
  }
}

function errorForStatus(status: number, message: string): KgmemError {
  if (status === 401 || status === 403)
    return new UnauthorizedError(`${message} (set KGMEM_TOKEN to the server's token)`);
  if (status === 404) return new NotFoundError(message);
  if (status === 400 && /cypher|statement/i.test(message)) return new CypherError(message);
  if (status === 400 || status === 413) return new InvalidInputError(message);
  return new StoreUnavailableError(message);
}

function reviveDates(key: string, value: unknown): unknown {
  if (DATE_FIELDS.has(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return new Date(value);
  return value;
}

function dateParam(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value instanceof Date ? value.toISOString() : value;
}

const enc = encodeURIComponent;
