import { describe } from 'vitest';
import { registerForgetLeavesNothing } from './forget-leaves-nothing.js';
import { registerFullTextPerUser } from './full-text-per-user.js';
import { registerMergeSplit } from './merge-split.js';
import { registerProfileInStep } from './profile-in-step.js';
import { registerResolutionVariants } from './resolution-variants.js';
import { registerSaidAsOver } from './said-as-over.js';
import { registerReadCases } from './suite-reads.js';
import { registerSearchCases } from './suite-search.js';
import { registerTemporalCases } from './suite-temporal.js';
import { registerUserCases } from './suite-users.js';
import { registerWriteCases } from './suite-writes.js';
import type { StoreInitializer } from './types.js';
import { registerWritesInTransaction } from './writes-in-transaction.js';

/**
 * The backend conformance suite: every `GraphStore` must pass it unchanged. It drives the store
 * through the public `Memory` API (what users see) and, where a guarantee lives in the port
 * itself (atomic batches, user scoping of uids), through the store directly.
 */
export function registerConformanceSuite(init: StoreInitializer): void {
  registerWritesInTransaction(init);
  registerForgetLeavesNothing(init);
  registerResolutionVariants(init);
  registerProfileInStep(init);
  registerMergeSplit(init);
  registerSaidAsOver(init);
  registerFullTextPerUser(init);
  describe(`GraphStore conformance: ${init.name}`, () => {
    registerWriteCases(init);
    registerTemporalCases(init);
    registerSearchCases(init);
    registerUserCases(init);
    registerReadCases(init);
  });
}
