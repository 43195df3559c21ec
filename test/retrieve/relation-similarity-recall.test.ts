import { afterEach, describe, expect, it } from 'vitest';
import type { EmbeddingsLike } from '../../src/embed/base.js';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { OFFLINE_RECIPE, SEMANTIC_RECIPE } from '../../src/retrieve/recipe.js';
import type { RankingRecipe } from '../../src/retrieve/recipe-types.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The hashing embedder's vectors, each request's texts recorded (what a recall asks the embedder for). */
class RecordingEmbeddings implements EmbeddingsLike {
  readonly documents: string[] = [];
  private readonly inner = new HashingEmbeddings({ dimension: 64 });

  embedDocuments(texts: string[]): Promise<number[][]> {
    this.documents.push(...texts);
    return this.inner.embedDocuments(texts);
  }

  embedQuery(text: string): Promise<number[]> {
    return this.inner.embedQuery(text);
  }
}

const TRIPLES = [
  { subject: 'I', predicate: 'favorite_series', object: 'Slow Horses' },
  { subject: 'I', predicate: 'eye_color', object: 'green' },
  { subject: 'I', predicate: 'works_at', object: 'Siemens' },
];

describe("a fact's predicate read by the embedder (relation-similarity), on a real database", () => {
  const dirs: ReturnType<typeof tempDir>[] = [];
  const memories: Memory[] = [];
  afterEach(async () => {
    for (const memory of memories.splice(0)) await memory.close();
    for (const dir of dirs.splice(0)) dir.remove();
  });

  async function memoryWith(recipe: RankingRecipe) {
    const dir = tempDir('kgmem-relation-similarity-');
    dirs.push(dir);
    const embeddings = new RecordingEmbeddings();
    const memory = await createMemory({ dataDir: dir.path, embeddings, env: {}, recall: { recipe } });
    memories.push(memory);
    await memory.addTriples('ana', TRIPLES);
    embeddings.documents.length = 0;
    return { memory, embeddings };
  }

  it('embeds nothing for it with the offline recipe, which gives it no weight', async () => {
    expect(
      OFFLINE_RECIPE.aboutUser.relationSimilarityWeight ?? OFFLINE_RECIPE.fusion.relationSimilarityWeight,
    ).toBe(0);
    const { memory, embeddings } = await memoryWith(OFFLINE_RECIPE);
    const { facts } = await memory.recall({ userId: 'ana', query: 'What am I watching?', explain: true });
    expect(embeddings.documents).toEqual([]);
    expect(facts.every((f) => !f.signals.includes('relation-similarity'))).toBe(true);
  });

  it("reads each candidate's predicate words once per process, and a later recall asks for nothing new", async () => {
    const weight = 0.5;
    const recipe = {
      ...SEMANTIC_RECIPE,
      aboutUser: { ...SEMANTIC_RECIPE.aboutUser, relationSimilarityWeight: weight },
    };
    const { memory, embeddings } = await memoryWith(recipe);
    const { facts } = await memory.recall({
      userId: 'ana',
      query: 'Which series is my favorite?',
      explain: true,
    });
    expect([...embeddings.documents].sort()).toEqual(['eye color', 'favorite series', 'works at']);
    // The key sharing the question's words is the closest (hashing vectors: shared spellings).
    expect(facts[0]?.predicate).toBe('favorite_series');
    expect(facts[0]?.signals).toContain('relation-similarity');
    expect(facts[0]?.contributions?.['relation-similarity']).toBeGreaterThan(0);
    for (const fact of facts) expect(fact.score).toBeLessThanOrEqual(1);
    await memory.recall({ userId: 'ana', query: 'Where do I work?' });
    expect(embeddings.documents).toHaveLength(3);
  });
});
