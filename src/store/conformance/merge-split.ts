import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../memory/export-format.js';
import type { Memory } from '../../memory/memory.js';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

const at = (day: string) => ({ at: new Date(`${day}T12:00:00Z`) });

/** A user with two entities that are one person ("Landlord" and "Peter Brown"), on purpose unlike names. */
async function twoNamesForOnePerson(memory: Memory): Promise<void> {
  await memory.addTriples(
    'ana',
    [{ subject: 'Landlord', predicate: 'works at', object: 'Old Bank' }],
    at('2019-03-01'),
  );
  await memory.addTriples(
    'ana',
    [{ subject: 'Landlord', predicate: 'works at', object: 'City Hall' }],
    at('2020-03-01'),
  );
  await memory.addTriples(
    'ana',
    [{ subject: 'Landlord', predicate: 'lives in', object: 'Porto' }],
    at('2021-01-01'),
  );
  await memory.addTriples(
    'ana',
    [{ subject: 'Peter Brown', predicate: 'lives in', object: 'Braga' }],
    at('2022-01-01'),
  );
  await memory.addTriples(
    'ana',
    [
      { subject: 'Landlord', predicate: 'owns', object: 'Red Van' },
      { subject: 'Peter Brown', predicate: 'owns', object: 'Red Van' },
      { subject: 'I', predicate: 'rents from', object: 'Landlord' },
    ],
    at('2022-06-01'),
  );
  await memory.remember({
    userId: 'ana',
    threadId: 't',
    messages: [{ role: 'user', content: 'My landlord is called Landlord.' }],
  });
}

/** The user's records as an export holds them, without the times a merge or split itself sets. */
function records(doc: ExportDocument) {
  return {
    entities: doc.entities.map(({ updatedAt: _u, ...e }) => e).sort((a, b) => a.uid.localeCompare(b.uid)),
    facts: [...doc.facts].sort((a, b) => a.uid.localeCompare(b.uid)),
    mentions: doc.episodes.map((e) => [e.uid, e.mentions]),
  };
}

/**
 * Merge and split by hand: a merge moves every fact with its history, counts a fact said twice
 * once and closes the earlier of two current one-value facts; a split of the merged name undoes
 * it exactly. Both are one transaction with a record that export and import keep.
 */
