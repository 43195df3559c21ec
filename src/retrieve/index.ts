export * from './context.js';
export * from './recall.js';
