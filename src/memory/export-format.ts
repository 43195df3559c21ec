import type { MergeLogEntry } from './merge-record.js';
/**
 * The backup format of one user's memory, `kgmem-export/2`: what `kgmem export` writes and
 * `kgmem import` restores. It holds everything a user's memory is, with its uids, so that a
 * restore is exact and importing the same file twice changes nothing:
 *
 * - `entities`: name, lookup key and aliases, type, summary, when created and last said, mentions;
 * - `facts`: both ends, predicate as said and normalised, the statement, confidence, validity
 *   (`validFrom`, `validTo`, what closed it, what superseded it), when written, provenance (the
 *   turns or sources that said it), mentions and each observation's time and source;
 * - `episodes` (the stored turns): messages exactly as sent, thread, time, extraction status and
 *   failure reason, summary, and the entities the turn mentioned.
 *
 * Embeddings are not exported: they are derived, and the importing memory computes them with its
 * own embedder (which may differ from the one that wrote the export). Times are ISO 8601 UTC.
 * Lists are sorted (entities by creation, facts by start, turns by time; uid breaks ties), so
 * exporting the same memory twice gives the same file but for `exportedAt`.
 */

/** The format tag of the current export version. */
export const EXPORT_FORMAT = 'kgmem-export/2';

/** The first export version: facts as triples with their validity only (still imported). */
export const EXPORT_FORMAT_V1 = 'kgmem-export/1';

/** Fields of an export that differ between two exports of the same memory. */
export const VOLATILE_EXPORT_FIELDS = ['exportedAt'] as const;

/** An entity as exported. */
export interface ExportedEntity {
  uid: string;
  key: string;
  name: string;
  type: string;
  summary: string;
  /** Every lookup key of the entity, its own key included. */
  aliases: string[];
  createdAt: string;
  updatedAt: string;
  mentions: number;
}

/** A fact as exported. */
export interface ExportedFact {
  uid: string;
  subjectUid: string;
  objectUid: string;
  /** The subject's name, for readers of the file (the uid is what a restore uses). */
  subject: string;
  /** The object's name, for readers of the file. */
  object: string;
  predicate: string;
  key: string;
  statement: string;
  confidence: number;
  validFrom: string;
  validTo: string | null;
  createdAt: string;
  episodeIds: string[];
  invalidatedBy: string | null;
  supersededBy: string | null;
  mentions: number;
  observedAt: string[];
  observedBy: string[];
}

/** A stored turn as exported. */
export interface ExportedEpisode {
  uid: string;
  threadId: string;
  at: string;
  status: 'pending' | 'extracted' | 'failed';
  error: string;
  summary: string;
  contentHash: string;
  messages: { role: 'user' | 'assistant' | 'system' | 'tool'; content: string; name?: string }[];
  /** The uids of the entities the turn mentioned. */
  mentions: string[];
}

/** One user's memory as `kgmem export` writes it. */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  userId: string;
  /** How many records each list holds (checked on import). */
  counts: { entities: number; facts: number; episodes: number };
  entities: ExportedEntity[];
  facts: ExportedFact[];
  episodes: ExportedEpisode[];
  /** The user's own versions of agents' instructions, oldest first (absent in older files). */
  instructions?: ExportedInstructions[];
  /** The user's merges by hand, oldest first, each with what a split needs to undo it (absent in older files). */
  merges?: MergeLogEntry[];
}

/** One version of an agent's instructions for the exported user. */
export interface ExportedInstructions {
  agentId: string;
  /** The version's own id: importing the same file again finds it. */
  key: string;
  text: string;
  reason: string;
  at: string;
}

/** What an import of an export did. */
export interface ImportSummary {
  /** The user the records were restored to. */
  userId: string;
  /** The export's version. */
  format: string;
  /** Records written by this import, per kind. */
  restored: { entities: number; facts: number; episodes: number };
  /** Records the user already held (the same uids): left as they are. */
  kept: { entities: number; facts: number; episodes: number };
  /** What the file could not restore (older formats hold less). */
  lacking: string[];
}
