import type { Episode } from './types.js';

/** Characters of a turn that are embedded (the whole turn stays searchable by full text). */
export const EMBEDDED_TURN_CHARS = 8_000;

/** The searchable text of a turn: its messages' contents, one per line. */
export function episodeText(messages: Episode['messages']): string {
  return messages.map((m) => m.content).join('\n');
}
