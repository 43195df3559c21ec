import { describe, expect, it } from 'vitest';
import { episodeText } from '../../model/episode-text.js';
import { EpisodeIndex } from '../cache/episode-index.js';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

// Turns of the user searched, and of another user who names the same things far more often.
const OWN_TURNS = [
  'I practise the violin every evening in the garden.',
  'We watched a film about a violin maker on Sunday.',
  'My sister baked bread for the neighbours.',
  'I planted tomatoes and beans in the garden.',
  'The bus to work was late again.',
];
const OTHER_TURNS = [
  'I play the violin and the cello.',
  'Violin lessons on Monday, garden club on Tuesday.',
  'My garden has a violin-shaped pond.',
  'The piano and the violin need tuning.',
  'A garden party with a string quartet.',
  'I sold my old violin.',
];

/**
 * Full-text scores are the user's own on every backend: BM25's statistics (how many turns, their
 * lengths, how many hold each term) count the user's turns only, so what other users say moves
 * no score, and the scores are the ones the in-process index computes over the same turns.
 */
export function registerFullTextPerUser(init: StoreInitializer): void {
  describe(`full-text scores are the user's own: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);
    const query = {
      text: 'violin in the garden',
      expansion: [{ word: 'fiddle', weight: 0.5 }],
      concepts: [{ word: 'instrument', weight: 0.3 }],
      vector: null,
      k: 10,
      minSimilarity: 0.1,
    };
    const remember = (userId: string, content: string, i: number) =>
      fresh.memory.remember({
        userId,
        threadId: 'session-1',
        messages: [{ role: 'user', content }],
        at: new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(),
      });

    it("scores a user's turns with that user's turns only, as the in-process index does", async () => {
      const own = [];
      for (const [i, content] of OWN_TURNS.entries()) own.push(await remember('eve', content, i));
      const before = (await fresh.store.searchEpisodes('eve', query)).text;

      // The same scores computed in process over eve's turns alone.
      const index = new EpisodeIndex(64);
      for (const [i, turn] of own.entries())
        index.add(
          turn.episodeUid,
          episodeText([{ role: 'user', content: OWN_TURNS[i] ?? '' }]),
          undefined,
          'session-1',
          new Date(Date.UTC(2026, 0, 1, 10, i)),
        );
      const expected = index.searchText(query);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(before.map((h) => h.uid)).toEqual(expected.map((h) => h.uid));
      for (const [i, hit] of before.entries()) expect(hit.score).toBeCloseTo(expected[i]?.score ?? -1, 9);

      for (const [i, content] of OTHER_TURNS.entries()) await remember('mallory', content, i);
      const after = (await fresh.store.searchEpisodes('eve', query)).text;
      expect(after.map((h) => h.uid)).toEqual(before.map((h) => h.uid));
      for (const [i, hit] of after.entries()) expect(hit.score).toBeCloseTo(before[i]?.score ?? -1, 9);
    });

    it('keeps the scores exact through a forget that rewrites one turn and removes another, and an import', async () => {
      for (const [i, content] of OWN_TURNS.entries()) await remember('eve', content, i);
      await remember('eve', 'My dentist is Dr. Silva. I tune my violin in the garden shed.', 10);
      await remember('eve', 'My dentist is Dr. Silva.', 11);
      const dentist = (await fresh.memory.facts('eve')).find((f) => /silva/i.test(f.object));
      expect(dentist).toBeDefined();
      await fresh.memory.forget({ userId: 'eve', factUid: dentist?.uid ?? '' });
      const turns = await fresh.memory.listEpisodes('eve');
      expect(turns).toHaveLength(OWN_TURNS.length + 1);
      await expectInProcessScores('eve');

      await fresh.memory.importUser(await fresh.memory.exportUser('eve'), { userId: 'eve-restored' });
      await expectInProcessScores('eve-restored');
    });

    /** The store's full-text scores of the user equal the in-process index's over the user's turns. */
    async function expectInProcessScores(userId: string): Promise<void> {
      const index = new EpisodeIndex(64);
      for (const turn of await fresh.memory.listEpisodes(userId))
        index.add(turn.uid, episodeText(turn.messages), undefined, turn.threadId, turn.at);
      const expected = index.searchText(query);
      const found = (await fresh.store.searchEpisodes(userId, query)).text;
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(found.map((h) => h.uid)).toEqual(expected.map((h) => h.uid));
      for (const [i, hit] of found.entries()) expect(hit.score).toBeCloseTo(expected[i]?.score ?? -1, 9);
    }

    it('counts a turn the user adds in the scores of the next search', async () => {
      for (const [i, content] of OWN_TURNS.entries()) await remember('eve', content, i);
      const before = (await fresh.store.searchEpisodes('eve', query)).text;
      await remember('eve', 'The garden violin recital was lovely.', OWN_TURNS.length);
      const after = (await fresh.store.searchEpisodes('eve', query)).text;
      expect(after).toHaveLength(before.length + 1);
      // One more turn holding "violin" and "garden": their idf falls, so a turn's score does too.
      const first = before[0];
      expect(after.find((h) => h.uid === first?.uid)?.score).toBeLessThan(first?.score ?? 0);
    });
  });
}
