import { describe, expect, it } from 'vitest';
import type { Memory } from '../../memory/memory.js';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/** Everything a user's memory returns anywhere, as one text: recall, turns, entities, export. */
async function everything(memory: Memory, userId: string, query: string): Promise<string> {
  const recalled = await memory.recall({ userId, query });
  const found = await memory.searchEntities(userId, query, { limit: 10 });
  return JSON.stringify([
    recalled,
    found,
    await memory.listEpisodes(userId),
    await memory.entities(userId),
    await memory.graph(userId),
    await memory.exportUser(userId),
  ]);
}

/**
 * Forget means forget, on every read: after `forget` of a fact or an entity, no recall, context,
 * stored turn, entity list, graph or export says what was forgotten, and what else the same turn
 * said is still recalled.
 */
export function registerForgetLeavesNothing(init: StoreInitializer): void {
  describe(`forget leaves nothing behind: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);

    const said = async (userId: string, content: string) =>
      fresh.memory.remember({ userId, threadId: 'life', messages: [{ role: 'user', content }] });

    it('forgets a fact, the sentence of the turn that said it and the entity left with no fact', async () => {
      await said('ana', 'My dentist is Dr. Silva. I live in Porto.');
      const dentist = (await fresh.memory.facts('ana')).find((f) => f.object === 'Dr. Silva');
      expect(dentist).toBeDefined();
      expect(await fresh.memory.forget({ userId: 'ana', factUid: dentist?.uid ?? '' })).toEqual({
        deleted: true,
      });

      expect(await everything(fresh.memory, 'ana', 'who is my dentist?')).not.toMatch(/silva/i);
      const [turn] = await fresh.memory.listEpisodes('ana');
      expect(turn?.messages).toEqual([{ role: 'user', content: 'I live in Porto.' }]);
      const home = await fresh.memory.recall({ userId: 'ana', query: 'where do I live?' });
      expect(home.facts[0]?.statement).toBe('User lives in Porto');
      expect(home.episodes.map((e) => e.excerpt)).toContain('user: I live in Porto.');
    });

    it('removes a turn that said nothing else, and keeps turns with --keep-turns', async () => {
      await said('ana', 'My dentist is Dr. Silva.');
      await said('bo', 'My dentist is Dr. Silva.');
      const uidOf = async (userId: string) =>
        (await fresh.memory.facts(userId)).find((f) => f.object === 'Dr. Silva')?.uid ?? '';
      await fresh.memory.forget({ userId: 'ana', factUid: await uidOf('ana') });
      expect(await fresh.memory.listEpisodes('ana')).toEqual([]);
      expect(await everything(fresh.memory, 'ana', 'dentist')).not.toMatch(/silva/i);

      await fresh.memory.forget({ userId: 'bo', factUid: await uidOf('bo'), keepTurns: true });
      expect((await fresh.memory.facts('bo')).map((f) => f.object)).not.toContain('Dr. Silva');
      expect((await fresh.memory.listEpisodes('bo')).map((e) => e.messages[0]?.content)).toEqual([
        'My dentist is Dr. Silva.',
      ]);
    });

    it('forgets an entity with its facts and every sentence naming it, keeping the rest', async () => {
      await said('ana', 'Marta lives in Valencia. I play the cello.');
      await said('ana', 'I like tea. Marta plays tennis.');
      await fresh.memory.addTriples('ana', [{ subject: 'I', predicate: 'likes', object: 'Valencia' }]);
      expect(await fresh.memory.forget({ userId: 'ana', entity: 'Marta' })).toEqual({ deleted: true });

      expect(await everything(fresh.memory, 'ana', 'what does Marta play?')).not.toMatch(/marta|tennis/i);
      expect((await fresh.memory.listEpisodes('ana')).map((e) => e.messages[0]?.content)).toEqual([
        'I play the cello.',
        'I like tea.',
      ]);
      // Valencia is still what another fact says; tennis was only Marta's.
      expect((await fresh.memory.entities('ana')).map((e) => e.name).sort()).toEqual(
        ['User', 'Valencia', 'cello', 'tea'].sort(),
      );
      const tea = await fresh.memory.recall({ userId: 'ana', query: 'what do I like to drink?' });
      expect(tea.episodes.map((e) => e.excerpt)).toContain('user: I like tea.');
    });

    it('refuses a keepTurns that is not a boolean, forgetting nothing', async () => {
      await said('ana', 'My dentist is Dr. Silva.');
      const [fact] = await fresh.memory.facts('ana');
      await expect(
        fresh.memory.forget({ userId: 'ana', factUid: fact?.uid ?? '', keepTurns: 'yes' as never }),
      ).rejects.toMatchObject({ name: 'InvalidInputError' });
      expect(await fresh.memory.facts('ana')).toHaveLength(1);
    });
  });
}
