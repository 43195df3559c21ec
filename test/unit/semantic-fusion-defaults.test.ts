import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { memoryContext } from '../../src/memory/context.js';
import { resolveMemoryOptions } from '../../src/memory/options.js';
import { DEFAULT_FUSION, OFFLINE_RECIPE, SEMANTIC_RECIPE } from '../../src/retrieve/recipe.js';
import type { GraphStore } from '../../src/store/base.js';

/** The recall settings a memory gets with each kind of embedder (nothing is read or written). */
function fusion(semantic: boolean, recall = {}) {
  const embedder = {
    embeddings: new HashingEmbeddings(),
    dimension: 256,
    description: semantic ? 'a semantic stand-in' : 'hashing',
    semantic,
    identity: { provider: 'test', model: 'test', dimension: 256 },
  };
  const { retriever } = memoryContext({} as GraphStore, embedder, resolveMemoryOptions({ recall }));
  return { named: retriever.fusionFor(false), userOnly: retriever.fusionFor(true) };
}

describe('fusion defaults per embedder', () => {
  it('offline: the documented defaults for every question', () => {
    const { named, userOnly } = fusion(false);
    expect(named).toEqual(DEFAULT_FUSION);
    expect(userOnly).toEqual(DEFAULT_FUSION);
  });

  it("semantic: the sentence model's recipe, its own numbers for questions about the user", () => {
    const { named, userOnly } = fusion(true);
    expect(named).toEqual(SEMANTIC_RECIPE.fusion);
    expect(userOnly).toEqual({ ...SEMANTIC_RECIPE.fusion, ...SEMANTIC_RECIPE.aboutUser });
    // A turn's similarity counts, and for questions about the user so does a fact's.
    expect(named.episodeSimilarityWeight).toBeGreaterThan(0);
    expect(userOnly.factSimilarityWeight).toBeGreaterThan(0);
    expect(OFFLINE_RECIPE.fusion).toEqual(DEFAULT_FUSION);
  });

  it("the caller's settings win over the embedder's defaults", () => {
    const { named, userOnly } = fusion(true, { episodeSimilarityWeight: 0.2, graphWeight: 0.8 });
    expect(named.episodeSimilarityWeight).toBe(0.2);
    expect(userOnly.episodeSimilarityWeight).toBe(0.2);
    expect(userOnly.graphWeight).toBe(0.8);
  });
});
