import { createHash } from 'node:crypto';
import type { ConversationMessage } from '../extract/base.js';

/**
 * The uid of an episode: a hash of user, thread and messages (and of the time, when the caller
 * gave one), so the same turn sent twice maps to the same episode (idempotent `remember`) and is
 * found by a primary-key lookup, while the same words said again at another given time ("Thanks!")
 * are a turn of their own.
 */
export function episodeUid(
  userId: string,
  threadId: string,
  messages: readonly ConversationMessage[],
  at?: Date,
): string {
  const parts: unknown[] = [userId, threadId, messages.map((m) => [m.role, m.content])];
  if (at) parts.push(at.toISOString());
  const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  return `ep_${hash.slice(0, 32)}`;
}

/** Hash of thread and messages only (stored on the episode for analysts). */
export function contentHash(threadId: string, messages: readonly ConversationMessage[]): string {
  return createHash('sha256')
    .update(JSON.stringify([threadId, messages.map((m) => [m.role, m.content])]))
    .digest('hex');
}
