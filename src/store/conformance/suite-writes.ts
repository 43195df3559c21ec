import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../embed/hashing.js';
import { createMemory } from '../../memory/create.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import { memoryPerTest } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/** Writes: triples in, atomic batches, and what is said kept exactly as sent. */
export function registerWriteCases(init: StoreInitializer): void {
  describe('addTriples', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('stores a triple as two entities and one current fact', async () => {
      const result = await memory.addTriples('alice', [
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
      ]);
      expect(result).toMatchObject({ added: 1, updated: 0, invalidated: 0, entitiesCreated: 2 });
      const facts = await memory.facts('alice');
      expect(facts).toHaveLength(1);
      expect(facts[0]).toMatchObject({
        subject: 'Polar bear',
        predicate: 'likes',
        key: 'likes',
        object: 'pizza',
        statement: 'Polar bear likes pizza',
        validTo: null,
        mentions: 1,
        episodeIds: ['api'],
      });
    });

    it('counts a repeated current fact as a mention instead of a second edge', async () => {
      await memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }], {
        source: 'thread-1',
      });
      const again = await memory.addTriples(
        'alice',
        [{ subject: 'polar  BEAR', predicate: 'Likes', object: 'Pizza!' }],
        { source: 'thread-2' },
      );
      expect(again).toMatchObject({ added: 0, updated: 1, entitiesCreated: 0 });
      const facts = await memory.facts('alice');
      expect(facts).toHaveLength(1);
      expect(facts[0]?.mentions).toBe(2);
      expect(facts[0]?.episodeIds.sort()).toEqual(['thread-1', 'thread-2']);
      expect(await memory.entities('alice')).toHaveLength(2);
    });

    it('dedupes the same triple within one batch', async () => {
      const result = await memory.addTriples('alice', [
        { subject: 'Ann', predicate: 'likes', object: 'tea' },
        { subject: 'ann', predicate: 'likes', object: 'Tea' },
      ]);
      expect(result.added).toBe(1);
      expect(result.factUids[0]).toBe(result.factUids[1]);
      expect((await memory.facts('alice'))[0]?.mentions).toBe(2);
    });

    it('resolves I, me, my and user to the user entity', async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'likes', object: 'jazz' },
        { subject: 'me', predicate: 'likes', object: 'tea' },
        { subject: 'My', predicate: 'owns', object: 'a bike' },
        { subject: 'user', predicate: 'knows', object: 'Bob' },
      ]);
      const entities = await memory.entities('alice');
      const users = entities.filter((e) => e.key === 'user');
      expect(users).toHaveLength(1);
      expect(users[0]?.mentions).toBe(4);
      expect(users[0]?.name).toBe('User');
      const facts = await memory.facts('alice', { entity: 'me' });
      expect(facts.map((f) => f.statement).sort()).toEqual([
        'User knows Bob',
        'User likes jazz',
        'User likes tea',
        'User owns a bike',
      ]);
    });

    it('accepts the KnowledgeTriple shape (object_)', async () => {
      await memory.addTriples('alice', [{ subject: 'Sasako', predicate: 'friend', object_: 'Polar bear' }]);
      expect((await memory.facts('alice'))[0]?.statement).toBe("Sasako's friend is Polar bear");
    });

    it('closes the previous fact of a functional predicate and keeps it as history', async () => {
      const first = await memory.addTriples(
        'alice',
        [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }],
        {
          at: '2026-01-01T00:00:00Z',
        },
      );
      const second = await memory.addTriples(
        'alice',
        [{ subject: 'I', predicate: 'lives in', object: 'New York' }],
        { at: '2026-06-01T00:00:00Z' },
      );
      expect(second).toMatchObject({ added: 1, invalidated: 1 });
      const current = await memory.facts('alice');
      expect(current.map((f) => f.object)).toEqual(['New York']);
      const history = await memory.facts('alice', { includeHistory: true });
      const paris = history.find((f) => f.object === 'Paris');
      expect(paris?.uid).toBe(first.factUids[0]);
      expect(paris?.validTo?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
      expect(paris?.invalidatedBy).toBe('api');
      expect(paris?.supersededBy).toBe(second.factUids[0]);
      const march = await memory.facts('alice', { asOf: '2026-03-01T00:00:00Z' });
      expect(march.map((f) => f.object)).toEqual(['Paris']);
    });

    it('keeps several current values of a non-functional predicate', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'coffee' }]);
      expect((await memory.facts('alice')).map((f) => f.object).sort()).toEqual(['coffee', 'tea']);
    });

    it('applies functional predicates in order within one batch', async () => {
      const result = await memory.addTriples('alice', [
        { subject: 'I', predicate: 'works_at', object: 'Acme' },
        { subject: 'I', predicate: 'works_at', object: 'Globex' },
      ]);
      expect(result).toMatchObject({ added: 2, invalidated: 1 });
      expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['Globex']);
      expect(await memory.facts('alice', { includeHistory: true })).toHaveLength(2);
    });

    it('honours a custom list of functional predicates', async () => {
      const custom = await createMemory({
        store,
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        functionalPredicates: ['favourite_colour'],
      });
      await custom.addTriples('carol', [{ subject: 'I', predicate: 'favourite colour', object: 'red' }]);
      await custom.addTriples('carol', [{ subject: 'I', predicate: 'favourite_colour', object: 'blue' }]);
      await custom.addTriples('carol', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
      await custom.addTriples('carol', [{ subject: 'I', predicate: 'lives_in', object: 'Bergen' }]);
      const objects = (await custom.facts('carol')).map((f) => f.object).sort();
      expect(objects).toEqual(['Bergen', 'Oslo', 'blue']);
    });

    it('refuses a batch with an invalid triple and writes nothing of it', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      const bad = [
        { subject: 'I', predicate: 'likes', object: 'coffee' },
        { subject: '   ', predicate: 'likes', object: 'cake' },
      ];
      await expect(memory.addTriples('alice', bad)).rejects.toMatchObject({ name: 'InvalidInputError' });
      await expect(
        memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'x'.repeat(2001) }]),
      ).rejects.toMatchObject({ name: 'InvalidInputError' });
      await expect(
        memory.addTriples('alice', [{ subject: 'I', predicate: '---', object: 'cake' }]),
      ).rejects.toMatchObject({ name: 'InvalidInputError' });
      await expect(
        memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'bad\u0000bytes' }]),
      ).rejects.toMatchObject({ name: 'InvalidInputError' });
      for (const userId of ['', '   ', 'x'.repeat(300)]) {
        await expect(
          memory.addTriples(userId, [{ subject: 'I', predicate: 'likes', object: 'tea' }]),
        ).rejects.toMatchObject({ name: 'InvalidInputError' });
      }
      expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['tea']);
    });

    it('creates a shared new entity once under concurrent writes', async () => {
      await Promise.all(
        ['pizza', 'pasta', 'sushi', 'tacos'].map((food) =>
          memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: food }]),
        ),
      );
      const bears = (await memory.entities('alice')).filter((e) => e.key === 'polar bear');
      expect(bears).toHaveLength(1);
      expect(bears[0]?.mentions).toBe(4);
    });

    it('merges a similar name into an existing entity above the threshold and keeps it as an alias', async () => {
      const merging = await createMemory({
        store,
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        mergeThreshold: 0.6,
      });
      await merging.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
      await merging.addTriples('alice', [{ subject: 'Polar bears', predicate: 'likes', object: 'ice' }]);
      const bear = (await merging.entities('alice')).find((e) => e.key === 'polar bear');
      expect(bear?.aliases).toContain('polar bears');
      expect(await merging.facts('alice', { entity: 'polar bears' })).toHaveLength(2);
      // Names that differ in their numbers are never merged, however similar.
      await merging.addTriples('alice', [{ subject: 'Room 101', predicate: 'is in', object: 'Building A' }]);
      await merging.addTriples('alice', [{ subject: 'Room 102', predicate: 'is in', object: 'Building A' }]);
      const rooms = (await merging.entities('alice')).filter((e) => e.key.startsWith('room'));
      expect(rooms.map((e) => e.key).sort()).toEqual(['room 101', 'room 102']);
      // With the default threshold (0.95) the lexical embedder keeps the two names apart.
      await memory.addTriples('bob', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
      await memory.addTriples('bob', [{ subject: 'Polar bears', predicate: 'likes', object: 'ice' }]);
      expect((await memory.entities('bob')).map((e) => e.key)).toContain('polar bears');
    });
  });

  describe('atomic writes', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('leaves nothing behind when a batch fails part-way', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      const [tea] = await memory.entities('alice').then((list) => list.filter((e) => e.key === 'tea'));
      const now = new Date();
      const entity = (uid: string, key: string) => ({
        uid,
        key,
        name: key,
        type: '',
        summary: '',
        aliases: [key],
        embedding: new Array(64).fill(0.1),
        at: now,
        mentions: 1,
      });
      // The second entity reuses the uid of an existing one: the write must fail as a whole.
      await expect(
        store.write({
          userId: 'alice',
          at: now,
          entities: [entity('fresh-uid-1', 'brand new'), entity(tea?.uid ?? 'x', 'duplicate')],
          keys: [],
          touches: [],
          facts: [],
          mentions: [],
          invalidations: [],
          validFrom: [],
        }),
      ).rejects.toThrow();
      const keys = (await memory.entities('alice')).map((e) => e.key).sort();
      expect(keys).toEqual(['tea', 'user']);
      expect(await store.entityByKey('alice', 'brand new')).toBeUndefined();
    });
  });

  describe('exactly as sent', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('keeps a turn byte-exact: edge whitespace, tabs, CRLF, non-BMP characters, names and thread ids', async () => {
      const long = `  ${'x'.repeat(5_990)}\t `;
      const reply = `\r\n\tdef f():\r\n\t\treturn 1  \r\n${'🦜 '.repeat(6_000)}`;
      const messages = [
        { role: 'user' as const, content: long, name: '  Ana María ' },
        { role: 'assistant' as const, content: reply },
        { role: 'user' as const, content: '𝒜 address:\n  12 Rue X  \n  Paris\t' },
      ];
      const threadId = ' thread\t1 ';
      const result = await memory.remember({ userId: 'eve', threadId, messages, at: '2026-02-01' });
      const [stored] = await memory.listEpisodes('eve', { uids: [result.episodeUid] });
      expect(stored?.threadId).toBe(threadId);
      expect(stored?.messages).toEqual(messages);
      expect(stored?.messages.map((m) => m.content.length)).toEqual(messages.map((m) => m.content.length));
      // Sent again exactly, it is the same turn; with one character less, another.
      expect((await memory.remember({ userId: 'eve', threadId, messages, at: '2026-02-01' })).status).toBe(
        'duplicate',
      );
    });

    it('refuses a user id with surrounding whitespace instead of reading it as another user', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }]);
      for (const id of ['alice ', ' alice', '\talice'])
        await expect(
          memory.addTriples(id, [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }]),
        ).rejects.toMatchObject({ name: 'InvalidInputError', message: expect.stringContaining('exact') });
      await expect(memory.recall({ userId: 'alice ', query: 'where do I live' })).rejects.toMatchObject({
        name: 'InvalidInputError',
      });
      expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['Paris']);
      expect(await memory.users()).toEqual(['alice']);
      // Inner spaces are part of an id like any other character.
      await memory.addTriples('alice smith', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
      expect((await memory.facts('alice smith')).map((f) => f.object)).toEqual(['Oslo']);
    });
  });
}
