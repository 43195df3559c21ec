export { createMemoryAgent, type MemoryAgentOptions, MemoryAgentState } from './agent.js';
export {
  type LoadedMemories,
  type LoadMemoriesOptions,
  loadMemories,
  type WriteMemoriesNode,
  writeMemories,
} from './nodes.js';
export { KgmemStore, type KgmemStoreIndex, type KgmemStoreOptions } from './store.js';
export { createMemoryTools, type MemoryToolOptions } from './tools.js';
