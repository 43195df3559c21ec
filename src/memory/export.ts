import type { Entity, Episode, Fact } from '../model/types.js';
import { compareUids } from '../retrieve/order.js';
import type { GraphStore } from '../store/base.js';
import {
  EXPORT_FORMAT,
  type ExportDocument,
  type ExportedEntity,
  type ExportedEpisode,
  type ExportedFact,
} from './export-format.js';
import { exportInstructions } from './instructions.js';
import { mergeRecords } from './merge-record.js';

// Every record of a user is read: these bound the reads, not the memory.
const ALL = 1_000_000_000;

/**
 * One user's whole memory as a `kgmem-export/2` document (see `export-format.ts`): entities,
 * facts with their history and provenance, and every stored turn, each list in a fixed order.
 */
export async function exportUser(store: GraphStore, userId: string): Promise<ExportDocument> {
  const [entities, facts, episodes, mentions, instructions, merges] = await Promise.all([
    store.listEntities(userId, ALL),
    store.listFacts(userId, { time: { mode: 'all' }, limit: ALL }),
    store.episodes(userId, { limit: ALL }),
    store.episodeMentions(userId),
    exportInstructions(store, userId),
    mergeRecords(store, userId),
  ]);
  const byTime =
    <T extends { uid: string }>(time: (item: T) => Date) =>
    (a: T, b: T) =>
      time(a).getTime() - time(b).getTime() || compareUids(a.uid, b.uid);
  const exportedEntities = [...entities].sort(byTime((e) => e.createdAt)).map(entityRecord);
  const exportedFacts = [...facts].sort(byTime((f) => f.validFrom)).map(factRecord);
  const exportedEpisodes = [...episodes]
    .sort(byTime((e) => e.at))
    .map((e) => episodeRecord(e, mentions.get(e.uid) ?? []));
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    userId,
    counts: {
      entities: exportedEntities.length,
      facts: exportedFacts.length,
      episodes: exportedEpisodes.length,
    },
    entities: exportedEntities,
    facts: exportedFacts,
    episodes: exportedEpisodes,
    ...(instructions.length ? { instructions } : {}),
    ...(merges.length ? { merges } : {}),
  };
}

/** An entity as an export holds it. */
export function entityRecord(e: Entity): ExportedEntity {
  return {
    uid: e.uid,
    key: e.key,
    name: e.name,
    type: e.type,
    summary: e.summary,
    aliases: [...e.aliases].sort(),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    mentions: e.mentions,
  };
}

/** A fact as an export holds it. */
export function factRecord(f: Fact): ExportedFact {
  return {
    uid: f.uid,
    subjectUid: f.subjectUid,
    objectUid: f.objectUid,
    subject: f.subject,
    object: f.object,
    predicate: f.predicate,
    key: f.key,
    statement: f.statement,
    confidence: f.confidence,
    validFrom: f.validFrom.toISOString(),
    validTo: f.validTo ? f.validTo.toISOString() : null,
    createdAt: f.createdAt.toISOString(),
    episodeIds: [...f.episodeIds],
    invalidatedBy: f.invalidatedBy,
    supersededBy: f.supersededBy,
    mentions: f.mentions,
    observedAt: f.observedAt.map((t) => t.toISOString()),
    observedBy: [...f.observedBy],
  };
}

function episodeRecord(e: Episode, mentions: readonly string[]): ExportedEpisode {
  return {
    uid: e.uid,
    threadId: e.threadId,
    at: e.at.toISOString(),
    status: e.status,
    error: e.error,
    summary: e.summary,
    contentHash: e.contentHash,
    messages: e.messages.map((m) => ({ ...m })),
    mentions: [...mentions].sort(),
  };
}
