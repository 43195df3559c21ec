import { createHash } from 'node:crypto';
import type { EmbeddingsLike } from '../embed/base.js';
import { EMBEDDED_TURN_CHARS, episodeText } from '../model/episode-text.js';
import { InvalidInputError } from '../model/errors.js';
import type { Entity, Episode, Fact } from '../model/types.js';
import { checkUserId } from '../model/validate.js';
import type { GraphStore, RestoreBatch, RestoreReads } from '../store/base.js';
import { episodeUid } from './episode-id.js';
import type { CheckedExport } from './export-check.js';
import type { ExportedEntity, ExportedEpisode, ExportedFact, ImportSummary } from './export-format.js';
import { restoreMergeRecords } from './merge-record.js';
import type { UidMapping } from './uid-mapping.js';

// Texts embedded per request while restoring.
const EMBED_BATCH = 500;

/**
 * The uids of a restore into `target`: the file's own when it is the file's user (so importing
 * the same file again finds them), else uids derived from the target and the file's uid (another
 * user's copy gets its own uids, the same ones every time). A turn keeps the uid `remember` would
 * give it for the target, so the same turn remembered later is known.
 */
class UidMap implements UidMapping {
  private readonly turns = new Map<string, string>();

  constructor(
    private readonly from: string,
    private readonly target: string,
    episodes: readonly ExportedEpisode[],
  ) {
    for (const e of episodes) this.turns.set(e.uid, this.turnUid(e));
  }

  record(id: string): string {
    if (this.from === this.target) return id;
    const hex = createHash('sha256')
      .update(JSON.stringify([this.target, id]))
      .digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }

  /** A provenance entry: a turn of the file maps to its new uid; any other source is kept. */
  source(id: string): string {
    return this.turns.get(id) ?? id;
  }

  turn(id: string): string {
    return this.turns.get(id) ?? id;
  }

  private turnUid(e: ExportedEpisode): string {
    if (this.from === this.target) return e.uid;
    const messages = e.messages;
    if (episodeUid(this.from, e.threadId, messages) === e.uid)
      return episodeUid(this.target, e.threadId, messages);
    const at = new Date(e.at);
    if (episodeUid(this.from, e.threadId, messages, at) === e.uid)
      return episodeUid(this.target, e.threadId, messages, at);
    return `ep_${createHash('sha256')
      .update(JSON.stringify([this.target, e.uid]))
      .digest('hex')
      .slice(0, 32)}`;
  }
}

/**
 * Restores a checked export into `target` (the file's user unless renamed). Records the user
 * already holds (same uid) are left as they are, so importing the same file twice changes
 * nothing; the rest is written in one transaction with embeddings from `embeddings`. An entity
 * whose name the user already uses for another entity is a conflict: nothing is written.
 *
 * @throws InvalidInputError on a conflict with what the user holds
 */
export async function restoreExport(
  store: GraphStore,
  embeddings: EmbeddingsLike,
  checked: CheckedExport,
  target: string,
  where: string,
): Promise<ImportSummary> {
  const userId = checkUserId(target, where);
  const { document } = checked;
  const uids = new UidMap(document.userId, userId, document.episodes);
  const entities = document.entities.map((e) => toEntity(e, userId, uids));
  const facts = document.facts.map((f) => toFact(f, userId, uids));
  const episodes = document.episodes.map((e) => toEpisode(e, userId, uids));
  const mentions = document.episodes.flatMap((e) =>
    e.mentions.map((id) => ({ episodeUid: uids.turn(e.uid), entityUid: uids.record(id) })),
  );

  // Embedded before the write (outside any transaction): only what the user lacks now.
  const missing = await missingRecords(store, userId, entities, facts, episodes);
  const vectors = await embedAll(embeddings, [
    ...missing.entities.map((e) => e.name),
    ...missing.facts.map((f) => f.statement),
    ...missing.episodes.map((e) => episodeText(e.messages).slice(0, EMBEDDED_TURN_CHARS)),
  ]);
  const embedded = new Map<string, ArrayLike<number>>();
  let n = 0;
  for (const record of [...missing.entities, ...missing.facts, ...missing.episodes])
    embedded.set(record.uid, vectors[n++] as number[]);

  const summary: ImportSummary = {
    userId,
    format: checked.format,
    restored: { entities: 0, facts: 0, episodes: 0 },
    kept: { entities: 0, facts: 0, episodes: 0 },
    lacking: checked.lacking,
  };
  await store.restore(userId, async (reads) => {
    const now = await missingRecords(reads, userId, entities, facts, episodes);
    await refuseConflicts(reads, userId, now.entities, where);
    const restoring = new Set(now.episodes.map((e) => e.uid));
    const vectorOf = async (uid: string, text: string) =>
      embedded.get(uid) ?? (await embeddings.embedDocuments([text]))[0];
    const batch: RestoreBatch = {
      entities: [],
      facts: [],
      episodes: [],
      mentions: mentions.filter((m) => restoring.has(m.episodeUid)),
    };
    for (const e of now.entities)
      batch.entities.push({ ...e, embedding: (await vectorOf(e.uid, e.name)) as number[] });
    for (const f of now.facts) batch.facts.push({ ...f, vector: await vectorOf(f.uid, f.statement) });
    for (const e of now.episodes)
      batch.episodes.push({
        ...e,
        vector: await vectorOf(e.uid, episodeText(e.messages).slice(0, EMBEDDED_TURN_CHARS)),
      });
    summary.restored = {
      entities: now.entities.length,
      facts: now.facts.length,
      episodes: now.episodes.length,
    };
    summary.kept = {
      entities: entities.length - now.entities.length,
      facts: facts.length - now.facts.length,
      episodes: episodes.length - now.episodes.length,
    };
    return batch;
  });
  // Then the merges by hand that made the file's entities, each written once.
  await restoreMergeRecords(store, userId, document.merges ?? [], uids);
  return summary;
}

