import type { FittedFusion } from './recipe-types.js';

/**
 * Written by `npm run fit` (bench/fit.ts); do not edit by hand. The offline fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 */
export const FITTED_OFFLINE: FittedFusion = {
  fusion: {
    factSimilarityWeight: 0.75,
    episodeSimilarityWeight: 0.75,
    provenanceWeight: 0,
    recencyWeight: 0.05,
    recencyHalfLifeDays: 37.5,
    chainReading: 1,
    speakerWeight: 0.625,
    whMissFit: 0,
  },
  objective: 0.8131389252571077,
  provenance:
    'Coordinate ascent (bench/fit-search.ts, 2 rounds at most, 154 evaluations) on the mean training objective of: personal memory (addTriples) (mrr; train dev wording, even personas; validation held-apart wording, odd personas); LoCoMo (remember, rules) (mean; train conversation 26; validation conversation 30); personal memory, other predicates (mrr; train dev wording, even personas; validation held-apart wording, odd personas); personal memory, fit slots (mrr; train even slots, three wordings; validation odd slots, three wordings); MetaQA (kb, 1–3 hops) (mrr; train 50 dev questions per hop; validation 50 other questions per hop, paraphrased); no move lowering the guard: small memories (addTriples) (found; train dev wording, even personas, 2–4 facts each; validation held-apart wording, odd personas). Offline embedder, seeded uids, no randomness. 2026-12-07.',
};
