export * from './context.js';
export * from './recall.js';
export { OFFLINE_RECIPE, SEMANTIC_RECIPE } from './recipe.js';
export type * from './recipe-types.js';
