import type { FittedFusion } from './recipe-types.js';

/**
 * Written by `npm run fit` (bench/fit.ts); do not edit by hand. The offline fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 */
export const FITTED_OFFLINE: FittedFusion = {
  fusion: {},
  provenance: 'not fitted yet',
};
