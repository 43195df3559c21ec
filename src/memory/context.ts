import type { ResolvedEmbedder } from '../embed/base.js';
import { QueryExpander } from '../lexicon/expansion.js';
import { relationLexicon } from '../lexicon/resolve.js';
import { Retriever } from '../retrieve/recall.js';
import { OFFLINE_RECIPE, SEMANTIC_RECIPE } from '../retrieve/recipe.js';
import type { GraphStore } from '../store/base.js';
import { EntityResolver } from './entity-resolver.js';
import type { ResolvedMemoryOptions } from './options.js';
import { SearchVectors } from './search-vectors.js';
import { WriteLock } from './write-lock.js';

/** What every part of one memory shares: its store, embedder, options and write lock. */
export interface MemoryContext {
  /** The storage backend (embedded LadybugDB or Neo4j). */
  readonly store: GraphStore;
  /** The embedder in use and its dimension. */
  readonly embedder: ResolvedEmbedder;
  /** The options in force. */
  readonly options: ResolvedMemoryOptions;
  /** Serialises the memory's writes (and the first recall's migration). */
  readonly lock: WriteLock;
  /** Resolves names to the user's entities. */
  readonly resolver: EntityResolver;
  /** The vectors of stored turns and fact statements. */
  readonly vectors: SearchVectors;
  /** Recall (no model call). */
  readonly retriever: Retriever;
}

/** The shared parts of a memory over a store, an embedder and its options. */
export function memoryContext(
  store: GraphStore,
  embedder: ResolvedEmbedder,
  options: ResolvedMemoryOptions,
): MemoryContext {
  const retriever = new Retriever(
    store,
    embedder.embeddings,
    relationLexicon(),
    // A semantic embedder ranks by its own recipe (see SEMANTIC_RECIPE); what the caller sets wins.
    { recipe: embedder.semantic ? SEMANTIC_RECIPE : OFFLINE_RECIPE, ...options.recall },
    options.recall.expandQueries === false ? undefined : new QueryExpander(),
  );
  return {
    store,
    embedder,
    options,
    lock: new WriteLock(),
    resolver: new EntityResolver(embedder.embeddings, options.newUid),
    vectors: new SearchVectors(store, embedder.embeddings),
    retriever,
  };
}

/** A part of a memory (writer, reader, …): the shared context as its own fields. */
export abstract class MemoryPart {
  protected readonly store: GraphStore;
  protected readonly embedder: ResolvedEmbedder;
  protected readonly options: ResolvedMemoryOptions;
  protected readonly lock: WriteLock;
  protected readonly resolver: EntityResolver;
  protected readonly vectors: SearchVectors;
  protected readonly retriever: Retriever;

  constructor(context: MemoryContext) {
    this.store = context.store;
    this.embedder = context.embedder;
    this.options = context.options;
    this.lock = context.lock;
    this.resolver = context.resolver;
    this.vectors = context.vectors;
    this.retriever = context.retriever;
  }
}
