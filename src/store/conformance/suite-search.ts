import { beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../embed/hashing.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import { memoryPerTest } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/** Searching: stored turns and fact similarity, and recall through the public API. */
export function registerSearchCases(init: StoreInitializer): void {
  describe('episodes and fact similarity', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    const turn = (content: string, at: string, threadId = 'session-1') => ({
      userId: 'eve',
      threadId,
      messages: [{ role: 'user', content }],
      at,
    });

    it('finds stored turns by their words and by similarity, user-scoped, with thread neighbours', async () => {
      const first = await memory.remember(
        turn('I went to a pottery workshop yesterday.', '2026-01-01T10:00:00Z'),
      );
      const second = await memory.remember(
        turn('The clay was cold but fun to shape.', '2026-01-01T10:01:00Z'),
      );
      const third = await memory.remember(turn('Then we had tea in the garden.', '2026-01-01T10:02:00Z'));
      await memory.remember({
        ...turn('I also love pottery workshops.', '2026-01-02T10:00:00Z'),
        userId: 'mallory',
      });
      const hits = await store.searchEpisodes('eve', {
        text: 'pottery workshop',
        vector: await memory.embedder.embeddings.embedQuery('pottery workshop'),
        k: 5,
        minSimilarity: 0.1,
      });
      expect(hits.text[0]?.uid).toBe(first.episodeUid);
      expect(hits.vector[0]?.uid).toBe(first.episodeUid);
      const all = [...hits.text, ...hits.vector].map((h) => h.uid);
      expect(all.every((uid) => [first, second, third].some((t) => t.episodeUid === uid))).toBe(true);
      const around = await store.episodeNeighbours('eve', [second.episodeUid], 1);
      expect(around.get(second.episodeUid)?.sort()).toEqual([first.episodeUid, third.episodeUid].sort());

      const recalled = await memory.recall({
        userId: 'eve',
        query: 'what did I do at the pottery workshop?',
      });
      expect(recalled.episodes[0]?.uid).toBe(first.episodeUid);
      expect(recalled.episodes[0]?.excerpt).toContain('pottery workshop');
      expect(
        recalled.episodes.some((e) => e.uid === second.episodeUid && e.signals.includes('neighbour')),
      ).toBe(true);
      expect(recalled.context).toContain('pottery workshop');
    });

    it('finds a turn by the kind of thing it names (its concepts), for this user only', async () => {
      const violin = await memory.remember(
        turn('I practise the violin every evening.', '2026-01-01T10:00:00Z'),
      );
      const others = [
        'We watched a film on Sunday.',
        'My sister baked bread for the neighbours.',
        'The bus to work was late again.',
        'I planted tomatoes in the garden.',
        'Our team won the quiz at the pub.',
      ];
      for (const [i, content] of others.entries())
        await memory.remember(turn(content, `2026-01-0${i + 2}T10:00:00Z`));
      const cello = await memory.remember({
        ...turn('I play the cello at night.', '2026-01-01T10:02:00Z'),
        userId: 'mallory',
      });
      const query = { text: 'which instruments', vector: null, k: 5, minSimilarity: 0.1 };
      // No word of the question is in the turn: only its concepts find it.
      expect((await store.searchEpisodes('eve', query)).text).toEqual([]);
      const hits = await store.searchEpisodes('eve', {
        ...query,
        concepts: [{ word: 'which instruments', weight: 0.3 }],
      });
      expect(hits.text.map((h) => h.uid)).toEqual([violin.episodeUid]);

      // Asked of eve's memory, the question naming no one asks eve's own relation (`plays`):
      // her violin first, as a fact and as the turn that said it; mallory's cello nowhere.
      const recalled = await memory.recall({ userId: 'eve', query: 'Which instruments?' });
      expect(recalled.facts[0]?.statement).toBe('User plays violin');
      expect(recalled.episodes[0]?.uid).toBe(violin.episodeUid);
      expect(recalled.episodes[0]?.signals).toContain('episode-text');
      expect(recalled.episodes.map((e) => e.uid)).not.toContain(cello.episodeUid);
      expect(recalled.context).not.toContain('cello');
    });

    it('searches and recalls past turns whose embedding is zero (emoji, dots) without failing', async () => {
      for (const [i, content] of ['🙂🙂', '...', 'I baked a lemon cake for the party.'].entries())
        await memory.remember(turn(content, `2026-03-0${i + 1}T10:00:00Z`));
      const vector = await new HashingEmbeddings({ dimension: 64 }).embedQuery('lemon cake');
      const hits = await store.searchEpisodes('eve', {
        text: 'lemon cake',
        vector,
        k: 5,
        minSimilarity: 0.1,
      });
      expect(hits.vector.length).toBeGreaterThan(0);
      const recalled = await memory.recall({ userId: 'eve', query: 'What did I bake?' });
      expect(recalled.episodes[0]?.excerpt).toContain('lemon cake');
      // Embedded (with nothing to compare), not missing: no re-embedding on every recall.
      expect((await store.missingVectors('eve', 10)).episodes).toEqual([]);
    });

    it("finds facts by the similarity of their statements, and never another user's", async () => {
      await memory.addTriples('eve', [
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
        { subject: 'I', predicate: 'work at', object: 'Acme' },
      ]);
      await memory.addTriples('mallory', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
      const vector = await memory.embedder.embeddings.embedQuery('polar bear likes pizza');
      const hits = await store.similarFacts('eve', vector, 5, 0.2);
      const facts = await store.factsByUids(
        'eve',
        hits.map((h) => h.uid),
      );
      expect(facts[0]?.statement).toBe('Polar bear likes pizza');
      expect(facts.every((f) => f.userId === 'eve')).toBe(true);
      const mallory = await memory.facts('mallory');
      expect(
        await store.factsByUids(
          'eve',
          mallory.map((f) => f.uid),
        ),
      ).toEqual([]);
    });

    it('embeds turns and facts stored without vectors on the first recall (migration)', async () => {
      const episode = {
        uid: 'ep_old',
        userId: 'eve',
        threadId: 't',
        messages: [{ role: 'user' as const, content: 'We adopted a dog named Rex.' }],
        contentHash: 'x',
        summary: '',
        at: new Date('2025-01-01T00:00:00Z'),
        status: 'extracted' as const,
        error: '',
      };
      await store.createEpisode(episode);
      expect((await store.missingVectors('eve', 10)).episodes.map((e) => e.uid)).toEqual(['ep_old']);
      const recalled = await memory.recall({ userId: 'eve', query: 'did we adopt a dog?' });
      expect(recalled.episodes[0]?.uid).toBe('ep_old');
      expect((await store.missingVectors('eve', 10)).episodes).toEqual([]);
    });

    it('lists the facts stored without a vector as missing, and none once every fact has one', async () => {
      await memory.addTriples('eve', [{ subject: 'Rex', predicate: 'is a', object: 'dog' }]);
      expect((await store.missingVectors('eve', 10)).facts).toEqual([]);
      const [rex] = (await memory.entities('eve')).filter((e) => e.key === 'rex');
      const now = new Date();
      const fact = {
        uid: 'fact-without-vector',
        subjectUid: rex?.uid ?? '',
        objectUid: rex?.uid ?? '',
        predicate: 'likes',
        key: 'likes',
        statement: 'Rex likes Rex',
        confidence: 1,
        validFrom: now,
        createdAt: now,
        episodeIds: ['api'],
        mentions: 1,
        observedAt: [now],
        observedBy: ['api'],
      };
      await store.write({
        userId: 'eve',
        at: now,
        entities: [],
        keys: [],
        touches: [],
        facts: [fact],
        mentions: [],
        invalidations: [],
        validFrom: [],
      });
      expect((await store.missingVectors('eve', 10)).facts).toEqual([
        { uid: 'fact-without-vector', subjectUid: rex?.uid, statement: 'Rex likes Rex' },
      ]);
      await memory.recall({ userId: 'eve', query: 'what does Rex like?' });
      expect((await store.missingVectors('eve', 10)).facts).toEqual([]);
    });
  });

  describe('recall', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    beforeEach(async () => {
      await memory.addTriples(
        'sasako',
        [
          { subject: 'I', predicate: 'name', object: 'Sasako' },
          { subject: 'I', predicate: 'friend', object: 'Polar bear' },
          { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
          { subject: 'Polar bear', predicate: 'lives_in', object: 'Svalbard' },
          { subject: 'Svalbard', predicate: 'is part of', object: 'Norway' },
          { subject: 'I', predicate: 'lives in', object: 'Osaka' },
        ],
        { at: '2026-01-01T00:00:00Z', source: 'thread-1' },
      );
      await memory.addTriples('sasako', [{ subject: 'I', predicate: 'lives_in', object: 'Kyoto' }], {
        at: '2026-05-01T00:00:00Z',
        source: 'thread-2',
      });
    });

    it("links names in the question, possessives included, and returns the friend's food", async () => {
      const result = await memory.recall({
        userId: 'sasako',
        query: "What food should I bring to Polar bear's party?",
      });
      expect(result.facts.map((f) => f.statement)).toContain('Polar bear likes pizza');
      expect(result.context).toContain('Polar bear likes pizza');
      const bear = result.entities.find((e) => e.name === 'Polar bear');
      expect(bear?.via).toBe('name');
      const pizza = result.facts.find((f) => f.object === 'pizza');
      expect(pizza).toMatchObject({
        subject: 'Polar bear',
        predicate: 'likes',
        hops: 1,
        episodeIds: ['thread-1'],
      });
    });

    it('prefers the fact whose predicate the question asks about', async () => {
      const result = await memory.recall({ userId: 'sasako', query: 'Where does Polar bear live?' });
      expect(result.facts[0]?.statement).toBe('Polar bear lives in Svalbard');
    });

    it('returns current facts only, unless asked for history or a past time', async () => {
      const now = await memory.recall({ userId: 'sasako', query: 'where do I live' });
      const objects = now.facts.map((f) => f.object);
      expect(objects).toContain('Kyoto');
      expect(objects).not.toContain('Osaka');
      expect(now.facts[0]?.object).toBe('Kyoto');
      const past = await memory.recall({ userId: 'sasako', query: 'where do I live', asOf: '2026-02-01' });
      expect(past.facts.map((f) => f.object)).toContain('Osaka');
      expect(past.facts.map((f) => f.object)).not.toContain('Kyoto');
      expect(past.context).toContain('as of 2026-02-01');
      const history = await memory.recall({
        userId: 'sasako',
        query: 'where do I live',
        includeHistory: true,
      });
      const osaka = history.facts.find((f) => f.object === 'Osaka');
      expect(osaka?.validTo).toBeInstanceOf(Date);
      expect(history.context).toMatch(/Osaka \(2026-01-01 to 2026-05-01, no longer true\)/);
    });

    it('walks more hops when asked', async () => {
      const one = await memory.recall({
        userId: 'sasako',
        query: 'Tell me about Polar bear',
        hops: 1,
        limit: 20,
      });
      expect(one.facts.map((f) => f.object)).not.toContain('Norway');
      const two = await memory.recall({
        userId: 'sasako',
        query: 'Tell me about Polar bear',
        hops: 2,
        limit: 20,
      });
      const norway = two.facts.find((f) => f.object === 'Norway');
      expect(norway?.hops).toBe(2);
    });

    it('respects the limit and the context budget', async () => {
      const result = await memory.recall({ userId: 'sasako', query: 'me', limit: 2, maxChars: 60 });
      expect(result.facts.length).toBeLessThanOrEqual(2);
      expect(result.context.length).toBeLessThanOrEqual(60);
      const full = await memory.recall({ userId: 'sasako', query: 'Polar bear', limit: 50 });
      expect(full.context.length).toBeLessThanOrEqual(900);
      expect(full.facts.length).toBeGreaterThan(2);
    });

    it('remembers and recalls turns of any words: a very long one, and words that name object properties', async () => {
      const words = Array.from({ length: 1500 }, (_, i) => `word${i.toString(36)}`);
      const long = await memory.remember({
        userId: 'longtext',
        messages: [{ role: 'user', content: `I live in Oslo. ${words.join(' ')}` }],
      });
      expect(long.status).toBe('extracted');
      const odd = await memory.remember({
        userId: 'longtext',
        messages: [
          {
            role: 'user',
            content: 'My friend the constructor builds a building; __proto__ valueOf toString.',
          },
        ],
      });
      expect(odd.status).toBe('extracted');
      const found = await memory.recall({
        userId: 'longtext',
        query: 'which constructor builds a building',
      });
      expect(found.episodes.map((e) => e.excerpt).join(' ')).toContain('constructor');
      const again = await memory.recall({ userId: 'longtext', query: words.slice(0, 240).join(' ') });
      expect(again.episodes.length).toBeGreaterThan(0);
    });

    it('finds an entity by its near spelling when the name is misspelt', async () => {
      const result = await memory.recall({ userId: 'sasako', query: 'svalbardd', hops: 1 });
      expect(result.entities[0]).toMatchObject({ name: 'Svalbard', via: 'name' });
      expect(result.facts.map((f) => f.statement)).toContain('Polar bear lives in Svalbard');
    });

    it('rejects bad requests with a clear error', async () => {
      for (const bad of [
        { userId: 'sasako', query: '' },
        { userId: '', query: 'x' },
        { userId: 'sasako', query: 'x', hops: 4 },
        { userId: 'sasako', query: 'x', limit: 0 },
        { userId: 'sasako', query: 'x', asOf: 'not a date' },
      ]) {
        await expect(memory.recall(bad)).rejects.toMatchObject({ name: 'InvalidInputError' });
      }
    });
  });
}
