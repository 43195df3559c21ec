/**
 * What one store keeps of a user that only a write can change (the predicate vocabulary, the fact
 * count), each value with the user's write count it was read at. The count is bumped by every
 * write's lock and every delete of a fact or entity, in any process, so a value is used only while
 * the user's count is still the one it was read at. A user without a count (written before counts
 * were kept) keeps nothing and is read every time. At most `users` users are kept; the one read
 * longest ago is dropped first.
 */
export class WriteKeyedCache<T> {
  private readonly values = new Map<string, { writes: number; value: T }>();

  constructor(private readonly users: number) {}

  /** The value kept of the user if it was read at this write count. */
  get(userId: string, writes: number | null): T | undefined {
    const kept = this.values.get(userId);
    return kept && writes !== null && kept.writes === writes ? kept.value : undefined;
  }

  /** Keeps the value read at this write count (nothing when the user has no count). */
  set(userId: string, writes: number | null, value: T): void {
    if (writes === null) return;
    this.values.delete(userId);
    if (this.values.size >= this.users) this.values.delete(this.values.keys().next().value as string);
    this.values.set(userId, { writes, value });
  }

  /** Forgets the user's value (every user's without one): a write changed it. */
  forget(userId?: string): void {
    if (userId === undefined) this.values.clear();
    else this.values.delete(userId);
  }
}
