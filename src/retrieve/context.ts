import type { RecalledFact } from '../model/types.js';

/** Options of {@link formatContext}. */
export interface ContextOptions {
  /** Character budget of the whole block. */
  maxChars: number;
  /** Set when recalling at a point in time. */
  asOf?: Date;
  includeHistory?: boolean;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Formats recalled facts as a compact block for a system prompt: a header and one line per
 * fact, best first, stopping before the character budget is exceeded. Closed facts (history)
 * say when they stopped being true.
 */
export function formatContext(facts: readonly RecalledFact[], options: ContextOptions): string {
  if (facts.length === 0) return '';
  const header = options.asOf
    ? `Relevant facts from memory, as of ${day(options.asOf)}:`
    : options.includeHistory
      ? 'Relevant facts from memory (with history):'
      : 'Relevant facts from memory:';
  let text = header;
  for (const fact of facts) {
    const when = fact.validTo ? ` (${day(fact.validFrom)} to ${day(fact.validTo)}, no longer true)` : '';
    const line = `\n- ${fact.statement}${when}`;
    if (text.length + line.length > options.maxChars) break;
    text += line;
  }
  return text === header ? '' : text;
}
