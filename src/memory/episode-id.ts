import { createHash } from 'node:crypto';
import type { ConversationMessage } from '../extract/base.js';

/**
 * The uid of an episode: a hash of user, thread and messages, so the same turn sent twice maps
 * to the same episode (idempotent `remember`) and is found by a primary-key lookup.
 */
export function episodeUid(
  userId: string,
  threadId: string,
  messages: readonly ConversationMessage[],
): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([userId, threadId, messages.map((m) => [m.role, m.content])]))
    .digest('hex');
  return `ep_${hash.slice(0, 32)}`;
}

/** Hash of thread and messages only (stored on the episode for analysts). */
export function contentHash(threadId: string, messages: readonly ConversationMessage[]): string {
  return createHash('sha256')
    .update(JSON.stringify([threadId, messages.map((m) => [m.role, m.content])]))
    .digest('hex');
}
