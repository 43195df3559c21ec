/**
 * Error classes with a stable `name`, so callers and tests can branch on the kind of failure
 * rather than the wording. Every message says what was wrong and what to do about it.
 */

/** Base class of every error kgmem throws on purpose. */
export class KgmemError extends Error {
  override name = 'KgmemError';
}

/** Input failed validation: an empty id, a triple with an empty part, an oversize value, … */
export class InvalidInputError extends KgmemError {
  override name = 'InvalidInputError';
}

/** A user, entity or fact that was asked for does not exist (for that user). */
export class NotFoundError extends KgmemError {
  override name = 'NotFoundError';
}

/** The database records an embedding dimension other than the configured embedder's. */
export class DimensionMismatchError extends KgmemError {
  override name = 'DimensionMismatchError';
}

/** The database's vectors were written by another embedder (model or dimension) than the configured one. */
export class EmbedderMismatchError extends DimensionMismatchError {
  override name = 'EmbedderMismatchError';
}

/** Another process holds the embedded database directory open for writing. */
export class DatabaseLockedError extends KgmemError {
  override name = 'DatabaseLockedError';
}

/** A Cypher statement was rejected by the database (syntax, binding, runtime). */
export class CypherError extends KgmemError {
  override name = 'CypherError';
}

/**
 * A statement was refused by a read-only surface (the console without the write token, MCP's
 * explore tool, a per-user token) before it reached the database: it is not a plain read of this
 * database. The message names the clause.
 */
export class StatementNotAllowedError extends CypherError {
  override name = 'StatementNotAllowedError';
}

/** The configured store could not be opened or reached. */
export class StoreUnavailableError extends KgmemError {
  override name = 'StoreUnavailableError';
}

/**
 * The embedded database's files could not be opened safely: recovering them after a crash failed
 * (in a separate process, so the caller's process stays up) or they are damaged. Nothing was
 * changed; the message says what happened and how `kgmem doctor` can recover.
 */
export class DatabaseRecoveryError extends StoreUnavailableError {
  override name = 'DatabaseRecoveryError';
}

/** The object was used after `close()`. */
export class ClosedError extends KgmemError {
  override name = 'ClosedError';
}

/** A request the server refused for want of (the right) bearer token. */
export class UnauthorizedError extends KgmemError {
  override name = 'UnauthorizedError';
}

/**
 * A kgmem client met a kgmem server (or the process holding a memory) of another version; they
 * only talk within one release. The message names both versions and what to do.
 */
export class VersionMismatchError extends KgmemError {
  override name = 'VersionMismatchError';
}
