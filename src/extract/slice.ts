import { EXTRACTION_CHUNK_CHARS, EXTRACTION_CONTEXT_CHARS } from '../model/limits.js';
import type { ConversationMessage } from './base.js';

/**
 * What the extractor reads of a turn, as one message list per request. The episode keeps the
 * turn whole; extraction reads the user's messages in full and each assistant message's first
 * {@link EXTRACTION_CONTEXT_CHARS} characters (the reply is context: facts come from what the
 * user says). Up to {@link EXTRACTION_CHUNK_CHARS} characters of user text this is one request;
 * a longer user text is cut at sentence (or, failing that, word) boundaries into chunks of at
 * most that size, each sent with the same assistant context, one request each.
 */
export function extractionSlices(messages: readonly ConversationMessage[]): ConversationMessage[][] {
  const context = messages
    .filter((m) => m.role === 'assistant')
    .map((m) => ({ ...m, content: shorten(m.content, EXTRACTION_CONTEXT_CHARS) }));
  const user = messages.filter((m) => m.role === 'user');
  const total = user.reduce((sum, m) => sum + m.content.length, 0);
  if (total <= EXTRACTION_CHUNK_CHARS) return [[...withOrder(messages, context)]];
  const slices: ConversationMessage[][] = [];
  for (const message of user) {
    for (const chunk of chunkText(message.content, EXTRACTION_CHUNK_CHARS)) {
      slices.push([...context, { ...message, content: chunk }]);
    }
  }
  return slices;
}

/** The turn in its own order, assistant messages shortened. */
function withOrder(
  messages: readonly ConversationMessage[],
  context: readonly ConversationMessage[],
): ConversationMessage[] {
  let next = 0;
  return messages.map((m) => (m.role === 'assistant' ? (context[next++] ?? m) : m));
}

/** Cuts text into pieces of at most `size` characters at sentence, line or word boundaries. */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const cut = lastBoundary(window);
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) chunks.push(rest);
  return chunks;
}

function lastBoundary(window: string): number {
  const half = Math.floor(window.length / 2);
  for (const pattern of [/[.!?]\s+/g, /\n+/g, /\s+/g]) {
    let best = -1;
    for (const match of window.matchAll(pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      if (end >= half) best = end;
    }
    if (best > 0) return best;
  }
  return window.length;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} […]`;
}
