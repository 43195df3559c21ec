import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH, MAX_TURN_MESSAGES, SURFACE_CAPS } from '../model/limits.js';

const CAPS = SURFACE_CAPS.http;

/** A date the API accepts: anything `Date` parses (ISO 8601 recommended). */
const dateText = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'not a date; use ISO 8601 like 2026-01-31' });

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0),
);

const text = z.string().trim().min(1).max(MAX_TEXT_LENGTH);
/** Text kept exactly as sent (thread ids, speakers' names): not trimmed, but not blank either. */
const exactText = z
  .string()
  .max(MAX_TEXT_LENGTH)
  .refine((s) => s.trim().length > 0, { message: 'must not be blank' });

const intIn = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Query of `GET /api/users/:user/graph`. */
export const graphQuery = z.strictObject({
  asOf: dateText.optional(),
  history: flag.optional(),
  predicates: csv.optional(),
  types: csv.optional(),
  limit: intIn(1, 50_000).default(5000),
  around: text.optional(),
  hops: intIn(1, 3).default(1),
});

/** Query of `GET /api/users/:user/entities/:uid`. */
export const entityQuery = z.strictObject({
  factLimit: intIn(1, 5000).default(500),
});

/** Query of `GET /api/users/:user/recall`. */
export const recallQuery = z.strictObject({
  q: text,
  limit: intIn(1, CAPS.recallLimit).default(10),
  hops: intIn(1, 3).optional(),
  asOf: dateText.optional(),
  history: flag.optional(),
  maxChars: intIn(0, 100_000).optional(),
  explain: flag.optional(),
  profile: flag.optional(),
});

/** Query of `GET /api/users/:user/facts`. */
export const factsQuery = z.strictObject({
  entity: text.optional(),
  predicate: text.optional(),
  history: flag.optional(),
  asOf: dateText.optional(),
  limit: intIn(1, 1_000_000).default(1000),
});

/** Query of `GET /api/users/:user/profile`: a schema of your own as JSON text (checked by `Memory.profile`). */
export const profileQuery = z.strictObject({
  asOf: dateText.optional(),
  schema: z
    .string()
    .max(MAX_TEXT_LENGTH)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON; send the profile schema as JSON text' });
        return z.NEVER;
      }
    })
    .optional(),
});

/** Query of `GET /api/users/:user/entities`. */
export const entitiesQuery = z.strictObject({
  limit: intIn(1, 1_000_000).default(1000),
});

/** Query of `GET /api/users/:user/search`. */
export const searchQuery = z.strictObject({
  q: z.string().trim().min(1).max(200),
  limit: intIn(1, CAPS.searchLimit).default(12),
});

/** Query of `GET /api/users/:user/subgraph`: uids of entities and facts, comma-separated. */
export const subgraphQuery = z.strictObject({
  uids: z
    .string()
    .max(60_000)
    .transform((text) =>
      text
        .split(',')
        .map((uid) => uid.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(200)).max(1000)),
});

/** Body of `POST /api/cypher`. */
export const cypherBody = z.strictObject({
  statement: z.string().trim().min(1).max(100_000),
  params: z.record(z.string(), z.unknown()).default({}),
  maxRows: z.number().int().min(1).max(1_000_000).optional(),
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
  /** Refuse a statement that could write even when the caller may write. */
  readOnly: z.boolean().optional(),
});

/** Body of `POST /api/cypher/check`: a statement to judge, not run. */
export const cypherCheckBody = z.strictObject({
  statement: z.string().trim().min(1).max(100_000),
  params: z.record(z.string(), z.unknown()).default({}),
});

/** Body of `POST /api/users/:user/explore/:name`: the query's parameters (the user is bound). */
export const exploreBody = z.strictObject({
  params: z.record(z.string(), z.unknown()).default({}),
  maxRows: z.number().int().min(1).max(10_000).optional(),
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
});

