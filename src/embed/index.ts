export * from './base.js';
export * from './hashing.js';
export * from './local.js';
export * from './resolve.js';
