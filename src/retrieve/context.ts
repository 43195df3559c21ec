import type { RecalledEpisode, RecalledFact } from '../model/types.js';

/** Options of {@link formatContext}. */
export interface ContextOptions {
  /** Character budget of the whole block. */
  maxChars: number;
  /** Set when recalling at a point in time. */
  asOf?: Date;
  includeHistory?: boolean;
}

// Share of the budget facts may fill before turns get theirs (facts are denser).
const FACT_SHARE = 0.6;

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Formats recalled facts and conversation turns as a compact block for a system prompt: facts
 * first (up to 60% of the budget while turns wait), then the best turns quoted with their date
 * and thread, then any facts that still fit; nothing past the character budget. Closed facts
 * (history) say when they stopped being true.
 */
export function formatContext(
  facts: readonly RecalledFact[],
  episodes: readonly RecalledEpisode[],
  options: ContextOptions,
): string {
  const header = options.asOf
    ? `Relevant facts from memory, as of ${day(options.asOf)}:`
    : options.includeHistory
      ? 'Relevant facts from memory (with history):'
      : 'Relevant facts from memory:';
  const factLines = facts.map((fact) => {
    const when = fact.validTo ? ` (${day(fact.validFrom)} to ${day(fact.validTo)}, no longer true)` : '';
    return `\n- ${fact.statement}${when}`;
  });
  const turnLines = episodes.map(
    (e) => `\n- [${day(e.at)}, ${e.threadId}] ${e.excerpt.replace(/\s*\n\s*/g, ' / ')}`,
  );
  const chosen = { facts: [] as string[], turns: [] as string[] };
  const render = () => {
    const factPart = chosen.facts.length > 0 ? header + chosen.facts.join('') : '';
    const turnPart = chosen.turns.length > 0 ? `Relevant conversation turns:${chosen.turns.join('')}` : '';
    return factPart && turnPart ? `${factPart}\n${turnPart}` : factPart + turnPart;
  };
  // Adds lines in order while the block stays within `cap`; stops at the first that does not fit.
  const fill = (lines: readonly string[], into: string[], cap: number) => {
    for (const line of lines) {
      into.push(line);
      if (render().length > cap) {
        into.pop();
        return;
      }
    }
  };
  fill(factLines, chosen.facts, episodes.length > 0 ? options.maxChars * FACT_SHARE : options.maxChars);
  fill(turnLines, chosen.turns, options.maxChars);
  fill(factLines.slice(chosen.facts.length), chosen.facts, options.maxChars);
  return render();
}
