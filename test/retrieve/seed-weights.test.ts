import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { SeedWeights } from '../../src/retrieve/recipe-types.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The facts recalled for a misspelt question on a small film memory, with these seed weights. */
async function recalled(seeds?: Partial<SeedWeights>): Promise<[string, number][]> {
  const dir = tempDir('kgmem-seeds-');
  const memory = await createMemory({
    dataDir: dir.path,
    share: false,
    embeddings: new HashingEmbeddings({ dimension: 64 }),
    recall: seeds ? { seeds } : {},
  });
  try {
    await memory.addTriples('u', [
      { subject: 'Inception', predicate: 'directed by', object: 'Christopher Nolan' },
      { subject: 'Barbie', predicate: 'directed by', object: 'Greta Gerwig' },
    ]);
    const { facts } = await memory.recall({ userId: 'u', query: 'who directed inceptoin' });
    return facts.map((f) => [f.statement, f.score]);
  } finally {
    await memory.close();
    dir.remove();
  }
}

describe('seed weights (recall options)', () => {
  it('similar entities and facts seed the walk with the weights the options give', async () => {
    const byDefault = await recalled();
    const withoutSimilar = await recalled({ similarWhenUnnamed: 0, similarFact: 0 });
    // The misspelt name is still found by its spelling and ranked first either way.
    expect(byDefault[0]?.[0]).toBe('Inception directed by Christopher Nolan');
    expect(withoutSimilar[0]).toEqual(byDefault[0]);
    // The other film was reached through similarity only: it weighs less without those seeds.
    const barbie = (facts: [string, number][]) =>
      facts.find(([statement]) => statement.startsWith('Barbie'))?.[1] ?? 0;
    expect(barbie(withoutSimilar)).toBeLessThan(barbie(byDefault));
  });
});
