import { randomUUID } from 'node:crypto';
import type { AffectedUsers } from '../cache/write-effects.js';

export type { AffectedUsers };

/** The Meta key of the database-wide epoch (advanced by writes that may touch any user). */
export const EPOCH_KEY = 'generation';

/** The Meta key of one user's write generation. */
export function userGenerationKey(userId: string): string {
  return JSON.stringify(['generation', userId]);
}

/**
 * The write generations of an embedded database: a database-wide epoch, and one generation per
 * user. A committed write that changes what a user's in-process copies or saved snapshot hold
 * advances that user's generation (a write that may touch anyone advances the epoch), so a
 * snapshot taken at one `snapshotKey` is known to be stale at any other. The store records every
 * advance in its Meta table inside the same transaction as the write itself.
 */
export class Generations {
  private epoch = '';
  private readonly users = new Map<string, string>();

  /**
   * @param read - reads a Meta value (`undefined` when absent)
   */
  constructor(private readonly read: (key: string) => string | undefined) {}

  /** Loads the epoch; `false` when the database has none yet (a new database). */
  load(): boolean {
    this.epoch = this.read(EPOCH_KEY) ?? '';
    this.users.clear();
    return this.epoch !== '';
  }

  /**
   * The generation a user's snapshot must carry to be valid now: the epoch and the user's own
   * generation together.
   */
  snapshotKey(userId: string): string {
    let own = this.users.get(userId);
    if (own === undefined) {
      own = this.read(userGenerationKey(userId)) ?? '';
      this.users.set(userId, own);
    }
    return `${this.epoch}/${own}`;
  }

  /**
   * New generations for the affected users (or a new epoch), as Meta rows to write in the
   * committing transaction; {@link settle} makes them current once it committed.
   */
  advance(users: AffectedUsers): { key: string; value: string }[] {
    if (users === 'all') return [{ key: EPOCH_KEY, value: randomUUID() }];
    return [...new Set(users)].map((userId) => ({ key: userGenerationKey(userId), value: randomUUID() }));
  }

  /** Takes the generations of a committed {@link advance}. */
  settle(rows: readonly { key: string; value: string }[]): void {
    for (const { key, value } of rows) {
      if (key === EPOCH_KEY) {
        this.epoch = value;
        continue;
      }
      const [, userId] = JSON.parse(key) as [string, string];
      this.users.set(userId, value);
    }
  }
}
