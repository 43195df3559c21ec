import { z } from 'zod';
import { InvalidInputError } from '../model/errors.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_V1, type ExportDocument } from './export-format.js';

// Texts embedded per request while restoring.
const _EMBED_BATCH = 500;

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

const instructionsSchema = z.strictObject({
  agentId: z.string().min(1),
  key: z.string().min(1),
  text: z.string().min(1),
  reason: z.string(),
  at: iso,
});

/** The shape of a merge record (`merge-record.ts`): stored, exported and imported. */
export const mergeRecordSchema = z.strictObject({
  kind: z.literal('merge'),
  id: uid,
  at: iso,
  reason: z.string(),
  keepUid: uid,
  keepName: z.string(),
  keepAliases: z.array(z.string()),
  other: entitySchema,
  before: z.array(factSchema),
  moved: z.array(uid),
  absorbed: z.array(z.strictObject({ uid, into: uid })),
  closed: z.array(uid),
  mentions: z.strictObject({ episodes: z.array(uid), onlyOther: z.array(uid) }),
  undoneAt: iso.nullable(),
});

/** A name that joined an entity as written (`NameJoinRecord`). */
const nameJoinSchema = z.strictObject({
  kind: z.literal('join'),
  id: uid,
  at: iso,
  reason: z.enum(['variant', 'similarity']),
  alias: z.string().min(1),
  name: z.string().min(1),
  entityUid: uid,
  entityName: z.string(),
  undoneAt: iso.nullable(),
});

/** One entry of a user's merge history (`MergeLogEntry`). */
export const mergeLogSchema = z.discriminatedUnion('kind', [mergeRecordSchema, nameJoinSchema]);

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
  instructions: z.array(instructionsSchema).optional(),
  merges: z.array(mergeLogSchema).optional(),
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
