export { createMemoryAgent, type MemoryAgentOptions, MemoryAgentState } from './agent.js';
export { createInstructionsTool, INSTRUCTIONS_TOOL_NAME, instructionsText } from './instructions.js';
export {
  type LoadedMemories,
  type LoadMemoriesOptions,
  loadMemories,
  TurnNotExtractedError,
  type WriteMemoriesNode,
  type WriteMemoriesOptions,
  writeMemories,
} from './nodes.js';
export { type ReflectionOptions, reflectOnThread } from './reflection.js';
export { KgmemStore, type KgmemStoreIndex, type KgmemStoreOptions } from './store.js';
export { createMemoryTools, type MemoryToolOptions, SAVE_TOOL_NAME } from './tools.js';
