/**
 * The parameters of every named statement (`cypher/<backend>/<name>.cypher`), declared once and
 * used by both adapters: the Neo4j adapter converts each value from its declared type (a Neo4j
 * Integer where Cypher needs an integer, a DateTime for a time, a list of floats for a vector);
 * both adapters refuse a parameter the statement does not declare or a value of the wrong kind,
 * so a renamed parameter fails on its first use, with the statement's name, not at run time on
 * a server. Where the two dialects shape a statement differently (a value per row on one, per
 * batch on the other), the declaration holds both.
 */

import { REWRITE_PARAMS } from './statements-rewrite.js';
import { UPKEEP_PARAMS } from './statements-upkeep.js';

/** A scalar parameter type. */
export type ScalarType =
  /** Text. */
  | 'string'
  /** A whole number (counts, limits, sequence numbers): an INTEGER in Cypher. */
  | 'integer'
  /** A number that may have a fraction (scores, thresholds, confidences): a FLOAT in Cypher. */
  | 'float'
  | 'boolean'
  /** A point in time: a `Date` or an ISO-8601 string; a DateTime on Neo4j. */
  | 'datetime'
  /** An embedding: a list of floats (a typed array is accepted); `null` for none. */
  | 'vector'
  /** A list of strings. */
  | 'strings';

/** A parameter type: a scalar, or a list of maps (`UNWIND $rows AS r`) with typed fields. */
export type ParamType = ScalarType | { rows: Readonly<Record<string, ScalarType>> };

/** The declared parameters of one statement. */
export type ParamDeclaration = Readonly<Record<string, ParamType>>;

const user = { userId: 'string' } as const;
const timeScope = { mode: 'string', asOf: 'datetime' } as const;
const similarity = { ...user, vector: 'vector', k: 'integer', minScore: 'float' } as const;
// A user's facts touching given entities (as whole facts, or as the walk's bare edges).
const incident = {
  ...user,
  ...timeScope,
  uids: 'strings',
  anyKey: 'boolean',
  keys: 'strings',
  cap: 'integer',
} as const;

