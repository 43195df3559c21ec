export * from './create.js';
export * from './memory.js';
export * from './options.js';
