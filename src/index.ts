/**
 * kgmem: long-term memory for LLM agents, kept as a knowledge graph.
 *
 * @packageDocumentation
 */
export * from './client/index.js';
export * from './embed/index.js';
export * from './extract/index.js';
export * from './langgraph/index.js';
export * from './memory/index.js';
export * from './model/index.js';
export * from './profile/index.js';
export * from './retrieve/index.js';
export * from './server/index.js';
export * from './store/index.js';
