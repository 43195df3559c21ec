import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { consoleParams, fromNeo4j, toNeo4jParams } from '../../src/store/neo4j/values.js';

describe('Neo4j value conversion at the boundary', () => {
  it('sends limits and counters as integers and embeddings as floats', () => {
    const params = toNeo4jParams({
      limit: 20,
      k: 5,
      vector: [0, 0.5, 1],
      rows: [{ uid: 'a', mentions: 2, embedding: [0, 1] }],
    });
    expect(neo4j.isInt(params.limit)).toBe(true);
    expect(neo4j.isInt(params.k)).toBe(true);
    expect(params.vector).toEqual([0, 0.5, 1]);
    const row = (params.rows as Record<string, unknown>[])[0];
    expect(neo4j.isInt(row?.mentions)).toBe(true);
    expect(row?.embedding).toEqual([0, 1]);
    expect(neo4j.isInt(consoleParams({ n: 3, s: 'x' }).n)).toBe(true);
  });

  it('reads temporal values as Date and integers as numbers', () => {
    const at = neo4j.types.DateTime.fromStandardDate(new Date('2026-05-01T10:00:00.000Z'));
    expect(fromNeo4j({ at, n: neo4j.int(7), list: [neo4j.int(1)] })).toEqual({
      at: new Date('2026-05-01T10:00:00.000Z'),
      n: 7,
      list: [1],
    });
  });
});
