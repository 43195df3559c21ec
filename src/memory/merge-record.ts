import type { GraphStore } from '../store/base.js';
import type { StoredItem } from '../store/records.js';
import { mergeLogSchema } from './export-check.js';
import type { ExportedEntity, ExportedFact } from './export-format.js';
import type { UidMapping } from './uid-mapping.js';

/**
 * What one merge of entities did, kept so that it can be read back and undone: the entity merged
 * away as it was, every fact the merge changed as it was before, and which of them moved, were
 * absorbed into an identical fact or were closed by the temporal rules. A split of the merged
 * name undoes it and marks the record `undone`.
 */
export interface MergeRecord {
  kind: 'merge';
  /** The merge's own id (also in `invalidatedBy` of the facts it closed: `merge:<id>`). */
  id: string;
  /** When it was done (ISO 8601). */
  at: string;
  /** Why ("by hand" unless a reason was given). */
  reason: string;
  /** The entity that stayed, and its name then. */
  keepUid: string;
  keepName: string;
  /** Its lookup keys before the merge (the merged entity's keys are the ones a split takes back). */
  keepAliases: string[];
  /** The entity merged into it, as it was. */
  other: ExportedEntity;
  /** Every fact the merge changed, as it was before. */
  before: ExportedFact[];
  /** Facts that touched the merged entity and now touch the one that stayed. */
  moved: string[];
  /** Moved facts that said what a current fact of the one that stayed said: counted into it. */
  absorbed: { uid: string; into: string }[];
  /** Facts closed because the merge left two current values of a functional predicate. */
  closed: string[];
  /** Turns that mentioned the merged entity, and those of them that did not mention the other. */
  mentions: { episodes: string[]; onlyOther: string[] };
  /** When a split undid it, or `null`. */
  undoneAt: string | null;
}

/**
 * A name that joined an existing entity as it was written (resolution found it a variant of the
 * entity's name, or its embedding close to it): kept with its reason and time. A split of the
 * name marks it `undone`.
 */
export interface NameJoinRecord {
  kind: 'join';
  id: string;
  /** When (ISO 8601): the time of the write that said it. */
  at: string;
  reason: 'variant' | 'similarity';
  /** The name's lookup key, and the name as said. */
  alias: string;
  name: string;
  entityUid: string;
  entityName: string;
  undoneAt: string | null;
}

/** One entry of a user's merge history: a merge by hand, or a name that joined as written. */
export type MergeLogEntry = MergeRecord | NameJoinRecord;

/** The record of a name that joined an entity in a write (`Resolution.joins`). */
export function nameJoinRecord(
  id: string,
  at: Date,
  join: Pick<NameJoinRecord, 'reason' | 'alias' | 'name' | 'entityUid' | 'entityName'>,
): NameJoinRecord {
  return { kind: 'join', id, at: at.toISOString(), ...join, undoneAt: null };
}

// Merge records live beside the LangGraph store items, under a path no store namespace can take
// (namespace labels are URI-encoded, so they never start with "#").
const ROOT = '#merges/';

function pathOf(userId: string): string {
  return `${ROOT}u=${encodeURIComponent(userId)}/`;
}

/** The store item that holds a merge record (written in the merge's own transaction). */
export function mergeRecordItem(
  userId: string,
  record: MergeLogEntry,
  seq: number,
): Omit<StoredItem, 'createdAt' | 'updatedAt'> {
  const path = pathOf(userId);
  return {
    id: `${path}${record.id}`,
    userId,
    path,
    key: record.id,
    value: JSON.stringify(record),
    vectors: '{}',
    seq,
  };
}

/** A user's merge history, oldest first (undone entries included). */
export async function mergeRecords(store: GraphStore, userId: string): Promise<MergeLogEntry[]> {
  const items = await store.itemsUnder(pathOf(userId));
  return items
    .filter((item) => item.userId === userId)
    .map((item) => ({ seq: item.seq, record: mergeLogSchema.parse(JSON.parse(item.value)) as MergeLogEntry }))
    .sort((a, b) => Date.parse(a.record.at) - Date.parse(b.record.at) || a.seq - b.seq)
    .map(({ record }) => record);
}

/** A merge record of another user's export, its uids mapped as the restore maps them. */
export function remapMergeRecord(record: MergeLogEntry, uids: UidMapping): MergeLogEntry {
  if (record.kind === 'join') return { ...record, entityUid: uids.record(record.entityUid) };
  const fact = (f: ExportedFact): ExportedFact => ({
    ...f,
    uid: uids.record(f.uid),
    subjectUid: uids.record(f.subjectUid),
    objectUid: uids.record(f.objectUid),
    episodeIds: f.episodeIds.map((id) => uids.source(id)),
    invalidatedBy: f.invalidatedBy === null ? null : uids.source(f.invalidatedBy),
    supersededBy: f.supersededBy === null ? null : uids.record(f.supersededBy),
    observedBy: f.observedBy.map((id) => uids.source(id)),
  });
  return {
    ...record,
    keepUid: uids.record(record.keepUid),
    other: { ...record.other, uid: uids.record(record.other.uid) },
    before: record.before.map(fact),
    moved: record.moved.map((id) => uids.record(id)),
    absorbed: record.absorbed.map((a) => ({ uid: uids.record(a.uid), into: uids.record(a.into) })),
    closed: record.closed.map((id) => uids.record(id)),
    mentions: {
      episodes: record.mentions.episodes.map((id) => uids.turn(id)),
      onlyOther: record.mentions.onlyOther.map((id) => uids.turn(id)),
    },
  };
}

/**
 * Writes an export's merge records for `userId`, each under its own id (importing the same file
 * again changes nothing).
 */
export async function restoreMergeRecords(
  store: GraphStore,
  userId: string,
  records: readonly MergeLogEntry[],
  uids: UidMapping,
): Promise<void> {
  let seq = (await store.maxItemSeq()) + 1;
  for (const record of records) {
    const item = mergeRecordItem(userId, remapMergeRecord(record, uids), seq++);
    if ((await store.itemsByIds([item.id])).length === 0) await store.putItems([item], new Date(record.at));
  }
}
