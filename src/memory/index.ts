export * from './api.js';
export * from './create.js';
export * from './export-format.js';
export * from './memory.js';
export * from './options.js';
export {
  type ContradictionRules,
  DEFAULT_OPPOSITE_PREDICATES,
  NEGATION_PREFIX,
  type Placement,
  placeOnTimeline,
  type TimelineFact,
} from './temporal.js';
