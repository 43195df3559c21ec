import neo4j from 'neo4j-driver';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { Neo4jStore, userSearchKey } from '../../src/store/neo4j/store.js';
import { type ParamType, type ScalarType, STATEMENT_PARAMS } from '../../src/store/statements.js';
import { FakeNeo4j, type SentStatement } from './fake-driver.js';

// The adapter's `neo4j.driver(…)` builds the recording fake; everything else (Integer, DateTime,
// Node, the bookmark manager) is the real driver's.
const fake = vi.hoisted(() => ({ current: undefined as FakeNeo4j | undefined }));
vi.mock('neo4j-driver', async (importOriginal) => {
  const real = (await importOriginal()) as { default: Record<string, unknown> };
  const driver = (...args: [string, unknown, unknown]) => {
    if (!fake.current) throw new Error('test: no fake driver installed');
    return fake.current.driver(...args);
  };
  return { ...real, default: { ...real.default, driver }, driver };
});

const dim = 8;
const identity = { provider: 'hashing', model: 'kgmem-hashing-v1', dimension: dim };
const options = { uri: 'neo4j://fake:7687', user: 'neo4j', password: 'x' };
const at = new Date('2026-05-01T10:00:00.000Z');

/** Whether a value sent to the driver has the shape Neo4j needs for its declared type. */
function sentAs(type: ScalarType, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return neo4j.isInt(value);
    case 'float':
      return typeof value === 'number';
    case 'datetime':
      return (
        neo4j.isDateTime(value) &&
        Number((value as { timeZoneOffsetSeconds?: unknown }).timeZoneOffsetSeconds) === 0
      );
    case 'vector':
      return value === null || (Array.isArray(value) && value.every((x) => typeof x === 'number'));
    case 'strings':
      return Array.isArray(value) && value.every((x) => typeof x === 'string');
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
  }
}

/** Every parameter of every named statement sent, checked against the statement's declaration. */
function expectTypedParams(sent: readonly SentStatement[]): void {
  for (const statement of sent) {
    if (statement.name === 'schema') {
      expect(statement.params).toEqual({});
      continue;
    }
    expect(statement.name, `an unnamed statement was sent: ${statement.text}`).not.toBe('console');
    const declaration = STATEMENT_PARAMS[statement.name] as Record<string, ParamType>;
    for (const [param, value] of Object.entries(statement.params)) {
      const type = declaration[param];
      const where = `${statement.name} $${param}`;
      expect(type, where).toBeDefined();
      if (typeof type === 'string') {
        expect(sentAs(type, value), `${where} = ${String(value)}`).toBe(true);
        continue;
      }
      expect(Array.isArray(value), `${where} is a list of maps`).toBe(true);
      for (const row of value as Record<string, unknown>[]) {
        for (const [field, fieldValue] of Object.entries(row)) {
          const fieldType = type?.rows[field] as ScalarType;
          expect(fieldType, `${where}.${field}`).toBeDefined();
          expect(sentAs(fieldType, fieldValue), `${where}.${field} = ${String(fieldValue)}`).toBe(true);
        }
      }
    }
  }
}

const dateTime = (date: Date) => neo4j.types.DateTime.fromStandardDate(date);

/** A fact row as Neo4j returns it: Integers, DateTimes, nulls. */
function factRow(uid: string, subject: string, object: string, predicate = 'likes') {
  return {
    uid,
    subjectUid: `e-${subject}`,
    subject,
    objectUid: `e-${object}`,
    object,
    predicate,
    key: predicate,
    statement: `${subject} ${predicate} ${object}`,
    confidence: 0.9,
    validFrom: dateTime(at),
    validTo: null,
    createdAt: dateTime(at),
    episodeIds: ['ep1'],
    invalidatedBy: null,
    supersededBy: null,
    mentions: neo4j.int(2),
  };
}

