import { HashingEmbeddings } from '../src/embed/hashing.js';
import { QueryExpander } from '../src/lexicon/expansion.js';
import { relationLexicon } from '../src/lexicon/resolve.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { Retriever } from '../src/retrieve/recall.js';
import { HAND_SET_FUSION, OFFLINE_RECIPE } from '../src/retrieve/recipe.js';
import type { FusionOptions } from '../src/retrieve/recipe-types.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { coordinateAscent, type FitParameter } from './fit-search.js';
import { evaluate, type FitSet, locomoSet, metaqaSet, personalSet } from './fit-sets.js';
import { seededUids } from './seeded-uids.js';

/** The fusion numbers the fit moves (every weight, floor and threshold of the fusion but the cut). */
export const FIT_PARAMETERS: readonly FitParameter[] = [
  { name: 'graphWeight', kind: 'weight' },
  { name: 'factSimilarityWeight', kind: 'weight' },
  { name: 'answerFitWeight', kind: 'weight' },
  { name: 'episodeTextWeight', kind: 'weight' },
  { name: 'episodeSimilarityWeight', kind: 'weight' },
  { name: 'provenanceWeight', kind: 'weight' },
  { name: 'neighbourWeight', kind: 'weight' },
  { name: 'whenTurnWeight', kind: 'weight' },
  { name: 'speakerWeight', kind: 'weight' },
  { name: 'recencyWeight', kind: 'weight' },
  { name: 'mentionsWeight', kind: 'weight' },
  { name: 'chainReading', kind: 'weight' },
  { name: 'factSimilarity', kind: 'weight' },
  { name: 'episodeSimilarity', kind: 'weight' },
  { name: 'nearFloor', kind: 'weight' },
  { name: 'looseReadingTrust', kind: 'weight' },
  { name: 'otherKindFactor', kind: 'weight' },
  { name: 'namedObjectShare', kind: 'weight' },
  { name: 'otherKindFit', kind: 'weight' },
  { name: 'fitTieBreak', kind: 'weight' },
  { name: 'bm25Half', kind: 'scale' },
  { name: 'recencyHalfLifeDays', kind: 'scale' },
];

/** The fit's data, in one memory (offline embedder, seeded uids: the same every run). */
export async function fitData(
  metaqaPerHop: number,
): Promise<{ memory: Memory; sets: FitSet[]; close: () => Promise<void> }> {
  const dir = tempDir('kgmem-fit-');
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: {},
    newUid: seededUids(),
    share: false,
  });
  const sets = [await personalSet(memory), await locomoSet(memory), await metaqaSet(memory, metaqaPerHop)];
  // The first recall of a user migrates what it must: done once, before anything is timed or fit.
  for (const set of sets)
    for (const userId of new Set([...set.train, ...set.validation].flatMap((q) => q.users)))
      await memory.recall({ userId, query: 'warm up' });
  return {
    memory,
    sets,
    close: async () => {
      await memory.close();
      dir.remove();
    },
  };
}

/** A retriever over the fit's memory with the offline recipe and these fusion numbers. */
export function retrieverWith(memory: Memory, fusion: Readonly<FusionOptions>): Retriever {
  return new Retriever(
    memory.store,
    memory.embedder.embeddings,
    relationLexicon(),
    { recipe: { ...OFFLINE_RECIPE, fusion: { ...fusion } } },
    new QueryExpander(),
  );
}

/** Every set's figures on both splits. */
export async function figures(memory: Memory, sets: readonly FitSet[], fusion: Readonly<FusionOptions>) {
  const retriever = retrieverWith(memory, fusion);
  const rows: { set: FitSet; train: Record<string, number>; validation: Record<string, number> }[] = [];
  for (const set of sets)
    rows.push({
      set,
      train: await evaluate(retriever, set.train),
      validation: await evaluate(retriever, set.validation),
    });
  return rows;
}

/** The training objective: the mean over sets of each set's objective on its training split. */
export async function trainObjective(
  memory: Memory,
  sets: readonly FitSet[],
  fusion: Readonly<FusionOptions>,
) {
  const retriever = retrieverWith(memory, fusion);
  let sum = 0;
  for (const set of sets) sum += (await evaluate(retriever, set.train))[set.objective] ?? 0;
  return sum / sets.length;
}

/** The fit as `npm run fit` runs it: from the hand-set numbers, on the training splits. */
export async function fitRecipe(
  memory: Memory,
  sets: readonly FitSet[],
  rounds: number,
  log?: (line: string) => void,
) {
  return coordinateAscent(
    HAND_SET_FUSION,
    FIT_PARAMETERS,
    (f) => trainObjective(memory, sets, f),
    rounds,
    log,
  );
}
