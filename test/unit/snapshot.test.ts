import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Entity, Fact } from '../../src/model/types.js';
import { readSnapshot, writeSnapshot } from '../../src/store/cache/snapshot.js';
import { UserVectorIndex } from '../../src/store/cache/vector-index.js';
import { tempDir } from '../helpers/temp-dir.js';

const dirs: { remove: () => void }[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

const at = new Date('2026-01-01T00:00:00Z');
const entity = (uid: string, name: string): Entity => ({
  uid,
  userId: 'u',
  key: name.toLowerCase(),
  name,
  type: '',
  summary: '',
  aliases: [name.toLowerCase()],
  createdAt: at,
  updatedAt: at,
  mentions: 1,
});
const fact = (uid: string, subject: Entity, object: Entity): Fact => ({
  uid,
  userId: 'u',
  subjectUid: subject.uid,
  subject: subject.name,
  objectUid: object.uid,
  object: object.name,
  predicate: 'likes',
  key: 'likes',
  statement: `${subject.name} likes ${object.name}`,
  confidence: 1,
  validFrom: at,
  validTo: null,
  createdAt: at,
  episodeIds: ['api'],
  invalidatedBy: null,
  supersededBy: null,
  mentions: 1,
  observedAt: [at],
  observedBy: ['api'],
});
const index = (rows: [string, number[]][]) => {
  const built = new UserVectorIndex(4);
  for (const [uid, vector] of rows) built.add(uid, vector);
  return built.toData();
};

describe('user snapshots', () => {
  const bear = entity('e1', 'Polar bear');
  const pizza = entity('e2', 'Pizza');
  const fish = entity('e3', 'Fish');
  const graph = { entities: [bear, pizza, fish], facts: [fact('f1', bear, pizza), fact('f2', bear, fish)] };

  it('stores a vector index’s uids once when they are the graph’s, in its order, and reads them back', () => {
    const dir = tempDir('kgmem-snap-');
    dirs.push(dir);
    const file = join(dir.path, 'u.snap');
    const entityVectors = index([
      ['e1', [1, 0, 0, 0]],
      ['e2', [0, 1, 0, 0]],
      ['e3', [0, 0, 1, 0]],
    ]);
    const factVectors = index([
      ['f1', [1, 1, 0, 0]],
      ['f2', [0, 1, 1, 0]],
    ]);
    writeSnapshot(file, { userId: 'u', generation: 'g1', graph, entityVectors, factVectors });
    const header = readFileSync(file).toString('latin1');
    expect(header).toContain('"ev.uidsOf"');
    expect(header).toContain('"fv.uidsOf"');
    expect(header).not.toContain('"fv.uids"');

    const read = readSnapshot(file, 'u', 'g1');
    expect(read?.graph?.facts.map((f) => f.statement)).toEqual([
      'Polar bear likes Pizza',
      'Polar bear likes Fish',
    ]);
    expect(read?.entityVectors?.uids).toEqual(['e1', 'e2', 'e3']);
    expect(read?.factVectors?.uids).toEqual(['f1', 'f2']);
    const facts = UserVectorIndex.fromData(read?.factVectors ?? factVectors);
    expect(facts.search([0, 1, 1, 0], 1, 0)[0]?.uid).toBe('f2');
    // Another generation's snapshot is not served.
    expect(readSnapshot(file, 'u', 'g2')).toBeUndefined();
  });

  it('keeps an index’s own uid list when it holds other rows than the graph (a fact without a vector)', () => {
    const dir = tempDir('kgmem-snap-');
    dirs.push(dir);
    const file = join(dir.path, 'u.snap');
    const factVectors = index([['f2', [0, 1, 1, 0]]]);
    writeSnapshot(file, { userId: 'u', generation: 'g1', graph, factVectors });
    const read = readSnapshot(file, 'u', 'g1');
    expect(read?.factVectors?.uids).toEqual(['f2']);
    expect(read?.entityVectors).toBeUndefined();
    expect(UserVectorIndex.fromData(read?.factVectors ?? factVectors).has('f1')).toBe(false);
  });
});
