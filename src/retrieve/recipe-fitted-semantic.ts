import type { FittedFusion } from './recipe-types.js';

/**
 * Written by `npm run fit semantic` (bench/fit.ts); do not edit by hand. The semantic fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 *
 * Not adopted at present: the semantic fit learns from personal memory and LoCoMo only, and the
 * numbers it wrote on 2026-11-28 (provenance dropped, every cosine counted from 0, the near floor
 * 0.375, no trust in a loose reading) apply to questions that name an entity too: with
 * all-MiniLM-L6-v2 they took MetaQA's paraphrased recall@20 from 0.959 to 0.894 (2 hops) and from
 * 0.860 to 0.604 (3 hops) in the semantic bench. The hand-set semantic numbers stand until the
 * semantic fit covers questions that name an entity.
 */
export const FITTED_SEMANTIC: FittedFusion = {
  fusion: {},
  provenance:
    'Not adopted: the 2026-11-28 semantic fit (personal memory and LoCoMo only) lowered MetaQA multi-hop recall with all-MiniLM-L6-v2; hand-set numbers.',
};
