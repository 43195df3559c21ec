import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EmbeddingsLike } from '../embed/base.js';
import { EMBEDDED_TURN_CHARS, episodeText } from '../model/episode-text.js';
import { InvalidInputError } from '../model/errors.js';
import type { Entity, Episode, Fact } from '../model/types.js';
import { checkUserId } from '../model/validate.js';
import type { GraphStore, RestoreBatch, RestoreReads } from '../store/base.js';
import { episodeUid } from './episode-id.js';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_V1,
  type ExportDocument,
  type ExportedEntity,
  type ExportedEpisode,
  type ExportedFact,
  type ImportSummary,
} from './export-format.js';

// Texts embedded per request while restoring.
const EMBED_BATCH = 500;

const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not an ISO 8601 time');
const uid = z.string().min(1).max(200);
const role = z.enum(['user', 'assistant', 'system', 'tool']);

const entitySchema = z.strictObject({
  uid,
  key: z.string().min(1),
  name: z.string().min(1),
  type: z.string(),
  summary: z.string(),
  aliases: z.array(z.string().min(1)).min(1),
  createdAt: iso,
  updatedAt: iso,
  mentions: z.number().int().min(0),
});

const factSchema = z.strictObject({
  uid,
  subjectUid: uid,
  objectUid: uid,
  subject: z.string(),
  object: z.string(),
  predicate: z.string().min(1),
  key: z.string().min(1),
  statement: z.string(),
  confidence: z.number().min(0).max(1),
  validFrom: iso,
  validTo: iso.nullable(),
  createdAt: iso,
  episodeIds: z.array(z.string()),
  invalidatedBy: z.string().nullable(),
  supersededBy: z.string().nullable(),
  mentions: z.number().int().min(0),
  observedAt: z.array(iso).min(1),
  observedBy: z.array(z.string()).min(1),
});

const episodeSchema = z.strictObject({
  uid,
  threadId: z.string().min(1),
  at: iso,
  status: z.enum(['pending', 'extracted', 'failed']),
  error: z.string(),
  summary: z.string(),
  contentHash: z.string(),
  messages: z
    .array(z.strictObject({ role, content: z.string().min(1), name: z.string().min(1).optional() }))
    .min(1),
  mentions: z.array(uid),
});

const documentSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: iso,
  userId: z.string().min(1),
  counts: z.strictObject({
    entities: z.number().int().min(0),
    facts: z.number().int().min(0),
    episodes: z.number().int().min(0),
  }),
  entities: z.array(entitySchema),
  facts: z.array(factSchema),
  episodes: z.array(episodeSchema),
});

// The first version wrote whole Entity and Fact records (dates as ISO text) and no turns.
const v1Schema = z.object({
  format: z.literal(EXPORT_FORMAT_V1),
  userId: z.string().min(1),
  entities: z.array(
    z.object({
      uid,
      key: z.string().min(1),
      name: z.string().min(1),
      type: z.string().default(''),
      summary: z.string().default(''),
      aliases: z.array(z.string().min(1)).default([]),
      createdAt: iso,
      updatedAt: iso,
      mentions: z.number().int().min(0).default(1),
    }),
  ),
  facts: z.array(
    z.object({
      uid,
      subjectUid: uid,
      objectUid: uid,
      subject: z.string(),
      object: z.string(),
      predicate: z.string().min(1),
      key: z.string().min(1),
      statement: z.string(),
      confidence: z.number().min(0).max(1).default(1),
      validFrom: iso,
      validTo: iso.nullable(),
      createdAt: iso,
      episodeIds: z.array(z.string()).default([]),
      invalidatedBy: z.string().nullable().default(null),
      supersededBy: z.string().nullable().default(null),
      mentions: z.number().int().min(0).default(1),
    }),
  ),
});

/** A checked export, brought to the current shape, with what its version could not hold. */
export interface CheckedExport {
  format: string;
  document: ExportDocument;
  lacking: string[];
}

/**
 * Checks an export document whole before anything is written: its version, every record's
 * fields, the counts it declares, and that every reference (a fact's ends, a turn's mentions)
 * names a record of the file. An export of the first version is brought to the current shape.
 *
 * @throws InvalidInputError naming the first thing wrong (an unknown version, a field, a count)
 */
