import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import type { GraphStore } from '../../src/store/base.js';
import type { StoreInitializer } from './types.js';

/**
 * The profile is a view of the facts: a move, a correction and a forget show in the very next
 * read, `asOf` gives what held then, people carry their own fields, and users never see each
 * other's.
 */
export function registerProfileInStep(init: StoreInitializer): void {
  describe(`profile in step with the graph: ${init.name}`, () => {
    let store: GraphStore;
    let memory: Memory;

    beforeEach(async () => {
      store = await init.create();
      memory = await createMemory({ store, embeddings: new HashingEmbeddings({ dimension: 64 }), env: {} });
    });

    afterEach(async () => {
      await memory.close();
      await init.destroy(store);
    });

    const said = (userId: string, content: string, at: string) =>
      memory.remember({ userId, threadId: 'life', messages: [{ role: 'user', content }], at: new Date(at) });

    it('shows a move at once, the old home as of before it, with the turn that said each', async () => {
      const first = await said('ana', 'I live in Lisbon. I work at Acme.', '2026-01-05T10:00:00Z');
      expect((await memory.profile('ana')).fields.home).toMatchObject({
        value: 'Lisbon',
        saidBy: [first.episodeUid],
        since: '2026-01-05T10:00:00.000Z',
      });
      const moved = await said('ana', 'I moved to Porto.', '2026-04-01T10:00:00Z');
      const now = await memory.profile('ana');
      expect(now.fields.home).toMatchObject({ value: 'Porto', saidBy: [moved.episodeUid] });
      expect(now.fields.employer?.value).toBe('Acme');
      const then = await memory.profile('ana', { asOf: '2026-02-01' });
      expect(then).toMatchObject({ asOf: '2026-02-01T00:00:00.000Z', fields: { home: { value: 'Lisbon' } } });
    });

    it('shows a correction over the whole interval, and a forget everywhere', async () => {
      await memory.addTriples(
        'ana',
        [
          { subject: 'I', predicate: 'works_at', object: 'Globex' },
          { subject: 'I', predicate: 'is_allergic_to', object: 'peanuts' },
          { subject: 'I', predicate: 'is_allergic_to', object: 'shellfish' },
        ],
        { at: '2026-01-01' },
      );
      await memory.updateFact(
        'ana',
        { subject: 'I', predicate: 'works_at' },
        { object: 'Initech', kind: 'correction' },
      );
      expect((await memory.profile('ana')).fields.employer?.value).toBe('Initech');
      expect((await memory.profile('ana', { asOf: '2026-01-02' })).fields.employer?.value).toBe('Initech');

      const shellfish = (await memory.profile('ana')).fields.allergies.find((a) => a.value === 'shellfish');
      await memory.forget({ userId: 'ana', factUid: shellfish?.factUid ?? '' });
      expect((await memory.profile('ana')).fields.allergies.map((a) => a.value)).toEqual(['peanuts']);
    });

    it("reads people's own fields one level deep, by relation, and keeps users apart", async () => {
      await memory.addTriples('ana', [
        { subject: 'I', predicate: 'sister', object: 'Giulia' },
        { subject: 'Giulia', predicate: 'plays', object: 'cello' },
        { subject: 'Giulia', predicate: 'lives in', object: 'Milan' },
        { subject: 'Giulia', predicate: 'friend', object: 'Marco' },
        { subject: 'Marco', predicate: 'friend_of', object: 'I' },
      ]);
      await memory.addTriples('bo', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
      const { fields } = await memory.profile('ana');
      expect(fields.family).toEqual([
        expect.objectContaining({
          value: 'Giulia',
          relation: 'sister',
          about: expect.objectContaining({
            home: expect.objectContaining({ value: 'Milan' }),
            plays: [expect.objectContaining({ value: 'cello' })],
          }),
        }),
      ]);
      // Read backwards through "friend_of"; Giulia's friend is not the user's.
      expect(fields.friends.map((f) => f.value)).toEqual(['Marco']);
      expect(fields.home).toBeNull();
      expect((await memory.profile('bo')).fields.family).toEqual([]);
      expect((await memory.profile('bo')).fields.home?.value).toBe('Oslo');
    });

    it("keeps an agent's instructions in versions, per user apart, deleted and exported with the user", async () => {
      await memory.setInstructions('helper', 'Answer briefly.', { reason: 'house style' });
      await memory.setInstructions('helper', 'Answer in Portuguese.', { userId: 'ana', reason: 'asked' });
      await memory.setInstructions('helper', 'Answer in Portuguese, briefly.', { userId: 'ana' });
      expect((await memory.instructionVersions('helper', { userId: 'ana' })).map((v) => v.version)).toEqual([
        1, 2,
      ]);
      expect((await memory.instructions('helper'))?.text).toBe('Answer briefly.');
      expect(await memory.users()).toEqual(['ana']);
      const exported = await memory.exportUser('ana');
      expect(exported.instructions?.map((v) => v.text)).toEqual([
        'Answer in Portuguese.',
        'Answer in Portuguese, briefly.',
      ]);
      await memory.forget({ userId: 'ana', all: true });
      expect(await memory.instructions('helper', { userId: 'ana' })).toBeNull();
      await memory.importUser(exported);
      expect((await memory.instructions('helper', { userId: 'ana' }))?.version).toBe(2);
      expect((await memory.instructions('helper'))?.text).toBe('Answer briefly.');
    });
  });
}
