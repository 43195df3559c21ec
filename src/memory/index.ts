export * from './api.js';
export * from './create.js';
export * from './export-format.js';
export type {
  AddTriplesOptions,
  AddTriplesResult,
  FactCorrection,
  FactCorrectionResult,
  FactsQuery,
  FactTarget,
  FactUpdateKind,
  ForgetInput,
  ForgetResult,
  GraphOptions,
  RecallInput,
  ReembedCounts,
  RememberInput,
  RememberResult,
} from './inputs.js';
export {
  DEFAULT_AGENT_ID,
  type InstructionsScope,
  type InstructionsVersion,
  MAX_INSTRUCTIONS_LENGTH,
} from './instructions.js';
export * from './memory.js';
export * from './options.js';
export type { ProfileOptions } from './profiles.js';
export {
  type ContradictionRules,
  DEFAULT_OPPOSITE_PREDICATES,
  NEGATION_PREFIX,
  type Placement,
  placeOnTimeline,
  type TimelineFact,
} from './temporal.js';
