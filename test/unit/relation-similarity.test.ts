import { describe, expect, it } from 'vitest';
import type { EmbeddingsLike } from '../../src/embed/base.js';
import { cosine } from '../../src/embed/cosine.js';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { TextVectors } from '../../src/embed/text-vectors.js';
import { RelationSimilarity, relationPhrase } from '../../src/retrieve/relation-similarity.js';

/** The hashing embedder, counting the texts each request asks for. */
class CountingEmbeddings implements EmbeddingsLike {
  readonly requests: string[][] = [];
  private readonly inner = new HashingEmbeddings();

  embedDocuments(texts: string[]): Promise<number[][]> {
    this.requests.push(texts);
    return this.inner.embedDocuments(texts);
  }

  embedQuery(text: string): Promise<number[]> {
    return this.inner.embedQuery(text);
  }
}

describe('relation similarity', () => {
  it('reads a key as the words it is made of, function words too', () => {
    expect(relationPhrase('favorite_series')).toBe('favorite series');
    expect(relationPhrase('works_at')).toBe('works at');
    expect(relationPhrase('lives__in_')).toBe('lives in');
    expect(relationPhrase('email')).toBe('email');
  });

  it("gives each key its phrase's cosine to the question, embedding each phrase once", async () => {
    const embeddings = new CountingEmbeddings();
    const reader = new RelationSimilarity(new TextVectors(embeddings));
    const question = await embeddings.embedQuery('Where do I work?');
    const first = await reader.cosines(question, ['works_at', 'favorite_series', 'works_at']);
    expect([...first.keys()]).toEqual(['works_at', 'favorite_series']);
    const worksAt = await embeddings.embedQuery('works at');
    expect(first.get('works_at')).toBeCloseTo(cosine(question, worksAt), 10);
    expect(first.get('works_at')).toBeGreaterThan(first.get('favorite_series') ?? 1);
    // One request for the new phrases; a later recall asks only for the phrase not seen yet.
    await reader.cosines(question, ['favorite_series', 'lives_in']);
    expect(embeddings.requests).toEqual([['works at', 'favorite series'], ['lives in']]);
    await reader.cosines(question, ['lives_in', 'works_at']);
    expect(embeddings.requests).toHaveLength(2);
  });

  it('leaves out a key whose phrase the embedder returned no vector for', async () => {
    const short: EmbeddingsLike = {
      embedDocuments: async (texts) => texts.slice(1).map(() => [1, 0]),
      embedQuery: async () => [1, 0],
    };
    const reader = new RelationSimilarity(new TextVectors(short));
    const found = await reader.cosines([1, 0], ['works_at', 'lives_in']);
    expect(found.size).toBe(1);
  });
});
