/**
 * kgmem: long-term memory for LLM agents, kept as a knowledge graph.
 *
 * The root export is what an application uses: the memory and its options, the types of what
 * it returns, the errors it throws, the LangGraph pieces, the remote client and the HTTP
 * server. The storage port, its records and LadybugDB are in `kgmem/store`, Neo4j in
 * `kgmem/neo4j`, the MCP server in `kgmem/mcp`. Every name is listed in `docs/api.md` (a test
 * keeps the two the same).
 *
 * @packageDocumentation
 */

// The memory, and how it is created, called and answered.
export { RemoteMemory, type RemoteMemoryOptions } from './client/index.js';
// Embedders and extractors to pass in `MemoryOptions`.
export { HashingEmbeddings } from './embed/hashing.js';
export { LocalEmbeddings } from './embed/local.js';
export { type Extraction, type ExtractionInput, Extractor } from './extract/base.js';
export { ExtractionError } from './extract/errors.js';
export { LlmExtractor } from './extract/llm.js';
export { RuleExtractor } from './extract/rules.js';
export { RulesBackedExtractor } from './extract/with-rules.js';
// LangGraph: the prebuilt agent, the tools and nodes for your own graphs, the store.
export { createMemoryAgent, type MemoryAgentOptions, MemoryAgentState } from './langgraph/agent.js';
export { createInstructionsTool, instructionsText } from './langgraph/instructions.js';
export { loadMemories, TurnNotExtractedError, writeMemories } from './langgraph/nodes.js';
export { reflectOnThread } from './langgraph/reflection.js';
export { KgmemStore, type KgmemStoreOptions } from './langgraph/store.js';
export { createMemoryTools, type MemoryToolOptions } from './langgraph/tools.js';
export type { MemoryApi } from './memory/api.js';
export { createMemory } from './memory/create.js';
export type { ExportDocument, ImportSummary } from './memory/export-format.js';
export type {
  AddTriplesOptions,
  AddTriplesResult,
  FactCorrection,
  FactCorrectionResult,
  FactsQuery,
  FactTarget,
  ForgetInput,
  ForgetResult,
  GraphOptions,
  RecallInput,
  RememberInput,
  RememberResult,
} from './memory/inputs.js';
export { DEFAULT_AGENT_ID, type InstructionsVersion } from './memory/instructions.js';
export { Memory } from './memory/memory.js';
export type { MergeLogEntry } from './memory/merge-record.js';
export type { MergeResult, SplitResult } from './memory/merging.js';
export type { MemoryOptions } from './memory/options.js';
export type { ProfileOptions } from './memory/profiles.js';
// What goes wrong, by class (each with a stable `name`, also across the wire).
export {
  ClosedError,
  CypherError,
  DatabaseLockedError,
  DatabaseRecoveryError,
  DimensionMismatchError,
  EmbedderMismatchError,
  InvalidInputError,
  KgmemError,
  NotFoundError,
  StatementNotAllowedError,
  StoreUnavailableError,
  UnauthorizedError,
  VersionMismatchError,
} from './model/errors.js';
export type { KnowledgeTriple, Triple } from './model/triple.js';
export type {
  Entity,
  EntityDetails,
  Episode,
  Fact,
  GraphPath,
  GraphView,
  RecallResult,
} from './model/types.js';
export type { Profile } from './profile/build.js';
export { DEFAULT_PROFILE_SCHEMA } from './profile/default-schema.js';
export type { ProfileSchema } from './profile/schema.js';
export { OFFLINE_RECIPE, SEMANTIC_RECIPE } from './retrieve/recipe.js';
export type { RankingRecipe } from './retrieve/recipe-types.js';

// The HTTP API and viewer (`kgmem serve`) in your own process.
export { createApp } from './server/app.js';
export { type ServerOptions, startServer } from './server/serve.js';
