import { ExtractionError } from '../extract/errors.js';
import {
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
} from '../model/errors.js';

/** How each error class that may cross the wire is made again from its message. */
const BY_NAME: Record<string, (message: string) => KgmemError> = {
  KgmemError: (m) => new KgmemError(m),
  InvalidInputError: (m) => new InvalidInputError(m),
  NotFoundError: (m) => new NotFoundError(m),
  DimensionMismatchError: (m) => new DimensionMismatchError(m),
  EmbedderMismatchError: (m) => new EmbedderMismatchError(m),
  DatabaseLockedError: (m) => new DatabaseLockedError(m),
  DatabaseRecoveryError: (m) => new DatabaseRecoveryError(m),
  CypherError: (m) => new CypherError(m),
  StatementNotAllowedError: (m) => new StatementNotAllowedError(m),
  StoreUnavailableError: (m) => new StoreUnavailableError(m),
  ClosedError: (m) => new ClosedError(m),
  UnauthorizedError: (m) => new UnauthorizedError(m),
  VersionMismatchError: (m) => new VersionMismatchError(m),
  // The server's count of model requests does not cross the wire.
  ExtractionError: (m) => new ExtractionError(m, 0),
};

/**
 * The error a server reported, as the class it was thrown as: chosen by its stable `name` (sent
 * beside the message), else by the HTTP status for a server that sends no name.
 */
export function errorFromWire(status: number, name: string | undefined, message: string): KgmemError {
  const make = name === undefined ? undefined : BY_NAME[name];
  if (make) return make(message);
  if (status === 401 || status === 403) return new UnauthorizedError(message);
  if (status === 404) return new NotFoundError(message);
  if (status === 400 || status === 413 || status === 415) return new InvalidInputError(message);
  return new StoreUnavailableError(message);
}