/** Query of `GET /api/users/:user/episodes`: a user's stored turns, newest first. */
export const episodesQuery = z.strictObject({
  status: z.enum(['pending', 'extracted', 'failed']).optional(),
  thread: text.optional(),
  uids: csv.pipe(z.array(z.string().max(200)).max(10_000)).optional(),
  limit: intIn(1, 100_000).default(100),
});

/** Query of `GET /api/users/:user/path`. */
export const pathQuery = z.strictObject({
  from: text,
  to: text,
  asOf: dateText.optional(),
  maxHops: intIn(1, 10).default(6),
});

const tripleBody = z.strictObject({ subject: text, predicate: text, object: text });

/** Body of `POST /api/users/:user/triples`. */
export const triplesBody = z.strictObject({
  triples: z.array(tripleBody).max(CAPS.triplesPerCall),
  source: text.optional(),
  at: dateText.optional(),
  similarityMerge: z.boolean().optional(),
});

/** Body of `POST /api/users/:user/remember`. */
export const rememberBody = z.strictObject({
  threadId: exactText.optional(),
  messages: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant', 'system', 'tool']),
        content: z.string().min(1).max(MAX_MESSAGE_LENGTH),
        name: exactText.optional(),
      }),
    )
    .min(1)
    .max(MAX_TURN_MESSAGES),
  at: dateText.optional(),
  userName: text.optional(),
  /** The turn's knowledge, already read out: written instead of calling the extractor. */
  triples: z.array(tripleBody).max(CAPS.triplesPerCall).optional(),
});

/** Body of `POST /api/users/:user/facts/:uid/close`. */
export const factCloseBody = z.strictObject({
  at: dateText.optional(),
  source: text.optional(),
});

/** Query of `GET /api/agents/:agent/instructions`: every user's (none), or one user's. */
export const instructionsQuery = z.strictObject({
  user: exactText.optional(),
});

/** Body of `POST /api/agents/:agent/instructions`: a new version (checked by `Memory.setInstructions`). */
export const instructionsBody = z.strictObject({
  text: z.string(),
  reason: z.string().optional(),
  userId: exactText.optional(),
});

/** Body of `PATCH /api/users/:user/facts/:uid`: the correction. */
export const factCorrectionBody = z.strictObject({
  object: text,
  predicate: text.optional(),
  kind: z.enum(['change', 'correction']).optional(),
  at: dateText.optional(),
  source: text.optional(),
});

/** Body of `POST /api/users/:user/facts/update`: a fact by uid or by subject and predicate. */
export const factUpdateBody = z.strictObject({
  target: z.union([z.strictObject({ uid: text }), z.strictObject({ subject: text, predicate: text })]),
  correction: factCorrectionBody,
});

/**
 * Body of `POST /api/users/:user/forget`: one fact, one entity (by name) or the whole user;
 * `keepTurns` keeps the stored turns as said (by default the sentences naming what is forgotten go).
 */
export const forgetBody = z.union([
  z.strictObject({ factUid: text, keepTurns: z.boolean().optional() }),
  z.strictObject({ entity: text, keepTurns: z.boolean().optional() }),
  z.strictObject({ all: z.literal(true) }),
]);

/** Body of `POST /api/users/:user/entities/merge`: two entities (uid or name) that are one thing. */
export const mergeBody = z.strictObject({ keep: text, other: text, reason: text.optional() });

/** Body of `POST /api/users/:user/entities/split`: an alias to split off an entity. */
export const splitBody = z.strictObject({ entity: text, alias: text });

/** Body of `POST /api/users/:user/reextract`. */
export const reextractBody = z.strictObject({ failedOnly: z.boolean().optional() });

/** Body of `POST /api/import`: a backup document, restored into its user or `userId`. */
export const importBody = z.strictObject({ document: z.unknown(), userId: text.optional() });

/** Query of `GET /api/users/:user/similar`: entities by name and embedding similarity. */
export const similarQuery = z.strictObject({ q: text, limit: intIn(1, 100).default(10) });
