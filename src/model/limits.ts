/** Input limits, checked at the edge before anything is written. One set, used everywhere. */

/** Longest accepted subject, predicate, object, name, query or thread id, in characters. */
export const MAX_TEXT_LENGTH = 2000;

/** Longest accepted user id, in characters. */
export const MAX_USER_ID_LENGTH = 256;

/**
 * Longest accepted message of a conversation turn, in characters. The episode always stores the
 * message whole; see {@link EXTRACTION_CHUNK_CHARS} for what the extractor reads of it.
 */
export const MAX_MESSAGE_LENGTH = 100_000;

/** Most messages in one conversation turn. */
export const MAX_TURN_MESSAGES = 100;

/** Longest accepted conversation turn (all its messages together), in characters. */
export const MAX_TURN_LENGTH = 400_000;

/**
 * Characters of a turn's user text that one extraction request reads. A longer user text is cut
 * at sentence boundaries into chunks of at most this size, one request each (so a turn costs one
 * model call up to this size). Assistant messages are context only: the extractor sees their
 * first {@link EXTRACTION_CONTEXT_CHARS} characters.
 */
export const EXTRACTION_CHUNK_CHARS = 16_000;

/** Characters of each assistant message shown to the extractor as context. */
export const EXTRACTION_CONTEXT_CHARS = 2_000;

/** The caps one surface puts on a call, beside the limits above that every surface shares. */
export interface SurfaceCaps {
  /** Most facts (or turns) one recall returns. */
  recallLimit: number;
  /** Most entities one entity search returns. */
  searchLimit: number;
  /** Most triples one call stores (`addTriples`, or the triples given with a turn). */
  triplesPerCall: number;
}

/**
 * Each surface's caps, in one table. They differ on purpose: a model's tool call should stay
 * small (its output goes back into the model's context, and a model asked for "all" facts asks
 * for hundreds), an HTTP request is bounded by what one JSON body should carry, and the library is
 * bounded only by memory (`kgmem import` passes 250,000 triples a transaction).
 */
export const SURFACE_CAPS = {
  /** `Memory` itself (and the remote client, which the HTTP caps then bound). */
  library: { recallLimit: 1000, searchLimit: 1000, triplesPerCall: Number.MAX_SAFE_INTEGER },
  /** The HTTP API of `kgmem serve` (and the holder's socket). */
  http: { recallLimit: 100, searchLimit: 100, triplesPerCall: 5000 },
  /** The MCP server's tools. */
  mcp: { recallLimit: 50, searchLimit: 50, triplesPerCall: 500 },
  /** The LangGraph tools an agent's model calls. */
  langgraph: { recallLimit: 50, searchLimit: 50, triplesPerCall: 50 },
} as const satisfies Record<string, SurfaceCaps>;