/** Every statement's parameters, by statement name. */
export const STATEMENT_PARAMS: Readonly<Record<string, ParamDeclaration>> = {
  ...UPKEEP_PARAMS,
  ...REWRITE_PARAMS,
  'await-indexes': { timeoutSeconds: 'integer' },
  'clear-all': {},
  schema: {},
  'meta-get': { key: 'string' },
  'meta-set': { key: 'string', value: 'string' },
  'users-list': {},
  'user-exists': user,
  'user-merge': { ...user, at: 'datetime' },
  'user-lock': { ...user, at: 'datetime' },
  'user-state': user,
  'user-fact-count': user,
  'user-writes-bump': user,
  'user-generation': user,
  'user-stats': user,
  'user-delete': user,
  'user-delete-entities': user,
  'user-delete-episodes': user,
  'user-delete-items': user,
  'user-delete-keys': user,
  'users-missing-user-key': {},
  'user-set-user-key': { ...user, userKey: 'string' },
  'entities-by-keys': { ...user, ids: 'strings' },
  'entities-by-uids': { ...user, uids: 'strings' },
  'entities-list': { ...user, limit: 'integer' },
  'entities-set-embeddings': { ...user, rows: { rows: { uid: 'string', embedding: 'vector' } } },
  'episodes-clear-vectors': user,
  'facts-clear-vectors': user,
  'vector-indexes-drop': {},
  'vectors-zero-to-empty': {},
  'entity-embeddings-legacy': {},
  'entity-embedding-legacy-drop': {},
  'entity-embeddings': user,
  'entity-delete': { ...user, uid: 'string' },
  'entities-create': {
    ...user,
    userKey: 'string',
    at: 'datetime',
    rows: {
      rows: {
        uid: 'string',
        key: 'string',
        name: 'string',
        type: 'string',
        summary: 'string',
        aliases: 'strings',
        aliasText: 'string',
        embedding: 'vector',
        at: 'datetime',
        mentions: 'integer',
      },
    },
  },
  'entities-touch': {
    ...user,
    at: 'datetime',
    rows: {
      rows: {
        uid: 'string',
        mentions: 'integer',
        type: 'string',
        aliases: 'strings',
        aliasText: 'string',
        at: 'datetime',
      },
    },
  },
  'entities-set-aliases': { ...user, rows: { rows: { uid: 'string', aliases: 'strings' } } },
  'entity-keys-create': {
    ...user,
    rows: { rows: { id: 'string', key: 'string', entityUid: 'string' } },
  },
  'entities-similar-exact': similarity,
  'entities-similar-index': { ...similarity, candidates: 'integer' },
  'entities-fulltext': { ...user, query: 'string', k: 'integer' },
  'episode-create': {
    ...user,
    userKey: 'string',
    uid: 'string',
    threadId: 'string',
    messages: 'string',
    contentHash: 'string',
    at: 'datetime',
    text: 'string',
    terms: 'string',
    conceptTerms: 'string',
    vector: 'vector',
  },
  'episode-mentions-create': { ...user, episodeUid: 'string', entityUids: 'strings' },
  'episode-mentioned': { ...user, episodeUid: 'string' },
  'episode-status': {
    ...user,
    uid: 'string',
    status: 'string',
    error: 'string',
    summary: 'string',
  },
  'episodes-by-uids': { ...user, uids: 'strings' },
  'episodes-list': { ...user, status: 'string', threadId: 'string', limit: 'integer' },
  'episodes-missing-vectors': { ...user, limit: 'integer' },
  'episodes-set-vectors': { ...user, rows: { rows: { uid: 'string', text: 'string', vector: 'vector' } } },
  'episodes-search-rows': user,
  'episodes-fulltext': { ...user, query: 'string', k: 'integer' },
  'episodes-concepts-fulltext': { ...user, query: 'string', k: 'integer' },
  'episodes-term-counts': { ...user, queries: 'strings' },
  'episodes-concept-term-counts': { ...user, queries: 'strings' },
  'episodes-term-lengths': user,
  'users-fill-term-lengths': user,
  'episodes-missing-terms': { ...user, limit: 'integer' },
  'episodes-set-terms': {
    ...user,
    rows: { rows: { uid: 'string', terms: 'string', conceptTerms: 'string' } },
  },
  'episodes-similar-exact': similarity,
  'episodes-similar-index': { ...similarity, candidates: 'integer' },
  'episodes-neighbours': { ...user, uids: 'strings', window: 'integer' },
  'fact-by-uid': { ...user, uid: 'string' },
  'fact-delete': { ...user, uid: 'string' },
  'fact-vectors': user,
  'fact-vectors-create': { ...user, rows: { rows: { id: 'string', uid: 'string', vector: 'vector' } } },
  'fact-vectors-delete': { ...user, ids: 'strings' },
  'fact-vectors-move': { ...user, skip: 'integer', limit: 'integer' },
  'fact-vector-uids': user,
  'fact-vector-legacy-drop': {},
  'facts-of-user': user,
  'entity-fact-uids': { ...user, uid: 'string' },
  'user-delete-fact-vectors': user,
  'facts-by-uids': { ...user, uids: 'strings' },
  'facts-create': {
    ...user,
    validFrom: 'datetime',
    createdAt: 'datetime',
    episodeIds: 'strings',
    rows: {
      rows: {
        uid: 'string',
        subjectUid: 'string',
        objectUid: 'string',
        predicate: 'string',
        key: 'string',
        statement: 'string',
        confidence: 'float',
        validFrom: 'datetime',
        createdAt: 'datetime',
        episodeIds: 'strings',
        mentions: 'integer',
        observedAt: 'strings',
        observedBy: 'strings',
        vector: 'vector',
      },
    },
  },
  'entities-restore': {
    ...user,
    userKey: 'string',
    rows: {
      rows: {
        uid: 'string',
        key: 'string',
        name: 'string',
        type: 'string',
        summary: 'string',
        aliases: 'strings',
        aliasText: 'string',
        embedding: 'vector',
        createdAt: 'datetime',
        updatedAt: 'datetime',
        mentions: 'integer',
      },
    },
  },
  'facts-restore': {
    ...user,
    rows: {
      rows: {
        uid: 'string',
        subjectUid: 'string',
        objectUid: 'string',
        predicate: 'string',
        key: 'string',
        statement: 'string',
        confidence: 'float',
        validFrom: 'datetime',
        createdAt: 'datetime',
        episodeIds: 'strings',
        mentions: 'integer',
        observedAt: 'strings',
        observedBy: 'strings',
        vector: 'vector',
      },
    },
  },
  'episodes-restore': {
    ...user,
    userKey: 'string',
    rows: {
      rows: {
        uid: 'string',
        threadId: 'string',
        messages: 'string',
        contentHash: 'string',
        summary: 'string',
        at: 'datetime',
        status: 'string',
        error: 'string',
        text: 'string',
        terms: 'string',
        conceptTerms: 'string',
        vector: 'vector',
      },
    },
  },
  'episode-mentions-restore': { ...user, rows: { rows: { episodeUid: 'string', entityUid: 'string' } } },
  'episode-mentions': user,
  'facts-from': { ...user, pairs: { rows: { subjectUid: 'string', key: 'string' } } },
  'facts-incident': incident,
  'facts-incident-edges': incident,
  'facts-invalidate': {
    ...user,
    rows: {
      rows: {
        uid: 'string',
        subjectUid: 'string',
        validTo: 'datetime',
        invalidatedBy: 'string',
        supersededBy: 'string',
      },
    },
  },
  'facts-invalidate-one': {
    ...user,
    uid: 'string',
    subjectUid: 'string',
    validTo: 'datetime',
    invalidatedBy: 'string',
    supersededBy: 'string',
  },
  'facts-list': { ...user, ...timeScope, entityUid: 'string', key: 'string', limit: 'integer' },
  'facts-mention': {
    ...user,
    rows: {
      rows: {
        uid: 'string',
        subjectUid: 'string',
        mentions: 'integer',
        episodeIds: 'strings',
        observedAt: 'strings',
        observedBy: 'strings',
      },
    },
  },
  'facts-mention-one': {
    ...user,
    uid: 'string',
    subjectUid: 'string',
    mentions: 'integer',
    episodeIds: 'strings',
    observedAt: 'strings',
    observedBy: 'strings',
  },
  'facts-missing-vectors': { ...user, limit: 'integer' },
  'facts-predicate-keys': user,
  'facts-set-valid-from': {
    ...user,
    uid: 'string',
    subjectUid: 'string',
    validFrom: 'datetime',
    rows: { rows: { uid: 'string', subjectUid: 'string', validFrom: 'datetime' } },
  },
  'facts-set-vectors': {
    ...user,
    rows: { rows: { id: 'string', uid: 'string', subjectUid: 'string', vector: 'vector' } },
  },
  'facts-similar-among': { ...similarity, uids: 'strings' },
  'facts-similar-exact': similarity,
  'facts-similar-index': { ...similarity, candidates: 'integer' },
  'items-by-ids': { ids: 'strings' },
  'items-delete': { ids: 'strings' },
  'items-max-seq': {},
  'items-namespaces': {},
  'items-under': { prefix: 'string' },
  'items-put': {
    at: 'datetime',
    rows: {
      rows: {
        id: 'string',
        userId: 'string',
        path: 'string',
        key: 'string',
        value: 'string',
        vectors: 'string',
        seq: 'integer',
      },
    },
  },
};

