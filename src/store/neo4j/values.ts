import neo4j from 'neo4j-driver';
import { type ScalarType, typedParams } from '../statements.js';

type Temporal = { year: unknown; month: unknown; day: unknown };
type LocalDateTimeValue = Temporal & { hour: unknown; minute: unknown; second: unknown; nanosecond: unknown };

/**
 * Converts values coming out of Neo4j to plain JavaScript at the boundary: a DateTime to the
 * `Date` of its instant (the driver's own conversion, whatever its zone), a LocalDateTime or a
 * Date as UTC (kgmem writes only UTC instants), integers to `number` (the driver is also
 * configured for native numbers), nodes and relationships to their properties, lists and maps
 * recursively.
 */
export function fromNeo4j(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  if (neo4j.isDateTime(value)) return (value as { toStandardDate(): Date }).toStandardDate();
  if (neo4j.isLocalDateTime(value)) {
    const t = value as unknown as LocalDateTimeValue;
    const utc = Date.UTC(
      num(t.year),
      num(t.month) - 1,
      num(t.day),
      num(t.hour),
      num(t.minute),
      num(t.second),
      Math.floor(num(t.nanosecond) / 1e6),
    );
    return new Date(utc);
  }
  if (neo4j.isDate(value)) {
    const t = value as unknown as Temporal;
    return new Date(Date.UTC(num(t.year), num(t.month) - 1, num(t.day)));
  }
  if (Array.isArray(value)) return value.map(fromNeo4j);
  if (typeof value === 'object') {
    const v = value as { properties?: unknown; labels?: unknown; type?: unknown };
    // Nodes and relationships (console results): their properties.
    if (v.properties && (v.labels || v.type)) return fromNeo4j(v.properties);
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, x]) => [k, fromNeo4j(x)]),
    );
  }
  return value;
}

/**
 * Converts a named statement's parameters for the driver from the statement's declaration
 * (`src/store/statements.ts`): integers become Neo4j Integers, times DateTimes in UTC, vectors
 * plain lists of floats; anything undeclared or of the wrong kind is refused with the
 * statement's name.
 */
export function toNeo4jParams(name: string, params: Record<string, unknown>): Record<string, unknown> {
  return typedParams(name, params, toNeo4jValue);
}

/** One declared value as the driver must send it. */
export function toNeo4jValue(type: ScalarType, value: unknown): unknown {
  switch (type) {
    case 'integer':
      return neo4j.int(value as number);
    case 'datetime':
      return utcDateTime(value instanceof Date ? value : new Date(value as string));
    case 'vector':
      if (typeof value === 'string')
        throw new Error('kgmem: a vector for Neo4j must be a list of numbers, not list text');
      return value === null ? null : Array.from(value as ArrayLike<number>);
    default:
      return value;
  }
}

/** A `Date` as a Neo4j DateTime at offset zero (the instant, not the local wall clock). */
export function utcDateTime(date: Date): unknown {
  const ms = date.getTime();
  return new neo4j.types.DateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    (((ms % 1000) + 1000) % 1000) * 1e6,
    0,
  );
}

/** Console parameters: whole numbers given on the command line are integers. */
export function consoleParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'number' && Number.isInteger(value) ? neo4j.int(value) : value,
    ]),
  );
}

function num(value: unknown): number {
  return neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value);
}