export function checkExport(input: unknown, where = 'export file'): CheckedExport {
  const format = (input as { format?: unknown } | null)?.format;
  if (format === EXPORT_FORMAT_V1) {
    const v1 = parse(v1Schema, input, where);
    const document: ExportDocument = {
      format: EXPORT_FORMAT,
      exportedAt: new Date(0).toISOString(),
      userId: v1.userId,
      counts: { entities: v1.entities.length, facts: v1.facts.length, episodes: 0 },
      entities: v1.entities.map((e) => ({ ...e, aliases: e.aliases.length > 0 ? e.aliases : [e.key] })),
      facts: v1.facts.map((f) => ({ ...f, observedAt: [f.validFrom], observedBy: [f.episodeIds[0] ?? ''] })),
      episodes: [],
    };
    checkReferences(document, where);
    return {
      format: EXPORT_FORMAT_V1,
      document,
      lacking: [
        'conversation turns (the first export version did not hold them)',
        'the times of repeated mentions (each fact is restored as said once, at its start)',
      ],
    };
  }
  if (typeof format !== 'string' || !format.startsWith('kgmem-export/')) {
    throw new InvalidInputError(
      `${where}: not a kgmem export (no "format": "${EXPORT_FORMAT}" field); write one with kgmem export`,
    );
  }
  if (format !== EXPORT_FORMAT) {
    throw new InvalidInputError(
      `${where}: unknown export version "${format}": this kgmem reads ${EXPORT_FORMAT} and ${EXPORT_FORMAT_V1}; import it with the kgmem version that wrote it, or a newer one`,
    );
  }
  const document = parse(documentSchema, input, where) as ExportDocument;
  for (const kind of ['entities', 'facts', 'episodes'] as const) {
    if (document.counts[kind] !== document[kind].length)
      throw new InvalidInputError(
        `${where}: it declares ${document.counts[kind]} ${kind} but holds ${document[kind].length}; the file is incomplete or was edited, and nothing was imported`,
      );
  }
  checkReferences(document, where);
  return { format: EXPORT_FORMAT, document, lacking: [] };
}

function parse<T extends z.ZodType>(schema: T, input: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const path = issue?.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') ?? '';
  throw new InvalidInputError(
    `${where}: ${path.replace(/^\./, '') || 'document'}: ${issue?.message ?? 'invalid'}; nothing was imported`,
  );
}

function checkReferences(document: ExportDocument, where: string): void {
  const unique = (kind: string, uids: readonly string[]) => {
    const seen = new Set<string>();
    for (const id of uids) {
      if (seen.has(id))
        throw new InvalidInputError(`${where}: ${kind} uid ${id} appears twice; nothing was imported`);
      seen.add(id);
    }
    return seen;
  };
  const entities = unique(
    'entity',
    document.entities.map((e) => e.uid),
  );
  unique(
    'fact',
    document.facts.map((f) => f.uid),
  );
  unique(
    'turn',
    document.episodes.map((e) => e.uid),
  );
  const keys = new Map<string, string>();
  for (const e of document.entities) {
    for (const key of new Set([e.key, ...e.aliases])) {
      const other = keys.get(key);
      if (other !== undefined && other !== e.uid)
        throw new InvalidInputError(`${where}: the key "${key}" names two entities; nothing was imported`);
      keys.set(key, e.uid);
    }
  }
  for (const [i, f] of document.facts.entries()) {
    if (!entities.has(f.subjectUid) || !entities.has(f.objectUid))
      throw new InvalidInputError(
        `${where}: facts[${i}] names an entity the file does not hold; nothing was imported`,
      );
    if (f.observedAt.length !== f.observedBy.length)
      throw new InvalidInputError(
        `${where}: facts[${i}] has ${f.observedAt.length} observation times but ${f.observedBy.length} sources; nothing was imported`,
      );
  }
  for (const [i, e] of document.episodes.entries())
    for (const id of e.mentions)
      if (!entities.has(id))
        throw new InvalidInputError(
          `${where}: episodes[${i}] mentions an entity the file does not hold; nothing was imported`,
        );
}

/**
 * The uids of a restore into `target`: the file's own when it is the file's user (so importing
 * the same file again finds them), else uids derived from the target and the file's uid (another
 * user's copy gets its own uids, the same ones every time). A turn keeps the uid `remember` would
 * give it for the target, so the same turn remembered later is known.
 */
class UidMap {
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

function toEntity(e: ExportedEntity, userId: string, uids: UidMap): Entity {
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

function toFact(f: ExportedFact, userId: string, uids: UidMap): Fact {
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

function toEpisode(e: ExportedEpisode, userId: string, uids: UidMap): Episode {
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
