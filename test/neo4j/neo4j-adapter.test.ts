import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { FakeNeo4j } from './fake-driver.js';

// What a real server cannot show on demand (test/neo4j/real-server.test.ts and the conformance
// suite run everything else on one): the retry of a write that lost a uniqueness race to another
// writer, which on a server happens only when two writers hit the same instant. The adapter's
// `neo4j.driver(…)` builds the recording fake; everything else is the real driver's.
const fake = vi.hoisted(() => ({ current: undefined as FakeNeo4j | undefined }));
vi.mock('neo4j-driver', async (importOriginal) => {
  const real = (await importOriginal()) as { default: Record<string, unknown> };
  const driver = (...args: [string, unknown, unknown]) => {
    if (!fake.current) throw new Error('test: no fake driver installed');
    return fake.current.driver(...args);
  };
  return { ...real, default: { ...real.default, driver }, driver };
});

const identity = { provider: 'hashing', model: 'kgmem-hashing-v1', dimension: 8 };
const options = { uri: 'neo4j://fake:7687', user: 'neo4j', password: 'x' };
const at = new Date('2026-05-01T10:00:00.000Z');

describe('Neo4j adapter against a recording fake of the driver', () => {
  let driver: FakeNeo4j;
  beforeEach(() => {
    driver = new FakeNeo4j();
    fake.current = driver;
  });
  afterEach(() => {
    fake.current = undefined;
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
});
