import type { EntityDetails, GraphPayload, NameHit, PathPayload, RecallPayload, UserSummary } from './types';

const TOKEN_KEY = 'kgmem-token';

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

  users(): Promise<{ users: UserSummary[] }> {
    return this.get('/api/users');
  }

  graph(user: string, params: Record<string, string>): Promise<GraphPayload> {
    return this.get(`/api/users/${encodeURIComponent(user)}/graph`, params);
  }

  entity(user: string, ref: string): Promise<EntityDetails> {
    return this.get(`/api/users/${encodeURIComponent(user)}/entities/${encodeURIComponent(ref)}`);
  }

  /** Entities of the whole memory by name as it is typed (prefix, word starts, near spellings). */
  search(user: string, q: string): Promise<{ entities: NameHit[] }> {
    return this.get(`/api/users/${encodeURIComponent(user)}/search`, { q, limit: '12' });
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
