import type { KnowledgeTriple, Triple } from '../model/triple.js';

/** Query parameters of a GET (undefined ones are left out). */
export type Query = Record<string, string | number | undefined>;

// Fields the API sends as ISO strings that the library's types hold as dates.
const DATE_FIELDS = new Set(['validFrom', 'validTo', 'createdAt', 'updatedAt', 'at']);

/** Triples as the API takes them (a `KnowledgeTriple`'s `object_` as `object`). */
export function wireTriples(triples: readonly (Triple | KnowledgeTriple)[]) {
  return triples.map((t) => ({
    subject: t.subject,
    predicate: t.predicate,
    object: 'object' in t ? t.object : t.object_,
  }));
}

/** JSON.parse's reviver: the library's date fields back as `Date`s. */
export function reviveDates(key: string, value: unknown): unknown {
  if (DATE_FIELDS.has(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return new Date(value);
  if (key === 'observedAt' && Array.isArray(value))
    return value.map((v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : v));
  return value;
}

/** A date as a query parameter (ISO 8601). */
export function dateParam(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value instanceof Date ? value.toISOString() : value;
}

/** Encodes one path segment. */
export const enc = encodeURIComponent;
