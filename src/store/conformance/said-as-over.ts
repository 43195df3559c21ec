import { describe, expect, it } from 'vitest';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/**
 * A fact said as over ("I used to work at Google"): kept as history, closed when said, and
 * closing nothing else; a value known to hold is closed then; the context says it is over, not
 * that it was never true.
 */
export function registerSaidAsOver(init: StoreInitializer): void {
  describe(`facts said as over: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);
    const said = (content: string, at: string) =>
      fresh.memory.remember({
        userId: 'ana',
        threadId: 'life',
        messages: [{ role: 'user', content }],
        at: new Date(at),
      });
    /** The user's facts of a predicate as `object [from, to)`, oldest first. */
    const history = async (predicate: string) =>
      (await fresh.memory.facts('ana', { includeHistory: true, predicate }))
        .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime() || a.object.localeCompare(b.object))
        .map(
          (f) =>
            `${f.object} [${f.validFrom.toISOString().slice(0, 10)}, ${f.validTo?.toISOString().slice(0, 10) ?? 'now'})`,
        );

    it('keeps a past job as history beside the job that followed it', async () => {
      const turn = await said('I used to work at Google before Farfetch.', '2026-03-01T10:00:00Z');
      expect(await history('works_at')).toEqual([
        'Farfetch [2026-03-01, now)',
        'Google [2026-03-01, 2026-03-01)',
      ]);
      const google = (await fresh.memory.facts('ana', { includeHistory: true, predicate: 'works_at' })).find(
        (f) => f.object === 'Google',
      );
      expect(google).toMatchObject({
        supersededBy: null,
        invalidatedBy: turn.episodeUid,
        episodeIds: [turn.episodeUid],
      });
      expect(await fresh.memory.facts('ana', { predicate: 'worked_at', includeHistory: true })).toEqual([]);
    });

    it('closes nothing else: a past home leaves the current one current', async () => {
      await said('I live in Porto.', '2026-01-01T10:00:00Z');
      await said('I used to live in Lisbon.', '2026-02-01T10:00:00Z');
      expect(await history('lives_in')).toEqual([
        'Porto [2026-01-01, now)',
        'Lisbon [2026-02-01, 2026-02-01)',
      ]);
    });

    it('closes a value known to hold when it is said to be over', async () => {
      await said('I work at Acme.', '2026-01-01T10:00:00Z');
      await said('I worked at Acme.', '2026-02-01T10:00:00Z');
      expect(await history('works_at')).toEqual(['Acme [2026-01-01, 2026-02-01)']);
      // Said again: nothing changes.
      await said('I worked at Acme.', '2026-02-01T10:00:00Z');
      expect(await history('works_at')).toEqual(['Acme [2026-01-01, 2026-02-01)']);
    });

    it('says in the context that it is over, not that it was never true', async () => {
      await said('I used to live in Lisbon.', '2026-02-01T10:00:00Z');
      const recalled = await fresh.memory.recall({
        userId: 'ana',
        query: 'Where did I live?',
        includeHistory: true,
      });
      expect(recalled.context).toContain(
        'User lives in Lisbon (said on 2026-02-01 to be over: no longer true)',
      );
      expect(recalled.context).not.toContain('retracted');
      expect((await fresh.memory.recall({ userId: 'ana', query: 'Where do I live?' })).facts).toEqual([]);
    });
  });
}