/** The records the user does not hold yet (by uid). */
async function missingRecords(
  reads: RestoreReads,
  userId: string,
  entities: readonly Entity[],
  facts: readonly Fact[],
  episodes: readonly Episode[],
): Promise<{ entities: Entity[]; facts: Fact[]; episodes: Episode[] }> {
  const held = async (uids: string[], read: (uids: string[]) => Promise<{ uid: string }[]>) => {
    const found = new Set<string>();
    for (let i = 0; i < uids.length; i += 10_000)
      for (const record of await read(uids.slice(i, i + 10_000))) found.add(record.uid);
    return found;
  };
  const [e, f, p] = await Promise.all([
    held(
      entities.map((x) => x.uid),
      (uids) => reads.entitiesByUids(userId, uids),
    ),
    held(
      facts.map((x) => x.uid),
      (uids) => reads.factsByUids(userId, uids),
    ),
    held(
      episodes.map((x) => x.uid),
      (uids) => reads.episodes(userId, { uids, limit: uids.length }),
    ),
  ]);
  return {
    entities: entities.filter((x) => !e.has(x.uid)),
    facts: facts.filter((x) => !f.has(x.uid)),
    episodes: episodes.filter((x) => !p.has(x.uid)),
  };
}

/** Refuses entities whose names the user already uses for other entities. */
async function refuseConflicts(
  reads: RestoreReads,
  userId: string,
  entities: readonly Entity[],
  where: string,
): Promise<void> {
  const owner = new Map<string, Entity>();
  for (const e of entities) for (const key of e.aliases) owner.set(key, e);
  const clashes: string[] = [];
  const keys = [...owner.keys()];
  for (let i = 0; i < keys.length; i += 10_000) {
    for (const [key, existing] of await reads.entitiesByKeys(userId, keys.slice(i, i + 10_000))) {
      const mine = owner.get(key);
      if (mine && existing.uid !== mine.uid) clashes.push(`"${existing.name}"`);
    }
  }
  if (clashes.length > 0) {
    throw new InvalidInputError(
      `${where}: user "${userId}" already has ${clashes.length} entit${clashes.length === 1 ? 'y' : 'ies'} of the same name${clashes.length === 1 ? '' : 's'} as the file's but another identity (${clashes.slice(0, 5).join(', ')}${clashes.length > 5 ? ', …' : ''}); import into a new user (--user <new id>) or forget "${userId}" first. Nothing was imported.`,
    );
  }
}

async function embedAll(embeddings: EmbeddingsLike, texts: readonly string[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    const batch = texts.slice(i, i + EMBED_BATCH);
    const vectors = await embeddings.embedDocuments([...batch]);
    if (vectors.length !== batch.length)
      throw new Error(`restore: the embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    out.push(...vectors);
  }
  return out;
}

/** An exported entity as stored for `userId`, its uids mapped. */
export function toEntity(e: ExportedEntity, userId: string, uids: UidMapping): Entity {
  return {
    uid: uids.record(e.uid),
    userId,
    key: e.key,
    name: e.name,
    type: e.type,
    summary: e.summary,
    aliases: [...new Set([e.key, ...e.aliases])],
    createdAt: new Date(e.createdAt),
    updatedAt: new Date(e.updatedAt),
    mentions: e.mentions,
  };
}

/** An exported fact as stored for `userId`, its uids mapped. */
export function toFact(f: ExportedFact, userId: string, uids: UidMapping): Fact {
  return {
    uid: uids.record(f.uid),
    userId,
    subjectUid: uids.record(f.subjectUid),
    subject: f.subject,
    objectUid: uids.record(f.objectUid),
    object: f.object,
    predicate: f.predicate,
    key: f.key,
    statement: f.statement,
    confidence: f.confidence,
    validFrom: new Date(f.validFrom),
    validTo: f.validTo === null ? null : new Date(f.validTo),
    createdAt: new Date(f.createdAt),
    episodeIds: f.episodeIds.map((id) => uids.source(id)),
    invalidatedBy: f.invalidatedBy === null ? null : uids.source(f.invalidatedBy),
    supersededBy: f.supersededBy === null ? null : uids.record(f.supersededBy),
    mentions: f.mentions,
    observedAt: f.observedAt.map((t) => new Date(t)),
    observedBy: f.observedBy.map((id) => uids.source(id)),
  };
}

function toEpisode(e: ExportedEpisode, userId: string, uids: UidMapping): Episode {
  return {
    uid: uids.turn(e.uid),
    userId,
    threadId: e.threadId,
    messages: e.messages.map((m) => ({ ...m })),
    contentHash: e.contentHash,
    summary: e.summary,
    at: new Date(e.at),
    status: e.status,
    error: e.error,
  };
}
