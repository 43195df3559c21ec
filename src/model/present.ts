import type { Fact } from './types.js';

/** A date as its UTC day, `YYYY-MM-DD`: how every surface shows when a fact or turn held. */
export function isoDay(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/**
 * One fact as a line for a model or a person: its statement, since when it holds (and until when,
 * if closed) and its uid (for corrections and forgetting). The LangGraph and MCP tools share it.
 */
export function factLine(fact: Pick<Fact, 'statement' | 'uid' | 'validFrom' | 'validTo'>): string {
  const until = fact.validTo ? `, until ${isoDay(fact.validTo)}` : '';
  return `${fact.statement} (since ${isoDay(fact.validFrom)}${until}; uid ${fact.uid})`;
}
