import { EmbedderMismatchError } from '../model/errors.js';

/**
 * Which embedder wrote a database's vectors. Vectors of two models live in different spaces even
 * at the same dimension, so a database records the identity on first open and refuses another.
 */
export interface EmbedderIdentity {
  /** `openai`, `hashing`, or the embeddings class of a custom embedder. */
  provider: string;
  /** The model (`text-embedding-3-small`, `hashing-v1`, …). */
  model: string;
  dimension: number;
}

/** The Meta key the embedder's identity is recorded under. */
export const EMBEDDER_META_KEY = 'embedder';
/** The Meta key of the embedding dimension (all that older versions recorded). */
export const DIMENSION_META_KEY = 'embeddingDimension';

/** How an identity reads in messages: `openai:text-embedding-3-small (1536 dimensions)`. */
export function describeEmbedder(identity: EmbedderIdentity): string {
  return `${identity.provider}:${identity.model} (${identity.dimension} dimensions)`;
}

/**
 * What a store opening with `configured` must do about what the database recorded: nothing
 * (`'keep'`), record the identity (`'record'`: a new database, or one whose older version recorded
 * only a matching dimension), or refuse. A bare number is a caller that knows only the dimension
 * (tests, tools): only the dimension is checked and nothing more is recorded.
 *
 * @throws EmbedderMismatchError naming both embedders and the way out (`kgmem reembed`)
 */
export function checkEmbedder(
  where: string,
  recorded: { identity: string | undefined; dimension: string | undefined },
  configured: EmbedderIdentity | number,
): 'keep' | 'record' {
  const stored = parseIdentity(recorded.identity);
  const dimension = typeof configured === 'number' ? configured : configured.dimension;
  const storedDimension = stored?.dimension ?? (recorded.dimension ? Number(recorded.dimension) : undefined);
  const same =
    storedDimension === undefined ||
    (storedDimension === dimension &&
      (typeof configured === 'number' ||
        !stored ||
        (stored.provider === configured.provider && stored.model === configured.model)));
  if (!same) {
    const was = stored ? describeEmbedder(stored) : `a ${storedDimension}-dimensional embedder`;
    const now = typeof configured === 'number' ? `${dimension} dimensions` : describeEmbedder(configured);
    throw new EmbedderMismatchError(
      `${where} was embedded with ${was}, but the configured embedder is ${now}: their vectors cannot be ` +
        'compared. Configure the embedder the database was written with (OPENAI_API_KEY and ' +
        'KGMEM_EMBEDDING_MODEL choose it), or run `kgmem reembed` once to embed everything again with the configured one.',
    );
  }
  return typeof configured !== 'number' && !stored ? 'record' : 'keep';
}

function parseIdentity(text: string | undefined): EmbedderIdentity | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<EmbedderIdentity>;
    if (
      typeof value.provider === 'string' &&
      typeof value.model === 'string' &&
      typeof value.dimension === 'number'
    )
      return { provider: value.provider, model: value.model, dimension: value.dimension };
  } catch {
    // An unreadable record counts as none.
  }
  return undefined;
}
