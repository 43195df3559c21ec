import { InvalidInputError } from '../model/errors.js';
import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import type { CheckedTriple } from '../model/triple.js';
import { checkDate } from '../model/validate.js';
import type { TimeScope } from '../store/base.js';

/** Refuses a triple whose subject, object or predicate has no letters or digits. */
export function checkKeys(triple: CheckedTriple, index: number, where: string): void {
  for (const [field, value] of [
    ['subject', triple.subject],
    ['object', triple.object],
  ] as const) {
    if (entityKeyOf(value).length === 0) {
      throw new InvalidInputError(
        `${where} (triple #${index + 1}): ${field} "${value}" has no letters or digits`,
      );
    }
  }
  if (normalizePredicate(triple.predicate).length === 0) {
    throw new InvalidInputError(
      `${where} (triple #${index + 1}): predicate "${triple.predicate}" has no letters or digits`,
    );
  }
}

/** An integer within bounds, or an error naming the field and the bounds. */
export function checkInteger(value: unknown, field: string, min: number, max: number, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(
      `${where}: ${field} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

/** The time scope of a read: history, a point in time, or what holds now. */
export function timeScope(
  includeHistory: boolean | undefined,
  asOf: Date | string | undefined,
  where: string,
): TimeScope {
  if (includeHistory) return { mode: 'all' };
  if (asOf !== undefined) return { mode: 'asOf', asOf: checkDate(asOf, 'asOf', where) };
  return { mode: 'current' };
}
