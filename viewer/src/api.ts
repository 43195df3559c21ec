import type {
  CypherExample,
  CypherPayload,
  EntityDetails,
  GraphPayload,
  NameHit,
  PathPayload,
  ProfilePayload,
  RecallPayload,
  UserSummary,
} from './types';

const TOKEN_KEY = 'kgmem-token';
// Facts of an entity the panel and the predicate pages work from.
const ENTITY_FACTS = 2000;

/** An API answer that was not 2xx, with the server's `{error}` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The `kgmem serve` API as the viewer uses it. A server beyond loopback wants the bearer token
 * for reads too: on 401 the viewer asks for it once and keeps it for the tab's session.
 */
export class Api {
  constructor(private readonly askToken: () => Promise<string | null>) {}

  /** Whether the server takes writes at all (`none`: started without a token), and what it serves. */
  health(): Promise<{ writes: 'open' | 'token' | 'none'; backend: string }> {
    return this.get('/api/health');
  }

  users(): Promise<{ users: UserSummary[] }> {
    return this.get('/api/users');
  }

  graph(user: string, params: Record<string, string>): Promise<GraphPayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/graph`, params);
  }

  /** An entity with its facts, newest first: up to 2,000, so a hub's predicates page far. */
  entity(user: string, ref: string): Promise<EntityDetails> {
    return this.get(`/api/users/${encodeURIComponent(user)}/entities/${encodeURIComponent(ref)}`, {
      factLimit: String(ENTITY_FACTS),
    });
  }

  /** A user's entities, most mentioned first. */
  entities(
    user: string,
    limit: number,
  ): Promise<{ entities: { uid: string; name: string; mentions: number }[] }> {
    return this.get(`/api/users/${encodeURIComponent(user)}/entities`, { limit: String(limit) });
  }

  /** Entities of the whole memory by name as it is typed (prefix, word starts, near spellings). */
  search(user: string, q: string): Promise<{ entities: NameHit[] }> {
    return this.get(`/api/users/${encodeURIComponent(user)}/search`, { q, limit: '12' });
  }

  /** The user's entities and facts among these uids, as a graph (a console result). */
  subgraph(user: string, uids: readonly string[]): Promise<GraphPayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/subgraph`, { uids: uids.join(',') });
  }

  /** The user's profile now, or as of a date. */
  profile(user: string, asOf: string | null): Promise<ProfilePayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/profile`, asOf ? { asOf } : {});
  }

  /** The ready-made analyst queries of this backend. */
  cypherExamples(): Promise<{ examples: CypherExample[] }> {
    return this.get('/api/cypher/examples');
  }

  /** Closes a current fact (kept as history). Needs the server's write token, asked for once. */
  async closeFact(user: string, uid: string): Promise<void> {
    await this.write(
      'POST',
      `/api/users/${encodeURIComponent(user)}/facts/${encodeURIComponent(uid)}/close`,
      {},
    );
  }

  /** Deletes a fact for good. Needs the server's write token, asked for once. */
  async deleteFact(user: string, uid: string): Promise<void> {
    await this.write('DELETE', `/api/users/${encodeURIComponent(user)}/facts/${encodeURIComponent(uid)}`);
  }

  /** Merges `other` into `keep` (names or uids); the kept entity comes back. Needs the write token. */
  async mergeEntities(
    user: string,
    keep: string,
    other: string,
  ): Promise<{ entity: { uid: string; name: string } }> {
    return (await this.write('POST', `/api/users/${encodeURIComponent(user)}/entities/merge`, {
      keep,
      other,
      reason: 'merged in the viewer',
    })) as { entity: { uid: string; name: string } };
  }

  /** Splits an alias off an entity; the entity split off comes back. Needs the write token. */
  async splitEntity(
    user: string,
    entity: string,
    alias: string,
  ): Promise<{ entity: { uid: string; name: string } }> {
    return (await this.write('POST', `/api/users/${encodeURIComponent(user)}/entities/split`, {
      entity,
      alias,
    })) as { entity: { uid: string; name: string } };
  }

  /**
   * A request that may need the server's token (a write, a console statement): sent with the
   * session's token; on 401 or 403 the token is asked for once and the request sent again.
   */
  private async write(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const send = () => {
      const token = sessionStorage.getItem(TOKEN_KEY);
      return fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    };
    let response = await send();
    if (response.status === 401 || response.status === 403) {
      const entered = await this.askToken();
      if (entered) {
        sessionStorage.setItem(TOKEN_KEY, entered);
        response = await send();
      }
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      throw new ApiError(response.status, answer.error ?? `${response.status} ${response.statusText}`);
    }
    return response.json();
  }

  /**
   * Runs a Cypher statement. Reads need no token; a writing statement is refused (403) without
   * the server's write token, which is then asked for once and sent again.
   */
  async cypher(statement: string, params: Record<string, unknown>): Promise<CypherPayload> {
    return (await this.write('POST', '/api/cypher', { statement, params, maxRows: 500 })) as CypherPayload;
  }

  recall(user: string, q: string, asOf: string | null): Promise<RecallPayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/recall`, {
      q,
      limit: '20',
      ...(asOf ? { asOf } : {}),
    });
  }

  path(user: string, from: string, to: string, asOf: string | null): Promise<PathPayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/path`, { from, to, ...(asOf ? { asOf } : {}) });
  }

  private async get<T>(path: string, params: Record<string, string> = {}, retried = false): Promise<T> {
    const query = new URLSearchParams(params).toString();
    const token = sessionStorage.getItem(TOKEN_KEY);
    const response = await fetch(query ? `${path}?${query}` : path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (response.status === 401 && !retried) {
      const entered = await this.askToken();
      if (entered) {
        sessionStorage.setItem(TOKEN_KEY, entered);
        return this.get(path, params, true);
      }
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      throw new ApiError(response.status, body.error ?? `${response.status} ${response.statusText}`);
    }
    return (await response.json()) as T;
  }
}
