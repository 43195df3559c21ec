export * from './base.js';
export * from './ladybug/index.js';
