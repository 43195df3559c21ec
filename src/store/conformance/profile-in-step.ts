import { describe, expect, it } from 'vitest';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/**
 * The profile is a view of the facts: a move, a correction and a forget show in the very next
 * read, `asOf` gives what held then, people carry their own fields, and users never see each
 * other's.
 */
export function registerProfileInStep(init: StoreInitializer): void {
  describe(`profile in step with the graph: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);

    const said = (userId: string, content: string, at: string) =>
      fresh.memory.remember({
        userId,
        threadId: 'life',
        messages: [{ role: 'user', content }],
        at: new Date(at),
      });

    it('shows a move at once, the old home as of before it, with the turn that said each', async () => {
      const first = await said('ana', 'I live in Lisbon. I work at Acme.', '2026-01-05T10:00:00Z');
      expect((await fresh.memory.profile('ana')).fields.home).toMatchObject({
        value: 'Lisbon',
        saidBy: [first.episodeUid],
        since: '2026-01-05T10:00:00.000Z',
      });
      const moved = await said('ana', 'I moved to Porto.', '2026-04-01T10:00:00Z');
      const now = await fresh.memory.profile('ana');
      expect(now.fields.home).toMatchObject({ value: 'Porto', saidBy: [moved.episodeUid] });
      expect(now.fields.employer?.value).toBe('Acme');
      const then = await fresh.memory.profile('ana', { asOf: '2026-02-01' });
      expect(then).toMatchObject({ asOf: '2026-02-01T00:00:00.000Z', fields: { home: { value: 'Lisbon' } } });
    });

    it('shows a correction over the whole interval, and a forget everywhere', async () => {
      await fresh.memory.addTriples(
        'ana',
        [
          { subject: 'I', predicate: 'works_at', object: 'Globex' },
          { subject: 'I', predicate: 'is_allergic_to', object: 'peanuts' },
          { subject: 'I', predicate: 'is_allergic_to', object: 'shellfish' },
        ],
        { at: '2026-01-01' },
      );
      await fresh.memory.updateFact(
        'ana',
        { subject: 'I', predicate: 'works_at' },
        { object: 'Initech', kind: 'correction' },
      );
      expect((await fresh.memory.profile('ana')).fields.employer?.value).toBe('Initech');
      expect((await fresh.memory.profile('ana', { asOf: '2026-01-02' })).fields.employer?.value).toBe(
        'Initech',
      );

      const shellfish = (await fresh.memory.profile('ana')).fields.allergies.find(
        (a) => a.value === 'shellfish',
      );
      await fresh.memory.forget({ userId: 'ana', factUid: shellfish?.factUid ?? '' });
      expect((await fresh.memory.profile('ana')).fields.allergies.map((a) => a.value)).toEqual(['peanuts']);
    });

    it("reads people's own fields one level deep, by relation, and keeps users apart", async () => {
      await fresh.memory.addTriples('ana', [
        { subject: 'I', predicate: 'sister', object: 'Giulia' },
        { subject: 'Giulia', predicate: 'plays', object: 'cello' },
        { subject: 'Giulia', predicate: 'lives in', object: 'Milan' },
        { subject: 'Giulia', predicate: 'friend', object: 'Marco' },
        { subject: 'Marco', predicate: 'friend_of', object: 'I' },
      ]);
      await fresh.memory.addTriples('bo', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
      const { fields } = await fresh.memory.profile('ana');
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
      expect((await fresh.memory.profile('bo')).fields.family).toEqual([]);
      expect((await fresh.memory.profile('bo')).fields.home?.value).toBe('Oslo');
    });

    it("keeps an agent's instructions in versions, per user apart, deleted and exported with the user", async () => {
      await fresh.memory.setInstructions('helper', 'Answer briefly.', { reason: 'house style' });
      await fresh.memory.setInstructions('helper', 'Answer in Portuguese.', {
        userId: 'ana',
        reason: 'asked',
      });
      await fresh.memory.setInstructions('helper', 'Answer in Portuguese, briefly.', { userId: 'ana' });
      expect(
        (await fresh.memory.instructionVersions('helper', { userId: 'ana' })).map((v) => v.version),
      ).toEqual([1, 2]);
      expect((await fresh.memory.instructions('helper'))?.text).toBe('Answer briefly.');
      expect(await fresh.memory.users()).toEqual(['ana']);
      const exported = await fresh.memory.exportUser('ana');
      expect(exported.instructions?.map((v) => v.text)).toEqual([
        'Answer in Portuguese.',
        'Answer in Portuguese, briefly.',
      ]);
      await fresh.memory.forget({ userId: 'ana', all: true });
      expect(await fresh.memory.instructions('helper', { userId: 'ana' })).toBeNull();
      await fresh.memory.importUser(exported);
      expect((await fresh.memory.instructions('helper', { userId: 'ana' }))?.version).toBe(2);
      expect((await fresh.memory.instructions('helper'))?.text).toBe('Answer briefly.');
    });
  });
}
