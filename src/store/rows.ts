import type { Entity, Episode, EpisodeStatus, Fact } from '../model/types.js';
import type { FactTimelineRef, StoredItem } from './base.js';
import { readObservations } from './observations.js';

/** A result row as a driver returns it (after conversion to plain values). */
export type Row = Record<string, unknown>;

/**
 * A time from a row: a `Date`, milliseconds since the epoch (Neo4j's hot reads return
 * `epochMillis`, far cheaper for the driver to decode than a DateTime) or an ISO-8601 string.
 */
function asDate(value: unknown): Date {
  if (value instanceof Date) return value;
  return typeof value === 'number' ? new Date(value) : new Date(String(value));
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** Maps an entity row (the columns of `entities-*.cypher`) to an {@link Entity}. */
export function entityFromRow(row: Row, userId: string): Entity {
  return {
    uid: String(row.uid),
    userId,
    key: String(row.key),
    name: String(row.name),
    type: String(row.type ?? ''),
    summary: String(row.summary ?? ''),
    aliases: asStrings(row.aliases),
    createdAt: asDate(row.createdAt),
    updatedAt: asDate(row.updatedAt),
    mentions: Number(row.mentions ?? 0),
  };
}

/** Maps a fact row (the columns of `facts-*.cypher`) to a {@link Fact}. */
export function factFromRow(row: Row, userId: string): Fact {
  const validFrom = asDate(row.validFrom);
  const episodeIds = asStrings(row.episodeIds);
  return {
    uid: String(row.uid),
    userId,
    subjectUid: String(row.subjectUid),
    subject: String(row.subject),
    objectUid: String(row.objectUid),
    object: String(row.object),
    predicate: String(row.predicate),
    key: String(row.key),
    statement: String(row.statement),
    confidence: Number(row.confidence ?? 1),
    validFrom,
    validTo: row.validTo === null || row.validTo === undefined ? null : asDate(row.validTo),
    createdAt: asDate(row.createdAt),
    episodeIds,
    invalidatedBy: optionalString(row.invalidatedBy),
    supersededBy: optionalString(row.supersededBy),
    mentions: Number(row.mentions ?? 1),
    ...readObservations(row.observedAt, row.observedBy, validFrom, episodeIds),
  };
}

function optionalString(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

/** Encodes the primary key of an EntityKey node: unambiguous for any user id and key. */
export function entityKeyId(userId: string, key: string): string {
  return JSON.stringify([userId, key]);
}

/**
 * The id of a fact's stored statement embedding on the embedded backend (`FactVector.id`): the
 * user and the fact's uid, as a fact uid is unique only within its user (a restore under another
 * id keeps them).
 */
export function factVectorId(userId: string, factUid: string): string {
  return JSON.stringify([userId, factUid]);
}

/** Maps an episode row (the columns of `episodes-*.cypher`) to an {@link Episode}. */
export function episodeFromRow(row: Row, userId: string): Episode {
  let messages: Episode['messages'] = [];
  try {
    messages = JSON.parse(String(row.messages ?? '[]')) as Episode['messages'];
  } catch {
    // A hand-edited row: keep the episode readable rather than failing the listing.
  }
  return {
    uid: String(row.uid),
    userId,
    threadId: String(row.threadId ?? ''),
    messages,
    contentHash: String(row.contentHash ?? ''),
    summary: String(row.summary ?? ''),
    at: asDate(row.at),
    status: String(row.status) as EpisodeStatus,
    error: String(row.error ?? ''),
  };
}

/** Maps a timeline row (`facts-from.cypher`) to a {@link FactTimelineRef}. */
export function factTimelineFromRow(row: Row): FactTimelineRef {
  const validFrom = asDate(row.validFrom);
  const episodeIds = asStrings(row.episodeIds);
  return {
    uid: String(row.uid),
    subjectUid: String(row.subjectUid),
    objectUid: String(row.objectUid),
    key: String(row.key),
    predicate: String(row.predicate),
    statement: String(row.statement),
    confidence: Number(row.confidence ?? 1),
    validFrom,
    validTo: row.validTo === null || row.validTo === undefined ? null : asDate(row.validTo),
    invalidatedBy: optionalString(row.invalidatedBy),
    supersededBy: optionalString(row.supersededBy),
    episodeIds,
    mentions: Number(row.mentions ?? 1),
    ...readObservations(row.observedAt, row.observedBy, validFrom, episodeIds),
  };
}

/** A LangGraph store item from a row of the `items-*` statements. */
export function storedItemFromRow(row: Row): StoredItem {
  return {
    id: String(row.id),
    userId: String(row.userId),
    path: String(row.path),
    key: String(row.key),
    value: String(row.value),
    vectors: String(row.vectors),
    createdAt: asDate(row.createdAt),
    updatedAt: asDate(row.updatedAt),
    seq: Number(row.seq),
  };
}
