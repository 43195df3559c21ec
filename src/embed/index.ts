export * from './base.js';
export * from './hashing.js';
export * from './resolve.js';
