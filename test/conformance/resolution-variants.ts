import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { USER_ENTITY_KEY } from '../../src/model/normalize.js';
import type { GraphStore } from '../../src/store/base.js';
import type { StoreInitializer } from './types.js';

/**
 * One thing, one node: a name said later as a variant of a stored one (an acronym, without its
 * legal suffix, title or article, with other initials or diacritics) joins that entity as an
 * alias, on every backend (on Neo4j the write is planned inside its locked transaction).
 */
export function registerResolutionVariants(init: StoreInitializer): void {
  describe(`resolution of name variants: ${init.name}`, () => {
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

    const others = async (userId: string) =>
      (await memory.entities(userId)).filter((e) => e.key !== USER_ENTITY_KEY);

    it('merges "NYC" into "New York City" and "Acme" into "Acme Inc.", keeping what each fact said', async () => {
      await memory.addTriples('ana', [
        { subject: 'I', predicate: 'lives_in', object: 'New York City' },
        { subject: 'I', predicate: 'works_at', object: 'Acme Inc.' },
      ]);
      await memory.addTriples('ana', [
        { subject: 'NYC', predicate: 'is_in', object: 'USA' },
        { subject: 'Acme', predicate: 'makes', object: 'anvils' },
      ]);
      const entities = await others('ana');
      expect(entities.map((e) => e.name).sort()).toEqual(['Acme Inc.', 'New York City', 'USA', 'anvils']);
      expect(entities.find((e) => e.name === 'New York City')?.aliases).toContain('nyc');
      expect((await memory.facts('ana')).map((f) => f.statement).sort()).toEqual([
        'Acme Inc. makes anvils',
        'New York City is in USA',
        'User lives in New York City',
        'User works at Acme Inc.',
      ]);
      // The alias now resolves by key, as any alias does.
      expect((await store.entityByKey('ana', 'nyc'))?.name).toBe('New York City');
    });

    it('keeps look-alikes apart, and a person apart from a place of the same canonical name', async () => {
      await memory.addTriples('bo', [
        { subject: 'I', predicate: 'visited', object: 'Austria' },
        { subject: 'I', predicate: 'uses', object: 'C' },
      ]);
      await memory.addTriples('bo', [
        { subject: 'I', predicate: 'visited', object: 'Australia' },
        { subject: 'I', predicate: 'uses', object: 'C++' },
      ]);
      expect((await others('bo')).map((e) => e.name).sort()).toEqual(['Australia', 'Austria', 'C', 'C++']);

      await memory.addTriples('cy', [
        { subject: 'I', subjectType: 'person', predicate: 'visited', object: 'Jordan', objectType: 'place' },
      ]);
      await memory.addTriples('cy', [
        { subject: 'I', predicate: 'knows', object: 'Dr. Jordan', objectType: 'person' },
      ]);
      expect((await others('cy')).map((e) => e.name).sort()).toEqual(['Dr. Jordan', 'Jordan']);
    });
  });
}
