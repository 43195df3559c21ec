import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { resolveEmbedder } from '../../src/embed/resolve.js';

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

describe('HashingEmbeddings', () => {
  const embeddings = new HashingEmbeddings({ dimension: 256 });

  it('is deterministic, normalised and of the configured dimension', async () => {
    const [a, b] = await embeddings.embedDocuments(['Polar bear', 'Polar bear']);
    expect(a).toHaveLength(256);
    expect(a).toEqual(b);
    expect(cosine(a ?? [], a ?? [])).toBeCloseTo(1, 5);
  });

  it('is lexical: case and punctuation do not matter, shared words and spellings do', async () => {
    const [bear, bear2, misspelt, pizza] = await embeddings.embedDocuments([
      'Polar bear',
      'polar-BEAR!',
      'polar baer',
      'pizza',
    ]);
    expect(cosine(bear ?? [], bear2 ?? [])).toBeCloseTo(1, 5);
    expect(cosine(bear ?? [], misspelt ?? [])).toBeGreaterThan(0.4);
    expect(cosine(bear ?? [], pizza ?? [])).toBeLessThan(0.2);
  });

  it('adds the words’ WordNet senses: synonyms meet, words WordNet does not know are spelt only', async () => {
    const spelling = new HashingEmbeddings({ dimension: 256, senses: false });
    const [movie, film] = await embeddings.embedDocuments(['a good movie', 'a good film']);
    const [movie1, film1] = await spelling.embedDocuments(['a good movie', 'a good film']);
    expect(cosine(movie ?? [], film ?? [])).toBeGreaterThan(cosine(movie1 ?? [], film1 ?? []) + 0.1);
    const [kid, child] = await embeddings.embedDocuments(['kid', 'child']);
    const [kid1, child1] = await spelling.embedDocuments(['kid', 'child']);
    expect(cosine(kid ?? [], child ?? [])).toBeGreaterThan(cosine(kid1 ?? [], child1 ?? []) + 0.1);
    // Names WordNet has no sense for, and stop words, embed as the first version did.
    for (const text of ['Zorblax Qwvx', 'the and of']) {
      expect(await embeddings.embedQuery(text)).toEqual(await spelling.embedQuery(text));
    }
  });

  it('keeps the vectors its model name stands for: irregular forms have no senses in this version', async () => {
    // WordNet's exception lists (which kgmem's other WordNet uses read: "bought" → "buy") came
    // after kgmem-hashing-v2 was released; its stored vectors must stay comparable.
    const spelling = new HashingEmbeddings({ dimension: 256, senses: false });
    for (const text of ['bought', 'children', 'mice']) {
      expect(await embeddings.embedQuery(text)).toEqual(await spelling.embedQuery(text));
    }
    expect(await embeddings.embedQuery('buy')).not.toEqual(await spelling.embedQuery('buy'));
  });

  it('rejects a tiny dimension', () => {
    expect(() => new HashingEmbeddings({ dimension: 2 })).toThrow(/dimension/);
  });

  it('is the default without an API key', async () => {
    const resolved = await resolveEmbedder({}, {});
    expect(resolved.dimension).toBe(256);
    expect(resolved.description).toMatch(/hashing-256.*offline.*WordNet senses/);
    expect(resolved.identity).toEqual({ provider: 'hashing', model: 'kgmem-hashing-v2', dimension: 256 });
  });
});
