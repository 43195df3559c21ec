import { isoDay } from '../model/present.js';
import type { RecalledEpisode, RecalledFact } from '../model/types.js';
import { OFFLINE_RECIPE } from './recipe.js';

/** Options of {@link formatContext}. */
export interface ContextOptions {
  /** Character budget of the whole block. */
  maxChars: number;
  /** Set when recalling at a point in time. */
  asOf?: Date;
  includeHistory?: boolean;
  /** Share of the budget facts may fill before turns get theirs (facts are denser). @default the offline recipe's */
  factShare?: number;
}

/**
 * When a fact held, said for a reader of the block. Now: nothing for a current fact, and a closed
 * one (history) says it is no longer true. As of a date: a fact true then says since when, and,
 * when it changed after that date, until when; it was true at the date asked, so it is not called
 * "no longer true".
 */
function validity(fact: RecalledFact, asOf: Date | undefined): string {
  if (fact.validTo && fact.validTo.getTime() === fact.validFrom.getTime())
    // Said as over ("I used to live in Lisbon"): it held before it was said, nobody knows since when.
    // Otherwise a correction retracted the wrong value where it opened: it never held.
    return fact.supersededBy === null
      ? ` (said on ${isoDay(fact.validTo)} to be over: no longer true)`
      : ' (retracted: it was never true)';
  if (asOf) {
    if (fact.validTo && fact.validTo.getTime() <= asOf.getTime())
      return ` (${isoDay(fact.validFrom)} to ${isoDay(fact.validTo)}, no longer true then)`;
    return fact.validTo
      ? ` (true then: from ${isoDay(fact.validFrom)} until ${isoDay(fact.validTo)})`
      : ` (true then: since ${isoDay(fact.validFrom)})`;
  }
  return fact.validTo ? ` (${isoDay(fact.validFrom)} to ${isoDay(fact.validTo)}, no longer true)` : '';
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
  return contextBlock(facts, episodes, options).text;
}

/** The context block and the uids of the facts and turns it quotes (see {@link formatContext}). */
export function contextBlock(
  facts: readonly RecalledFact[],
  episodes: readonly RecalledEpisode[],
  options: ContextOptions,
): { text: string; facts: string[]; episodes: string[] } {
  const header = options.asOf
    ? `Relevant facts from memory, as of ${isoDay(options.asOf)}:`
    : options.includeHistory
      ? 'Relevant facts from memory (with history):'
      : 'Relevant facts from memory:';
  const factLines = facts.map((fact) => `\n- ${fact.statement}${validity(fact, options.asOf)}`);
  const turnLines = episodes.map(
    (e) => `\n- [${isoDay(e.at)}, ${e.threadId}] ${e.excerpt.replace(/\s*\n\s*/g, ' / ')}`,
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
  fill(
    factLines,
    chosen.facts,
    episodes.length > 0
      ? options.maxChars * (options.factShare ?? OFFLINE_RECIPE.factShare)
      : options.maxChars,
  );
  fill(turnLines, chosen.turns, options.maxChars);
  fill(factLines.slice(chosen.facts.length), chosen.facts, options.maxChars);
  // Lines are taken in order, each list from its start: the quoted ones are a prefix.
  return {
    text: render(),
    facts: facts.slice(0, chosen.facts.length).map((f) => f.uid),
    episodes: episodes.slice(0, chosen.turns.length).map((e) => e.uid),
  };
}
