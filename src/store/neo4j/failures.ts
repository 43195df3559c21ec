import { StoreUnavailableError } from '../../model/errors.js';
import type { EmbedderIdentity } from '../embedder-identity.js';
import type { Neo4jStoreOptions } from './options.js';

/** How the Neo4j adapter reads the failures the server and driver report. */
/** Another process created the same index or constraint at the same time (both saw it missing). */
export function isSchemaRace(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return [
    'Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists',
    'Neo.ClientError.Schema.IndexAlreadyExists',
    'Neo.ClientError.Schema.ConstraintAlreadyExists',
  ].includes(code);
}

/** A uniqueness violation: another writer created the same user or key between our reads and writes. */
export function isConstraintRace(error: unknown): boolean {
  return (error as { code?: string }).code === 'Neo.ClientError.Schema.ConstraintValidationFailed';
}

/** The embedder record of an open store, for a second `open` of the same store. */
export function identityRecord(embedder: EmbedderIdentity | number): {
  identity: string | undefined;
  dimension: string | undefined;
} {
  return typeof embedder === 'number'
    ? { identity: undefined, dimension: String(embedder) }
    : { identity: JSON.stringify(embedder), dimension: String(embedder.dimension) };
}

export function connectionError(options: Neo4jStoreOptions, error: unknown): StoreUnavailableError {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  if (code === 'Neo.ClientError.Security.Unauthorized' || /unauthori[sz]ed|authentication/i.test(message)) {
    return new StoreUnavailableError(
      `Neo4j at ${options.uri} refused the credentials of user "${options.user}": check NEO4J_USER and NEO4J_PASSWORD.`,
    );
  }
  return new StoreUnavailableError(
    `Neo4j at ${options.uri} is unreachable (${message}). Check NEO4J_URI, and start the server: \`npm run neo4j:start\` in a clone of kgmem (it prints the NEO4J_* settings to use), \`docker compose up -d\` with its docker-compose.yml, or your own.`,
  );
}
