import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { EmbeddingsLike } from '../embed/base.js';
import type { Extractor } from '../extract/base.js';
import { DEFAULT_FUNCTIONAL_PREDICATES } from '../model/functional-predicates.js';
import { DEFAULT_PROFILE_SCHEMA } from '../profile/default-schema.js';
import { type CompiledSchema, compileProfileSchema, type ProfileSchema } from '../profile/schema.js';
import type { RetrieverOptions } from '../retrieve/recall.js';
import type { StoreOption } from '../store/resolve.js';
import { type ContradictionRules, contradictionRules, DEFAULT_OPPOSITE_PREDICATES } from './temporal.js';

export { DEFAULT_FUNCTIONAL_PREDICATES };

/** Options of {@link createMemory}. */
export interface MemoryOptions {
  /**
   * Folder of the embedded database (`<dataDir>/graph.lbug`). Ignored when `store` is given.
   * @default process.env.KGMEM_DATA_DIR ?? "./.kgmem"
   */
  dataDir?: string;
  /**
   * The store: a `GraphStore`, `{neo4j: {uri, user, password}}` or `{ladybug: {path}}`.
   * @default Neo4j when KGMEM_STORE=neo4j (NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD), else the embedded LadybugDB
   */
  store?: StoreOption;
  /**
   * Any LangChain `Embeddings`.
   * @default OpenAIEmbeddings (text-embedding-3-small) when OPENAI_API_KEY is set, else HashingEmbeddings
   */
  embeddings?: EmbeddingsLike;
  /** Output dimension of `embeddings`; probed with one call when omitted. */
  embeddingDimension?: number;
  /**
   * Open a database whose vectors another embedder wrote, to re-embed it with this one
   * ({@link Memory.reembed}, `kgmem reembed`). Without it such a database is refused.
   * @default false
   */
  reembedding?: boolean;
  /**
   * What `remember()` extracts with: an `Extractor`, or any LangChain chat model.
   * @default ChatOpenAI (KGMEM_MODEL, default gpt-4o-mini) when OPENAI_API_KEY is set, else the offline RuleExtractor
   */
  extractor?: Extractor | BaseChatModel;
  /**
   * Predicate keys that hold a single current value per subject.
   * @default DEFAULT_FUNCTIONAL_PREDICATES
   */
  functionalPredicates?: readonly string[];
  /**
   * Pairs of predicate keys that contradict each other for the same subject and object (a new
   * `dislikes pizza` closes a current `likes pizza`, and the other way round). `not_X` always
   * contradicts `X`.
   * @default DEFAULT_OPPOSITE_PREDICATES (likes/dislikes, likes/hates, loves/hates, …)
   */
  oppositePredicates?: readonly (readonly [string, string])[];
  /**
   * Cosine similarity above which a new name is merged into an existing entity (after exact
   * key and alias matches failed). Set to 1 to disable.
   * @default 0.95
   */
  mergeThreshold?: number;
  /**
   * Character budget of the recall `context` block.
   * @default 900
   */
  contextChars?: number;
  /**
   * The schema of `profile()` when none is passed: what recall's "About the user" line and the
   * prebuilt agent's system message show. Checked when the memory is created.
   * @default DEFAULT_PROFILE_SCHEMA
   */
  profileSchema?: ProfileSchema;
  /**
   * Tuning of recall: how many similar entities seed the walk, similarity floors, the weights of
   * each signal in the fusion, the minimum score (see `FusionOptions` for every default).
   */
  recall?: RetrieverOptions;
  /**
   * Serve this memory to the other kgmem processes of the machine while it is open (embedded
   * database only): the process that opens the database listens on a socket beside it
   * (`<dataDir>/run/kgmem.sock`, owner only), and the CLI, `kgmem serve` and `kgmem mcp` started
   * elsewhere go through it instead of failing on the database's lock. The socket does not keep
   * the process alive.
   * @default true
   */
  share?: boolean;
  /** Environment to read defaults from. @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * Makes the uid of each new entity and fact. Give a seeded generator for runs that must come
   * out the same every time (benchmarks, replays): facts of equal score are ordered by uid. Every
   * uid it returns must be new to the database, whoever else writes to it.
   * @default crypto.randomUUID
   */
  newUid?: () => string;
}

/** The default profile schema, checked once. */
export const DEFAULT_COMPILED_PROFILE = compileProfileSchema(
  DEFAULT_PROFILE_SCHEMA,
  'DEFAULT_PROFILE_SCHEMA',
);

/** {@link MemoryOptions} with every default filled. */
export interface ResolvedMemoryOptions {
  dataDir: string;
  databasePath: string;
  functionalPredicates: ReadonlySet<string>;
  /** Functional and opposite predicates: what contradicts what. */
  contradictions: ContradictionRules;
  mergeThreshold: number;
  contextChars: number;
  recall: RetrieverOptions;
  newUid: () => string;
  /** The default profile schema, checked. */
  profileSchema: CompiledSchema;
}

/** The embedded database's file name inside a data dir. */
export const DATABASE_FILE = 'graph.lbug';

/** Fills the defaults of {@link MemoryOptions}. */
export function resolveMemoryOptions(options: MemoryOptions): ResolvedMemoryOptions {
  const env = options.env ?? process.env;
  const dataDir = resolve(options.dataDir ?? env.KGMEM_DATA_DIR ?? '.kgmem');
  return {
    dataDir,
    databasePath: join(dataDir, DATABASE_FILE),
    functionalPredicates: new Set(options.functionalPredicates ?? DEFAULT_FUNCTIONAL_PREDICATES),
    contradictions: contradictionRules(
      options.functionalPredicates ?? DEFAULT_FUNCTIONAL_PREDICATES,
      options.oppositePredicates ?? DEFAULT_OPPOSITE_PREDICATES,
    ),
    mergeThreshold: options.mergeThreshold ?? 0.95,
    contextChars: options.contextChars ?? 900,
    recall: { ...options.recall },
    newUid: options.newUid ?? randomUUID,
    profileSchema:
      options.profileSchema === undefined
        ? DEFAULT_COMPILED_PROFILE
        : compileProfileSchema(options.profileSchema, 'createMemory({profileSchema})'),
  };
}
