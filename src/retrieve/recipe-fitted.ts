import type { FusionOptions } from './recipe-types.js';

/**
 * Written by `npm run fit` (bench/fit.ts); do not edit by hand. The offline fusion numbers the
 * fit moved from their hand-set start (`HAND_SET_FUSION`), and where they come from.
 */
export const FITTED_OFFLINE: {
  readonly fusion: Readonly<Partial<FusionOptions>>;
  readonly provenance: string;
} = {
  fusion: {},
  provenance: 'not fitted yet',
};
