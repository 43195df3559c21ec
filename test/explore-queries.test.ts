import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { CYPHER_ROOT, stripComments } from '../src/store/cypher-files.js';
import { tempDir } from './helpers/temp-dir.js';
import { cypherFiles } from './neo4j/lint.js';

const neo4jExplore = cypherFiles(join(CYPHER_ROOT, 'explore'));
const ladybugExplore = cypherFiles(join(CYPHER_ROOT, 'explore', 'ladybug'));

describe('analyst queries (cypher/explore)', () => {
  it('come in pairs, at least 10, each saying what it answers and its parameters', () => {
    expect(neo4jExplore.length).toBeGreaterThanOrEqual(10);
    expect(ladybugExplore.map((f) => basename(f))).toEqual(neo4jExplore.map((f) => basename(f)));
    for (const file of [...neo4jExplore, ...ladybugExplore]) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toMatch(/^\/\/ Question: .+\n\/\/ Parameters: .+/);
    }
  });

  describe('the LadybugDB versions run on a real database', () => {
    const dir = tempDir('kgmem-explore-');
    let memory: Memory;
    let episodeUid = '';
    const params = (extra: Record<string, unknown> = {}) => ({
      userId: 'sasako',
      limit: 5,
      days: 3650,
      from: 'Sasako',
      to: 'pizza',
      threadId: 't1',
      minSimilarity: 0.5,
      ...extra,
    });

    beforeAll(async () => {
      memory = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: {},
      });
      const first = await memory.remember({
        userId: 'sasako',
        threadId: 't1',
        messages: [
          { role: 'user', content: "I'm Sasako. My friend Polar bear likes pizza. I live in Osaka." },
        ],
        at: '2026-01-01T00:00:00Z',
      });
      episodeUid = first.episodeUid;
      await memory.remember({
        userId: 'sasako',
        threadId: 't2',
        messages: [{ role: 'user', content: 'I moved to Kyoto.' }],
        at: '2026-02-01T00:00:00Z',
      });
      await memory.addTriples('sasako', [{ subject: 'Kyoto Tower', predicate: 'is in', object: 'Kyoto' }]);
    });
    afterAll(async () => {
      await memory.close();
      dir.remove();
    });

    const run = async (name: string, extra: Record<string, unknown> = {}) => {
      const text = stripComments(
        readFileSync(join(CYPHER_ROOT, 'explore', 'ladybug', `${name}.cypher`), 'utf8'),
      );
      const statementParams = params({ episodeUid, ...extra });
      const used = Object.fromEntries(
        Object.entries(statementParams).filter(([k]) => text.includes(`$${k}`)),
      );
      return (await memory.cypher(text, used)).rows;
    };

    it.each(ladybugExplore.map((f) => [basename(f, '.cypher')]))('%s runs', async (name) => {
      await expect(run(name)).resolves.toBeInstanceOf(Array);
    });

    it('answer what they say', async () => {
      expect((await run('contradicted-facts'))[0]).toMatchObject({
        was: 'User lives in Osaka',
        replacedBy: 'User lives in Kyoto',
      });
      expect((await run('shortest-path'))[0]).toMatchObject({
        entities: ['Sasako', 'User', 'Polar bear', 'pizza'],
        hops: 3,
      });
      expect((await run('episode-facts')).map((r) => r.fact)).toContain('Polar bear likes pizza');
      expect((await run('thread-entities')).map((r) => r.entity)).toContain('Polar bear');
      expect((await run('predicate-histogram')).find((r) => r.predicate === 'lives_in')).toMatchObject({
        facts: 2,
        current: 1,
      });
      expect((await run('duplicate-candidates')).map((r) => [r.first, r.second].sort())).toContainEqual([
        'Kyoto',
        'Kyoto Tower',
      ]);
      expect((await run('user-overview'))[0]).toMatchObject({ user: 'sasako', episodes: 2 });
      expect((await run('most-connected'))[0]).toMatchObject({ entity: 'User' });
    });
  });
});
