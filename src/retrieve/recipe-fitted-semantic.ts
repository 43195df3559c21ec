import type { FittedFusion } from './recipe-types.js';

/**
 * Written by `npm run fit semantic` (bench/fit.ts); do not edit by hand. The semantic fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 */
export const FITTED_SEMANTIC: FittedFusion = {
  fusion: {},
  provenance: 'not fitted yet',
};
