export * from './base.js';
export * from './errors.js';
export * from './llm.js';
export * from './messages.js';
export * from './resolve.js';
export * from './rules.js';
export * from './schema.js';
