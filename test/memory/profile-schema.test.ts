import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { tempDir } from '../helpers/temp-dir.js';

const dir = tempDir('kgmem-profile-schema-');
afterAll(() => dir.remove());

describe("a memory's own profile schema", () => {
  it('is what profile() reads by default and what a question about the user starts its context with', async () => {
    const schema = { city: 'lives_in', instruments: ['plays'] } as const;
    const memory = await createMemory({
      dataDir: join(dir.path, 'own'),
      embeddings: new HashingEmbeddings(),
      env: {},
      profileSchema: schema,
    });
    try {
      await memory.addTriples('ana', [
        { subject: 'I', predicate: 'lives in', object: 'Porto' },
        { subject: 'I', predicate: 'plays', object: 'cello' },
        { subject: 'I', predicate: 'works at', object: 'Acme' },
      ]);
      const { fields } = await memory.profile<typeof schema>('ana');
      expect(Object.keys(fields)).toEqual(['city', 'instruments']);
      expect(fields.city?.value).toBe('Porto');
      const recalled = await memory.recall({ userId: 'ana', query: 'What do I play?' });
      expect(recalled.context.split('\n')[0]).toBe('About the user: city Porto; instruments cello.');
      const quiet = await memory.recall({ userId: 'ana', query: 'What do I play?', profile: false });
      expect(quiet.context).not.toContain('About the user');
      // A question not about the user gets no profile line.
      const other = await memory.recall({ userId: 'ana', query: 'Where is Acme?' });
      expect(other.context).not.toContain('About the user');
    } finally {
      await memory.close();
    }
  });

  it('the default schema lists the languages and tools the user works with, from what was said', async () => {
    const memory = await createMemory({
      dataDir: join(dir.path, 'tools'),
      embeddings: new HashingEmbeddings(),
      env: {},
    });
    try {
      await memory.remember({
        userId: 'dev',
        messages: [{ role: 'user', content: 'I mostly code in C++ these days. I use Figma at work.' }],
      });
      const { fields } = await memory.profile('dev');
      expect(fields.tools.map((t) => [t.value, t.relation])).toEqual([
        ['C++', 'codes_in'],
        ['Figma', 'uses'],
      ]);
    } finally {
      await memory.close();
    }
  });

  it('is checked when the memory is created', async () => {
    await expect(
      createMemory({
        dataDir: join(dir.path, 'bad'),
        embeddings: new HashingEmbeddings(),
        env: {},
        profileSchema: { home: 'lives_in', about: { predicates: [] } } as never,
      }),
    ).rejects.toThrow(/createMemory\(\{profileSchema\}\): not a profile schema at about\.predicates/);
  });

  it('keeps the profile line within the context budget', async () => {
    const memory = await createMemory({
      dataDir: join(dir.path, 'budget'),
      embeddings: new HashingEmbeddings(),
      env: {},
    });
    try {
      await memory.addTriples(
        'bo',
        Array.from({ length: 30 }, (_, i) => ({
          subject: 'I',
          predicate: 'likes',
          object: `thing number ${i}`,
        })),
      );
      const { context } = await memory.recall({ userId: 'bo', query: 'What do I like?', maxChars: 200 });
      expect(context.length).toBeLessThanOrEqual(200);
      expect(context.startsWith('About the user:')).toBe(false); // no whole field fits 30 % of 200
      const roomy = await memory.recall({ userId: 'bo', query: 'What do I like?', maxChars: 2000 });
      expect(roomy.context.length).toBeLessThanOrEqual(2000);
      expect(roomy.context.split('\n')[0]?.length).toBeLessThanOrEqual(600);
    } finally {
      await memory.close();
    }
  });
});
