import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../embed/hashing.js';
import { createMemory } from '../../memory/create.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore, PlannedWrite, PlanningReads } from '../../store/base.js';
import type { StoreInitializer } from './types.js';

type Plan = (reads: PlanningReads) => Promise<PlannedWrite<unknown>>;

/**
 * What a write does inside its transaction: on Neo4j the transaction holds the user's lock and
 * runs again on a transient error, so nothing slow or repeated belongs there, and what a write was
 * prepared from is read again inside it.
 */
export function registerWritesInTransaction(init: StoreInitializer): void {
  describe(`writes inside their transaction: ${init.name}`, () => {
    let store: GraphStore;
    let memory: Memory;
    /** Whether a write's plan is running (its transaction open, on Neo4j). */
    let planning = false;
    /** Embedding requests, and whether each came while a plan ran. */
    const requests: { texts: number; inside: boolean }[] = [];
    /** Runs once before the next write's plan, as another process writing in between. */
    let before: ((original: GraphStore['writePlanned']) => Promise<void>) | undefined;

    beforeEach(async () => {
      store = await init.create();
      const original = store.writePlanned.bind(store);
      store.writePlanned = (async (userId: string, plan: Plan) => {
        const interfere = before;
        before = undefined;
        await interfere?.(original);
        return original(userId, async (reads) => {
          planning = true;
          try {
            return await plan(reads);
          } finally {
            planning = false;
          }
        });
      }) as GraphStore['writePlanned'];
      // An embedder behind a request (no in-process embedding), as OpenAI's or a local server's.
      const hashing = new HashingEmbeddings({ dimension: 64 });
      const remote = {
        model: 'counted-remote',
        embedDocuments: async (texts: string[]) => {
          requests.push({ texts: texts.length, inside: planning });
          return hashing.embedDocuments(texts);
        },
        embedQuery: async (text: string) => {
          requests.push({ texts: 1, inside: planning });
          return hashing.embedQuery(text);
        },
      };
      memory = await createMemory({ store, embeddings: remote, embeddingDimension: 64 });
      requests.length = 0;
    });

    afterEach(async () => {
      await memory.close();
      await init.destroy(store);
    });

    it('embeds names and statements before the transaction, in one request', async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'lives in', object: 'Ghent' },
        { subject: 'I', predicate: 'plays', object: 'the cello' },
        { subject: 'Tomas', predicate: 'is allergic to', object: 'peanuts' },
      ]);
      // Known names and a fact said again: still nothing asked inside.
      await memory.addTriples('alice', [
        { subject: 'me', predicate: 'works at', object: 'Ghent' },
        { subject: 'Tomas', predicate: 'is allergic to', object: 'peanuts' },
      ]);
      expect(requests.length).toBe(2);
      expect(requests.filter((r) => r.inside)).toEqual([]);
      const facts = await memory.facts('alice');
      expect(facts.map((f) => f.statement).sort()).toEqual([
        'Tomas is allergic to peanuts',
        'User lives in Ghent',
        'User plays the cello',
        'User works at Ghent',
      ]);
      // The vectors fetched before are the ones stored: the facts are found by similarity.
      const recalled = await memory.recall({ userId: 'alice', query: 'the cello' });
      expect(recalled.facts[0]?.statement).toBe('User plays the cello');
    });

    it('a correction re-reads its target inside the transaction: closed meanwhile, nothing is written', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'works at', object: 'Amazon' }]);
      const [amazon] = await memory.facts('alice');
      if (!amazon) throw new Error('the fact was not stored');
      // Another process closes the fact between the correction's first read and its write.
      before = async (original) => {
        await original('alice', async () => ({
          batch: {
            userId: 'alice',
            at: new Date(),
            entities: [],
            keys: [],
            touches: [],
            facts: [],
            mentions: [],
            invalidations: [
              {
                uid: amazon.uid,
                subjectUid: amazon.subjectUid,
                validTo: new Date(),
                invalidatedBy: 'other',
                supersededBy: '',
              },
            ],
            validFrom: [],
          },
          result: undefined,
        }));
      };
      await expect(
        memory.updateFact(
          'alice',
          { uid: amazon.uid },
          { object: 'Amazon Web Services', kind: 'correction' },
        ),
      ).rejects.toMatchObject({
        name: 'InvalidInputError',
        message: expect.stringMatching(/closed meanwhile/),
      });
      const facts = await memory.facts('alice', { includeHistory: true });
      expect(facts.map((f) => [f.object, f.validTo === null, f.invalidatedBy])).toEqual([
        ['Amazon', false, 'other'],
      ]);
    });
  });
}
