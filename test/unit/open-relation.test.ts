import { describe, expect, it } from 'vitest';
import type { EmbeddingsLike } from '../../src/embed/base.js';
import { TextVectors } from '../../src/embed/text-vectors.js';
import { OpenRelationReader } from '../../src/retrieve/open-relation.js';

const KEYS = ['directed_by', 'written_by', 'has_genre', 'release_year'];

/** Fixed vectors over four axes (direct, write, genre, year); counts the texts it embeds. */
class FixedEmbeddings implements EmbeddingsLike {
  readonly embedded: string[] = [];
  private readonly table: Record<string, number[]> = {
    directed: [1, 0, 0, 0],
    written: [0, 1, 0, 0],
    genre: [0, 0, 1, 0],
    'release year': [0, 0, 0, 1],
    // Near genre, and nearer to it than to anything else.
    types: [0.2, 0.1, 0.9, 0.1],
    // A word of the graph's own domain: near every relation alike.
    films: [0.5, 0.5, 0.5, 0.5],
  };

  async embedDocuments(texts: string[]): Promise<number[][]> {
    this.embedded.push(...texts);
    return texts.map((t) => this.table[t] ?? [0, 0, 0, 0]);
  }

  async embedQuery(text: string): Promise<number[]> {
    return (await this.embedDocuments([text]))[0] ?? [];
  }
}

describe('OpenRelationReader (how well each predicate fits the words the lexicon did not read)', () => {
  it('fits has_genre best for "types", whatever a domain word beside it says', async () => {
    const reader = new OpenRelationReader(new TextVectors(new FixedEmbeddings()));
    const fit = await reader.fit(['types', 'films'], KEYS);
    expect(fit.get('has_genre')).toBe(1);
    for (const key of ['directed_by', 'written_by', 'release_year']) expect(fit.get(key)).toBeLessThan(0.5);
  });

  it('fits nothing for a word that is as near to every relation', async () => {
    const fit = await new OpenRelationReader(new TextVectors(new FixedEmbeddings())).fit(['films'], KEYS);
    expect([...fit.values()]).toEqual([]);
  });

  it('returns no fit for no words or no keys', async () => {
    const reader = new OpenRelationReader(new TextVectors(new FixedEmbeddings()));
    expect((await reader.fit([], KEYS)).size).toBe(0);
    expect((await reader.fit(['types'], [])).size).toBe(0);
  });

  it('embeds each word and key once, in one request', async () => {
    const embeddings = new FixedEmbeddings();
    const reader = new OpenRelationReader(new TextVectors(embeddings));
    await reader.fit(['types', 'films'], KEYS);
    expect([...embeddings.embedded].sort()).toEqual(
      ['directed', 'films', 'genre', 'release year', 'types', 'written'].sort(),
    );
    await reader.fit(['types'], KEYS);
    expect(embeddings.embedded).toHaveLength(6);
  });
});
