export * from './errors.js';
export * from './limits.js';
export * from './normalize.js';
export * from './statement.js';
export * from './triple.js';
export * from './types.js';
export * from './validate.js';
