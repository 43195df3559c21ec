import { describe, expect, it } from 'vitest';
import { USER_ENTITY_KEY } from '../../model/normalize.js';
import { freshMemoryEach } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/**
 * One thing, one node: a name said later as a variant of a stored one (an acronym, without its
 * legal suffix, title or article, with other initials or diacritics) joins that entity as an
 * alias, on every backend (on Neo4j the write is planned inside its locked transaction).
 */
export function registerResolutionVariants(init: StoreInitializer): void {
  describe(`resolution of name variants: ${init.name}`, () => {
    const fresh = freshMemoryEach(init);

    const others = async (userId: string) =>
      (await fresh.memory.entities(userId)).filter((e) => e.key !== USER_ENTITY_KEY);

    it('merges "NYC" into "New York City" and "Acme" into "Acme Inc.", keeping what each fact said', async () => {
      await fresh.memory.addTriples('ana', [
        { subject: 'I', predicate: 'lives_in', object: 'New York City' },
        { subject: 'I', predicate: 'works_at', object: 'Acme Inc.' },
      ]);
      await fresh.memory.addTriples('ana', [
        { subject: 'NYC', predicate: 'is_in', object: 'USA' },
        { subject: 'Acme', predicate: 'makes', object: 'anvils' },
      ]);
      const entities = await others('ana');
      expect(entities.map((e) => e.name).sort()).toEqual(['Acme Inc.', 'New York City', 'USA', 'anvils']);
      expect(entities.find((e) => e.name === 'New York City')?.aliases).toContain('nyc');
      expect((await fresh.memory.facts('ana')).map((f) => f.statement).sort()).toEqual([
        'Acme Inc. makes anvils',
        'New York City is in USA',
        'User lives in New York City',
        'User works at Acme Inc.',
      ]);
      // The alias now resolves by key, as any alias does.
      expect((await fresh.store.entityByKey('ana', 'nyc'))?.name).toBe('New York City');
    });

    it('keeps look-alikes apart, and a person apart from a place of the same canonical name', async () => {
      await fresh.memory.addTriples('bo', [
        { subject: 'I', predicate: 'visited', object: 'Austria' },
        { subject: 'I', predicate: 'uses', object: 'C' },
      ]);
      await fresh.memory.addTriples('bo', [
        { subject: 'I', predicate: 'visited', object: 'Australia' },
        { subject: 'I', predicate: 'uses', object: 'C++' },
      ]);
      expect((await others('bo')).map((e) => e.name).sort()).toEqual(['Australia', 'Austria', 'C', 'C++']);

      await fresh.memory.addTriples('cy', [
        { subject: 'I', subjectType: 'person', predicate: 'visited', object: 'Jordan', objectType: 'place' },
      ]);
      await fresh.memory.addTriples('cy', [
        { subject: 'I', predicate: 'knows', object: 'Dr. Jordan', objectType: 'person' },
      ]);
      expect((await others('cy')).map((e) => e.name).sort()).toEqual(['Dr. Jordan', 'Jordan']);
    });
    it("reads a person's given or family name alone as the one full name that has it, never two, never a place", async () => {
      const person = (name: string) => ({
        subject: name,
        subjectType: 'person',
        predicate: 'likes',
        object: 'tea',
      });
      await fresh.memory.addTriples('di', [person('Maria Lopes')]);
      await fresh.memory.remember({
        userId: 'di',
        threadId: 't',
        messages: [{ role: 'user', content: 'Maria loves cello.' }],
      });
      await fresh.memory.addTriples('di', [person('Lopes')]);
      expect((await others('di')).map((e) => [e.name, [...e.aliases].sort()])).toEqual(
        expect.arrayContaining([['Maria Lopes', ['lopes', 'maria', 'maria lopes']]]),
      );
      expect(await fresh.memory.merges('di')).toMatchObject([
        { kind: 'join', alias: 'maria', entityName: 'Maria Lopes', reason: 'variant' },
        { kind: 'join', alias: 'lopes', entityName: 'Maria Lopes', reason: 'variant' },
      ]);

      await fresh.memory.addTriples('ed', [person('Maria Lopes'), person('Maria Silva')]);
      await fresh.memory.addTriples('ed', [person('Maria')]);
      await fresh.memory.addTriples('ed', [
        { subject: 'I', predicate: 'visited', object: 'Paris', objectType: 'place' },
      ]);
      await fresh.memory.addTriples('ed', [person('Paris Hilton')]);
      await fresh.memory.addTriples('ed', [
        { subject: 'I', predicate: 'visited', object: 'Jordan', objectType: 'place' },
      ]);
      expect((await others('ed')).map((e) => e.name).sort()).toEqual([
        'Jordan',
        'Maria',
        'Maria Lopes',
        'Maria Silva',
        'Paris',
        'Paris Hilton',
        'tea',
      ]);
    });
  });
}
