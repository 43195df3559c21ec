import type { FittedFusion } from './recipe-types.js';

/**
 * Written by `npm run fit semantic` (bench/fit.ts); do not edit by hand. The semantic fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 */
export const FITTED_SEMANTIC: FittedFusion = {
  fusion: {
    episodeSimilarityWeight: 0.5,
    provenanceWeight: 0,
    bm25Half: 3.75,
    episodeSimilarity: 0,
  },
  aboutUser: {
    factSimilarity: 0,
    whMissFit: 0,
  },
  objective: 0.8682285601162196,
  provenance:
    'Coordinate ascent (bench/fit-search.ts, 2 rounds at most, 201 evaluations) on the mean training objective of: personal memory (addTriples) (mrr; train dev wording, even personas; validation held-apart wording, odd personas); LoCoMo (remember, rules) (mean; train conversation 26; validation conversation 30); personal memory, other predicates (mrr; train dev wording, even personas; validation held-apart wording, odd personas); personal memory, fit slots (mrr; train even slots, three wordings; validation odd slots, three wordings); no move lowering the guard: small memories (addTriples) (found; train dev wording, even personas, 2–4 facts each; validation held-apart wording, odd personas). all-MiniLM-L6-v2 in process, seeded uids, no randomness. 2026-12-07.',
};