export function registerMergeSplit(init: StoreInitializer): void {
  describe(`merge and split by hand: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);

    it('merges two entities into one, following the temporal rules, and a split restores the facts exactly', async () => {
      const { memory } = fresh;
      await twoNamesForOnePerson(memory);
      const before = records(await memory.exportUser('ana'));

      const merged = await memory.mergeEntities('ana', 'Peter Brown', 'Landlord', { reason: 'the same man' });
      // Six facts move: the five written about Landlord, and the user's landlord named in the turn.
      expect(merged).toMatchObject({ moved: 6, absorbed: 1, closed: 1 });
      expect(merged.entity.name).toBe('Peter Brown');
      expect(merged.entity.aliases).toEqual(expect.arrayContaining(['peter brown', 'landlord']));
      const facts = await memory.facts('ana', { entity: 'Peter Brown', includeHistory: true });
      const current = facts.filter((f) => f.validTo === null).map((f) => f.statement);
      expect(current).toEqual(
        expect.arrayContaining([
          'Peter Brown lives in Braga',
          'Landlord works at City Hall',
          'User rents from Landlord',
          "User's landlord is Landlord",
        ]),
      );
      const porto = facts.find((f) => f.statement === 'Landlord lives in Porto');
      const braga = facts.find((f) => f.statement === 'Peter Brown lives in Braga');
      expect(porto?.validTo?.toISOString()).toBe('2022-01-01T12:00:00.000Z');
      expect(porto?.supersededBy).toBe(braga?.uid);
      const vans = facts.filter((f) => f.key === 'owns');
      expect(vans).toHaveLength(1);
      expect(vans[0]?.mentions).toBe(2);
      expect((await memory.entities('ana')).map((e) => e.name)).not.toContain('Landlord');
      const recalled = await memory.recall({ userId: 'ana', query: 'where does my landlord live?' });
      expect(recalled.facts.slice(0, 3).map((f) => f.statement)).toContain('Peter Brown lives in Braga');

      const split = await memory.splitEntity('ana', 'Peter Brown', 'Landlord');
      expect(split).toMatchObject({ undid: merged.mergeId, moved: 6 });
      expect(split.entity.name).toBe('Landlord');
      expect(split.from.aliases).not.toContain('landlord');
      expect(records(await memory.exportUser('ana'))).toEqual(before);
      const [record] = await memory.merges('ana');
      expect(record).toMatchObject({
        id: merged.mergeId,
        reason: 'the same man',
        undoneAt: expect.any(String),
      });
    });

    it('refuses what cannot be merged or split, with what to do, and changes nothing', async () => {
      const { memory } = fresh;
      await twoNamesForOnePerson(memory);
      const before = await memory.exportUser('ana');
      await expect(memory.mergeEntities('ana', 'Peter Brown', 'Peter Brown')).rejects.toThrow(
        /already one entity/,
      );
      await expect(memory.mergeEntities('ana', 'Peter Brown', 'Nobody')).rejects.toMatchObject({
        name: 'NotFoundError',
      });
      await expect(memory.mergeEntities('ana', 'Landlord', 'me')).rejects.toThrow(/the other way round/);
      await expect(memory.mergeEntities('bo', 'Peter Brown', 'Landlord')).rejects.toMatchObject({
        name: 'NotFoundError',
      });
      await expect(memory.splitEntity('ana', 'Peter Brown', 'Landlord')).rejects.toThrow(/not an alias/);
      await expect(memory.splitEntity('ana', 'Peter Brown', 'peter brown')).rejects.toThrow(/own name/);
      expect(records(await memory.exportUser('ana'))).toEqual(records(before));
    });

    it('keeps aliases and merge records through export and import, into the same user and a copy', async () => {
      const { memory } = fresh;
      await twoNamesForOnePerson(memory);
      const before = records(await memory.exportUser('ana'));
      const merged = await memory.mergeEntities('ana', 'Peter Brown', 'Landlord');
      const doc = await memory.exportUser('ana');
      expect(doc.merges?.map((m) => m.id)).toEqual([merged.mergeId]);
      expect(doc.entities.find((e) => e.name === 'Peter Brown')?.aliases).toContain('landlord');

      await memory.forget({ userId: 'ana', all: true });
      await memory.importUser(JSON.parse(JSON.stringify(doc)));
      await memory.importUser(JSON.parse(JSON.stringify(doc)), { userId: 'ana-copy' });
      expect((await memory.merges('ana')).map((m) => m.id)).toEqual([merged.mergeId]);
      await memory.splitEntity('ana', 'Peter Brown', 'Landlord');
      expect(records(await memory.exportUser('ana'))).toEqual(before);

      // The merged name resolves to the entity that stayed.
      await memory.addTriples('ana-copy', [{ subject: 'Landlord', predicate: 'likes', object: 'jazz' }]);
      expect((await memory.facts('ana-copy', { entity: 'Peter Brown' })).map((f) => f.object)).toContain(
        'jazz',
      );
      const copy = await memory.splitEntity('ana-copy', 'Peter Brown', 'landlord');
      expect(copy.undid).toBe(merged.mergeId);
      const copied = await memory.facts('ana-copy', { entity: 'Landlord', includeHistory: true });
      expect(copied.map((f) => f.statement).sort()).toEqual(
        before.facts
          .filter((f) => f.subject === 'Landlord' || f.object === 'Landlord')
          .map((f) => f.statement)
          .sort(),
      );
    });

    it('splits off an alias that joined as it was written, with the facts its turns said', async () => {
      const { memory } = fresh;
      await memory.addTriples('cy', [{ subject: 'I', predicate: 'works at', object: 'Acme' }]);
      await memory.remember({
        userId: 'cy',
        threadId: 't',
        messages: [{ role: 'user', content: 'My sister Lia works at Acme Inc.' }],
      });
      const acme = (await memory.entities('cy')).find((e) => e.name === 'Acme');
      expect(acme?.aliases).toContain('acme inc');
      const split = await memory.splitEntity('cy', 'Acme', 'Acme Inc.');
      expect(split.undid).toBeNull();
      expect(split.entity).toMatchObject({ name: 'Acme Inc.', aliases: ['acme inc'] });
      const facts = await memory.facts('cy');
      expect(facts.find((f) => f.predicate === 'works at' && f.subject === 'User')?.object).toBe('Acme');
      const lia = facts.find((f) => f.subject === 'Lia' && f.key === 'works_at');
      expect(lia).toMatchObject({ object: 'Acme Inc.', statement: 'Lia works at Acme Inc.' });
      expect(await memory.merges('cy')).toEqual([
        {
          kind: 'join',
          id: expect.any(String),
          at: expect.any(String),
          reason: 'variant',
          alias: 'acme inc',
          name: 'Acme Inc',
          entityUid: acme?.uid,
          entityName: 'Acme',
          undoneAt: expect.any(String),
        },
      ]);
    });
  });
}