/**
 * The declaration of one statement.
 *
 * @throws Error naming the statement when it has none (a statement file without a declaration)
 */
export function declarationOf(name: string): ParamDeclaration {
  const declaration = STATEMENT_PARAMS[name];
  if (!declaration)
    throw new Error(`kgmem: statement "${name}" has no parameter declaration in src/store/statements.ts`);
  return declaration;
}

/**
 * Checks parameters against a statement's declaration and converts each value with `convert`
 * (called with the declared scalar type; rows field by field).
 *
 * @throws Error naming the statement and the parameter when one is undeclared or of the wrong kind
 */
export function typedParams(
  name: string,
  params: Record<string, unknown>,
  convert: (type: ScalarType, value: unknown) => unknown,
): Record<string, unknown> {
  const declaration = declarationOf(name);
  const out: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(params)) {
    const type = declaration[param];
    if (type === undefined)
      throw new Error(`kgmem: statement "${name}" declares no parameter $${param} (src/store/statements.ts)`);
    const where = `statement "${name}" parameter $${param}`;
    if (typeof type === 'string') {
      out[param] = convert(type, checkScalar(type, value, where));
      continue;
    }
    if (!Array.isArray(value)) throw new Error(`kgmem: ${where} must be a list of maps`);
    out[param] = value.map((row, i) => {
      if (typeof row !== 'object' || row === null) throw new Error(`kgmem: ${where}[${i}] must be a map`);
      const converted: Record<string, unknown> = {};
      for (const [field, fieldValue] of Object.entries(row as Record<string, unknown>)) {
        const fieldType = type.rows[field];
        if (fieldType === undefined)
          throw new Error(`kgmem: ${where} declares no field ${field} (src/store/statements.ts)`);
        converted[field] = convert(fieldType, checkScalar(fieldType, fieldValue, `${where}[${i}].${field}`));
      }
      return converted;
    });
  }
  return out;
}

function checkScalar(type: ScalarType, value: unknown, where: string): unknown {
  const ok = (() => {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value);
      case 'float':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'datetime':
        return (
          (value instanceof Date && !Number.isNaN(value.getTime())) ||
          (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
        );
      case 'vector':
        // Ladybug takes a vector as its list text (cast in the statement).
        return value === null || typeof value === 'string' || isNumberList(value);
      case 'strings':
        return Array.isArray(value) && value.every((x) => typeof x === 'string');
    }
  })();
  if (!ok) throw new Error(`kgmem: ${where} must be ${describe(type)} (got ${preview(value)})`);
  return value;
}

function isNumberList(value: unknown): boolean {
  if (ArrayBuffer.isView(value)) return true;
  return Array.isArray(value) && value.every((x) => typeof x === 'number');
}

function describe(type: ScalarType): string {
  return {
    string: 'a string',
    integer: 'a whole number',
    float: 'a finite number',
    boolean: 'true or false',
    datetime: 'a Date or an ISO-8601 time',
    vector: 'a list of numbers or null',
    strings: 'a list of strings',
  }[type];
}

function preview(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  const text = typeof value === 'object' ? (value.constructor?.name ?? 'object') : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