function entityRow(name: string, extra: Record<string, unknown> = {}) {
  return {
    uid: `e-${name}`,
    key: name.toLowerCase(),
    name,
    type: 'thing',
    summary: '',
    aliases: [name.toLowerCase()],
    createdAt: dateTime(at),
    updatedAt: dateTime(at),
    mentions: neo4j.int(3),
    ...extra,
  };
}

describe('Neo4j adapter against a recording fake of the driver (no server: shapes and statements, not behaviour)', () => {
  let driver: FakeNeo4j;
  beforeEach(() => {
    driver = new FakeNeo4j();
    fake.current = driver;
  });
  afterEach(() => {
    fake.current = undefined;
  });

  it('opens with the schema, records the embedder, and gives every session one bookmark manager', async () => {
    const store = new Neo4jStore(options);
    await store.open(identity);
    expect(driver.named('schema').length).toBeGreaterThan(10);
    expect(driver.named('await-indexes')).toHaveLength(1);
    const recorded = driver.named('meta-set').map((s) => s.params);
    expect(recorded).toContainEqual({ key: 'embedder', value: JSON.stringify(identity) });
    expect(recorded).toContainEqual({ key: 'embeddingDimension', value: String(dim) });
    const managers = new Set(driver.sessions.map((c) => c.bookmarkManager));
    expect(managers.size).toBe(1);
    expect([...managers][0]).toBeDefined();
    expectTypedParams(driver.sent);
    await store.close();
    expect(driver.closed).toBe(true);
  });

  it('refuses a database embedded by another model of the same dimension, naming both and reembed', async () => {
    driver.respond = (name, params) =>
      name === 'meta-get' && params.key === 'embedder'
        ? [{ value: JSON.stringify({ provider: 'openai', model: 'text-embedding-3-small', dimension: dim }) }]
        : [];
    const error = await new Neo4jStore(options).open(identity).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EmbedderMismatchError' });
    expect((error as Error).message).toMatch(
      /openai:text-embedding-3-small.*hashing:kgmem-hashing-v1.*kgmem reembed/s,
    );
  });

  it('plans and applies a write in one executeWrite that takes the user lock first', async () => {
    const memory = await createMemory({
      store: new Neo4jStore(options),
      embeddings: new HashingEmbeddings({ dimension: dim }),
    });
    const before = driver.sent.length;
    const attempts = driver.writeAttempts;
    await memory.addTriples('alice', [
      { subject: 'I', predicate: 'likes', object: 'Tea' },
      { subject: 'I', predicate: 'lives_in', object: 'Paris' },
    ]);
    const write = driver.sent.slice(before);
    const txs = new Set(write.map((s) => s.tx));
    expect(txs.size).toBe(1);
    expect(write.every((s) => s.mode === 'write')).toBe(true);
    expect(driver.writeAttempts - attempts).toBe(1);
    const names = write.map((s) => s.name);
    expect(names[0]).toBe('user-lock');
    // The planning reads run inside the write, after the lock and before the first change.
    const firstChange = names.indexOf('user-merge');
    expect(names.indexOf('entities-by-keys')).toBeGreaterThan(0);
    expect(names.indexOf('entities-by-keys')).toBeLessThan(firstChange);
    expect(names.slice(firstChange)).toEqual([
      'user-merge',
      'entities-create',
      'entity-keys-create',
      'facts-create',
    ]);
    const created = write.find((s) => s.name === 'entities-create');
    expect(created?.params.userKey).toBe(userSearchKey('alice'));
    expect(created?.params.rows).toHaveLength(3);
    expectTypedParams(driver.sent);
    await memory.close();
  });

  it('plans a write again, re-reading, when another writer won a uniqueness race', async () => {
    const store = new Neo4jStore(options);
    await store.open(identity);
    let failures = 1;
    driver.respond = (name) => {
      if (name === 'user-merge' && failures-- > 0)
        return Object.assign(new Error('Node already exists'), {
          code: 'Neo.ClientError.Schema.ConstraintValidationFailed',
        });
      return [];
    };
    let planned = 0;
    await store.writePlanned('bob', async (reads) => {
      planned++;
      await reads.entitiesByKeys('bob', ['tea']);
      return {
        batch: {
          userId: 'bob',
          at,
          entities: [],
          keys: [],
          touches: [],
          facts: [],
          mentions: [],
          invalidations: [],
          validFrom: [],
        },
        result: undefined,
      };
    });
    expect(planned).toBe(2);
    expect(driver.named('entities-by-keys')).toHaveLength(2);
    await store.close();
  });

  it('sends each read with declared types and converts the driver’s rows to kgmem records', async () => {
    const store = new Neo4jStore(options);
    await store.open(identity);
    driver.respond = (name) => {
      switch (name) {
        case 'entities-by-keys':
          return [{ ...entityRow('Tea'), lookupKey: 'tea' }];
        case 'entity-share':
        case 'fact-share':
          return [{ total: neo4j.int(1000), own: neo4j.int(10) }];
        case 'entities-similar-exact':
        case 'facts-similar-exact':
        case 'episodes-similar-exact':
          return [{ uid: 'x1', score: 0.9 }];
        case 'entities-fulltext':
        case 'episodes-fulltext':
          return [{ uid: 'x2', score: 4.5 }];
        case 'episodes-neighbours':
          return [{ uid: 'ep1', neighbours: ['ep0', 'ep2'] }];
        case 'facts-incident':
        case 'facts-list':
          return [factRow('f2', 'Alice', 'Tea'), factRow('f1', 'Alice', 'Coffee')];
        case 'facts-predicate-keys':
          return [{ key: 'likes' }];
        case 'entities-list':
          return [entityRow('Tea')];
        case 'fact-delete':
          return [{ deleted: neo4j.int(1) }];
        default:
          return [];
      }
    };
    const vector = Float32Array.from({ length: dim }, (_, i) => (i === 0 ? 1 : 0));
    const entities = await store.entitiesByKeys('alice', ['tea']);
    expect(entities.get('tea')).toMatchObject({ uid: 'e-Tea', mentions: 3, createdAt: at });
    expect(await store.similarEntities('alice', vector, 5, 0.5)).toEqual([
      { uid: 'x1', score: expect.closeTo(0.8) },
    ]);
    expect(await store.similarFacts('alice', vector, 5, 0.5)).toHaveLength(1);
    const hits = await store.searchEpisodes('alice', {
      text: 'green tea',
      vector,
      k: 10,
      minSimilarity: 0.3,
    });
    expect(hits.text).toEqual([{ uid: 'x2', score: 4.5 }]);
    expect(driver.named('episodes-fulltext')[0]?.params.query).toBe(
      `+userKey:${userSearchKey('alice')} +(green tea)`,
    );
    expect(await store.nameMatches('alice', 'Tea', 5)).toEqual([{ uid: 'x2', score: 1 }]);
    expect((await store.episodeNeighbours('alice', ['ep1'], 1)).get('ep1')).toEqual(['ep0', 'ep2']);
    const incident = await store.incidentFacts(
      'alice',
      ['e-Alice'],
      { mode: 'asOf', asOf: at },
      undefined,
      50,
    );
    expect(incident.map((f) => f.uid)).toEqual(['f1', 'f2']);
    expect(incident[0]).toMatchObject({ validFrom: at, validTo: null, mentions: 2, episodeIds: ['ep1'] });
    expect(driver.named('facts-incident')[0]?.params.cap).toEqual(neo4j.int(50));
    expect(await store.predicateKeys('alice')).toEqual(['likes']);
    expect(await store.listFacts('alice', { time: { mode: 'current' }, limit: 10 })).toHaveLength(2);
    expect(await store.listEntities('alice', 10)).toHaveLength(1);
    expect(await store.deleteFact('alice', 'f1')).toBe(true);
    // A zero vector (a name of symbols only) is never sent to cosine search.
    const sentBefore = driver.sent.length;
    expect(await store.similarEntities('alice', new Float32Array(dim), 5, 0.5)).toEqual([]);
    expect(driver.sent.length).toBe(sentBefore);
    expectTypedParams(driver.sent);
    expect(
      new Set(driver.sent.filter((s) => s.name !== 'schema' && s.mode !== 'auto').map((s) => s.mode)),
    ).toEqual(new Set(['read', 'write']));
    await store.close();
  });

  it('searches the vector index with growing over-fetch for a large user, and exactly when their share is tiny', async () => {
    const store = new Neo4jStore({ ...options, exactSearchLimit: 100 });
    await store.open(identity);
    let share = { total: neo4j.int(100_000), own: neo4j.int(5_000) };
    const rounds: number[] = [];
    driver.respond = (name, params) => {
      if (name === 'entity-share') return [share];
      if (name === 'entities-similar-index') {
        const candidates = (params.candidates as { toNumber(): number }).toNumber();
        rounds.push(candidates);
        // The first round finds one of the user's; the second enough.
        const hits =
          rounds.length === 1
            ? [{ uid: 'a', score: 0.95 }]
            : [
                { uid: 'a', score: 0.95 },
                { uid: 'b', score: 0.9 },
              ];
        return [{ hits, floor: 0.9, fetched: params.candidates }];
      }
      if (name === 'entities-similar-exact') return [{ uid: 'exact', score: 0.99 }];
      return [];
    };
    const vector = [1, 0, 0, 0, 0, 0, 0, 0];
    const found = await store.similarEntities('alice', vector, 2, 0.5);
    expect(found.map((f) => f.uid)).toEqual(['a', 'b']);
    expect(rounds).toHaveLength(2);
    expect(rounds[1]).toBe((rounds[0] as number) * 4);
    expect(rounds[0]).toBeGreaterThanOrEqual(Math.ceil((2 * 2 * 100_000) / 5_000));
    // 0.1% of a big index: the index would need more than maxCandidates, so exact search.
    share = { total: neo4j.int(10_000_000), own: neo4j.int(1_000) };
    rounds.length = 0;
    const exact = await store.similarEntities('alice', vector, 20, 0.5);
    expect(exact.map((f) => f.uid)).toEqual(['exact']);
    expect(rounds).toEqual([]);
    expectTypedParams(driver.sent);
    await store.close();
  });

  it('reads console results in the driver’s shapes: nodes, relationships, zoned and local times', async () => {
    const store = new Neo4jStore(options);
    await store.open(identity);
    const node = new neo4j.types.Node(
      neo4j.int(1),
      ['Entity'],
      { name: 'Tea', mentions: neo4j.int(4) },
      '4:x:1',
    );
    const relationship = new neo4j.types.Relationship(
      neo4j.int(2),
      neo4j.int(1),
      neo4j.int(3),
      'FACT',
      { predicate: 'likes', validFrom: dateTime(at) },
      '5:x:2',
      '4:x:1',
      '4:x:3',
    );
    const offsetZoned = new neo4j.types.DateTime(2026, 5, 1, 12, 0, 0, 0, 7200, 'Europe/Stockholm');
    const local = new neo4j.types.LocalDateTime(2026, 5, 1, 10, 0, 0, 0);
    driver.respond = (name) =>
      name === 'console' ? [{ n: node, r: relationship, zoned: offsetZoned, local }] : [];
    const result = await store.runCypher('MATCH (n)-[r]->() RETURN n, r LIMIT 1');
    expect(result.rows[0]).toEqual({
      n: { name: 'Tea', mentions: 4 },
      r: { predicate: 'likes', validFrom: at },
      zoned: at,
      local: at,
    });
    await store.close();
  });
});
