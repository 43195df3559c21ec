import { DatabaseLockedError, StoreUnavailableError } from '../../model/errors.js';
import type { NewFact, TimeScope } from '../base.js';
import type { ScalarType } from '../statements.js';
import { readHolder } from './holder.js';

/**
 * Pure helpers of the LadybugDB adapter: how values are shaped into statement parameters and
 * how driver errors are turned into kgmem errors.
 */

/** Makes console results plain: safe bigints (e.g. from `sum`) become numbers. */
export function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(plainValue);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  }
  return value;
}

/**
 * One declared statement value as Ladybug takes it: a time as ISO-8601 text (the statements cast
 * it with `timestamp()`), everything else as given.
 */
export function toLadybugValue(type: ScalarType, value: unknown): unknown {
  return type === 'datetime' && value instanceof Date ? value.toISOString() : value;
}

/** Facts grouped by the values facts-create takes per batch (one group in practice). */
export function groupFacts(facts: readonly NewFact[]): NewFact[][] {
  const groups = new Map<string, NewFact[]>();
  for (const fact of facts) {
    const key = `${fact.validFrom.getTime()}|${fact.createdAt.getTime()}|${JSON.stringify(fact.episodeIds)}`;
    const group = groups.get(key);
    if (group) group.push(fact);
    else groups.set(key, [fact]);
  }
  return [...groups.values()];
}

/** The key filter of facts-incident; a dummy list keeps the parameter typed when unused. */
export function keyParams(keys: readonly string[] | undefined): { anyKey: boolean; keys: string[] } {
  return keys ? { anyKey: false, keys: [...keys] } : { anyKey: true, keys: [''] };
}

export function timeParams(time: TimeScope): { mode: string; asOf: string } {
  return {
    mode: time.mode,
    asOf: time.mode === 'asOf' ? time.asOf.toISOString() : '1970-01-01T00:00:00.000Z',
  };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function openError(path: string, error: unknown): Error {
  const message = errorMessage(error);
  if (/lock/i.test(message)) {
    const holder = readHolder(path);
    const who = holder
      ? `process ${holder.pid} (\`${holder.command}\`, since ${holder.startedAt})`
      : 'another process (a running `kgmem serve`, import, console or a program using the library)';
    const way = holder?.serverUrl
      ? `Send your requests to its API at ${holder.serverUrl} (read commands do so by themselves, and add and remember too with KGMEM_TOKEN set to its token), or stop it first.`
      : 'Stop that process first, or run `kgmem serve` as the one process and send requests to its API.';
    return new DatabaseLockedError(`The kgmem database ${path} is open in ${who}. ${way}`);
  }
  return new StoreUnavailableError(`Could not open the kgmem database ${path}: ${message}`);
}
