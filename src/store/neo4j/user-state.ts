import type { Row } from '../rows.js';

/** A user's share of one vector index: how many items it holds in all, and of this user. */
export interface IndexShare {
  own: number;
  total: number;
}

/** What a recall reads of a user once (`user-state`). */
export interface UserState {
  /** The user's write count (see `user-lock`); `null` when the user was written before counts were kept. */
  writes: number | null;
  /** Whether the user exists. */
  exists: boolean;
  entities: IndexShare;
  episodes: IndexShare;
  /** Facts in the relationship vector index, every user's (the user's own are counted apart). */
  factTotal: number;
  /**
   * How many terms and concept terms the user's turns hold in all (full-text scoring's average
   * lengths); `null` for a user written before the totals were kept, until the migration at open.
   */
  termLengths: { words: number; concepts: number } | null;
}

/** The state of a user from a row of `user-state` (no row: no such user). */
export function userStateFromRow(row: Row | undefined): UserState {
  return {
    writes: row?.writes === null || row?.writes === undefined ? null : Number(row.writes),
    exists: row !== undefined,
    entities: { own: Number(row?.entityOwn ?? 0), total: Number(row?.entityTotal ?? 0) },
    episodes: { own: Number(row?.episodeOwn ?? 0), total: Number(row?.episodeTotal ?? 0) },
    factTotal: Number(row?.factTotal ?? 0),
    termLengths:
      row?.termLength === null ||
      row?.termLength === undefined ||
      row?.conceptTermLength === null ||
      row?.conceptTermLength === undefined
        ? null
        : { words: Number(row.termLength), concepts: Number(row.conceptTermLength) },
  };
}

/**
 * A user's state, read once per read scope: a recall's reads (the vocabulary check, each
 * similarity search's share of its index) share one round trip, started as the scope opens. A
 * write to the user forgets it, so a later read in the scope reads it again. Outside a scope each
 * ask reads it.
 */
export class UserStateReads {
  private readonly scopes = new Map<string, { open: number; state?: Promise<UserState> }>();

  constructor(private readonly read: (userId: string) => Promise<UserState>) {}

  /** Runs `body` in a read scope of the user, the user's state read as it starts. */
  async within<T>(userId: string, body: () => Promise<T>): Promise<T> {
    const scope = this.scopes.get(userId) ?? { open: 0 };
    scope.open += 1;
    this.scopes.set(userId, scope);
    // Read now, alongside the scope's first reads; a failure surfaces where it is awaited.
    this.of(userId).catch(() => undefined);
    try {
      return await body();
    } finally {
      scope.open -= 1;
      if (scope.open === 0) this.scopes.delete(userId);
    }
  }

  /** The user's state: the scope's, or read now. */
  of(userId: string): Promise<UserState> {
    const scope = this.scopes.get(userId);
    if (!scope) return this.read(userId);
    scope.state ??= this.read(userId);
    return scope.state;
  }

  /** Forgets the state of a user (of every user without one): a write changed it. */
  forget(userId?: string): void {
    for (const [id, scope] of this.scopes) if (userId === undefined || id === userId) delete scope.state;
  }
}
