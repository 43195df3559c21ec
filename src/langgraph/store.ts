import type { Embeddings } from '@langchain/core/embeddings';
import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type MatchCondition,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
  validateNamespace,
} from '@langchain/langgraph-checkpoint';
import type { EmbeddingsLike } from '../embed/base.js';
import { cosine } from '../embed/cosine.js';
import { isInternalItemPath } from '../memory/internal-items.js';
import type { Memory } from '../memory/memory.js';
import type { StoredItem } from '../store/base.js';
import { matchesFilter } from './store-filter.js';
import { PROFILE_KEY, profileIsReadOnly, profileItem, profileUserOf } from './store-profile.js';
import { textsAtPath } from './value-paths.js';

// Reads and deletes may name any namespace, the reserved root "langgraph" and the empty one
// included (BaseStore's rule); only a write is refused there.
const ANYWHERE = { allowEmpty: true, allowReservedRoot: true };

/** Semantic search of {@link KgmemStore}: which embeddings, and which fields of a value to embed. */
export interface KgmemStoreIndex {
  /** @default the memory's own embeddings */
  embeddings?: EmbeddingsLike | Embeddings;
  /** JSON paths of the text to embed (`"text"`, `"tags[*]"`); `"$"` is the whole value. @default ["$"] */
  fields?: string[];
  /**
   * The embeddings' dimension, as in LangGraph's `IndexConfig` (so one config serves both
   * stores); when given, vectors of another length are refused.
   */
  dims?: number;
}

/** Options of {@link KgmemStore}. */
export interface KgmemStoreOptions {
  memory: Memory;
  /**
   * Search by `query` ranks by cosine similarity of embedded fields. Without it, `query` is
   * ignored (as in LangGraph's InMemoryStore without an index). `true` uses the memory's embeddings.
   */
  index?: KgmemStoreIndex | true;
  /**
   * The kgmem user that owns a namespace: forgetting that user deletes its items.
   * @default the second label when there are two or more (`["memories", userId]`), else the first
   */
  userScope?: (namespace: string[]) => string;
}

const defaultUserScope = (namespace: string[]): string => namespace[1] ?? namespace[0] ?? '';

/** `["memories", "u1"]` → `"memories/u1/"`: a path that prefix-matches exactly its sub-namespaces. */
function pathOf(namespace: readonly string[]): string {
  return namespace.map((label) => `${encodeURIComponent(label)}/`).join('');
}

function namespaceOf(path: string): string[] {
  return path
    .split('/')
    .slice(0, -1)
    .map((label) => decodeURIComponent(label));
}

function itemId(namespace: readonly string[], key: string): string {
  return `${pathOf(namespace)}${encodeURIComponent(key)}`;
}

function toItem(stored: StoredItem): Item {
  return {
    namespace: namespaceOf(stored.path),
    key: stored.key,
    value: JSON.parse(stored.value) as Record<string, unknown>,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

function matchesCondition(namespace: string[], condition: MatchCondition): boolean {
  const { path } = condition;
  if (path.length > namespace.length) return false;
  const offset = condition.matchType === 'suffix' ? namespace.length - path.length : 0;
  return path.every((label, i) => label === '*' || namespace[offset + i] === label);
}

/**
 * A LangGraph store (`BaseStore`) kept in kgmem's database, next to the knowledge graph: pass it
 * as `store` to a LangGraph app and its `store.put(["memories", userId], key, value)` lands in
 * kgmem, persists across processes, and is deleted with the user (`memory.forget({userId, all})`).
 * Supports get, put (null deletes), search with filters, limit/offset and, with `index`, ranking
 * by embedding similarity; and listNamespaces with prefix/suffix conditions and maxDepth.
 *
 * `["profile", userId]` is the user's profile (`memory.profile`), read-only: `get(["profile",
 * userId], "profile")` reads it from the facts that hold now; a put there says to write facts.
 *
 * @example
 * const store = new KgmemStore({ memory, index: true });
 * await store.put(["memories", "u1"], "food", { text: "likes pizza" });
 * const hits = await store.search(["memories", "u1"], { query: "what food?" });
 */
export class KgmemStore extends BaseStore {
  private readonly memory: Memory;
  private readonly embeddings: EmbeddingsLike | undefined;
  private readonly fields: string[];
  private readonly dims: number | undefined;
  private readonly userScope: (namespace: string[]) => string;
  private nextSeq: number | undefined;

  constructor(options: KgmemStoreOptions) {
    super();
    this.memory = options.memory;
    const index = options.index === true ? {} : options.index;
    this.embeddings = index ? (index.embeddings ?? options.memory.embedder.embeddings) : undefined;
    this.fields = index?.fields ?? ['$'];
    this.dims = index?.dims;
    this.userScope = options.userScope ?? defaultUserScope;
  }

  /**
   * Runs a batch as LangGraph's stores do: reads answer from the state before the batch, and
   * the batch's puts (the last one per item wins) are then written together in one transaction.
   */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results: unknown[] = [];
    const puts = new Map<string, PutOperation>();
    for (const op of operations) {
      if ('value' in op) {
        // Writing under the reserved root is refused; deleting there is allowed, as in BaseStore.
        validateNamespace(op.namespace, op.value === null ? ANYWHERE : {});
        const profileOf = profileUserOf(op.namespace);
        if (profileOf !== undefined) throw profileIsReadOnly(profileOf);
        puts.set(itemId(op.namespace, op.key), op);
        results.push(null);
      } else if ('namespacePrefix' in op) results.push(await this.searchOperation(op));
      else if ('key' in op) results.push(await this.getOperation(op));
      else results.push(await this.listNamespacesOperation(op));
    }
    if (puts.size > 0) await this.applyPuts([...puts.values()]);
    return results as OperationResults<Op>;
  }

  private async getOperation(op: GetOperation): Promise<Item | null> {
    validateNamespace(op.namespace, ANYWHERE);
    const profileOf = profileUserOf(op.namespace);
    if (profileOf !== undefined) return op.key === PROFILE_KEY ? profileItem(this.memory, profileOf) : null;
    const [stored] = await this.memory.store.itemsByIds([itemId(op.namespace, op.key)]);
    return stored ? toItem(stored) : null;
  }

  private async applyPuts(ops: PutOperation[]): Promise<void> {
    const deletes = ops.filter((op) => op.value === null).map((op) => itemId(op.namespace, op.key));
    const writes = ops.filter((op) => op.value !== null);
    await this.memory.store.deleteItems(deletes);
    if (writes.length === 0) return;
    const vectors = await this.embedValues(writes);
    let seq = this.nextSeq ?? (await this.memory.store.maxItemSeq()) + 1;
    const rows = writes.map((op, i) => ({
      id: itemId(op.namespace, op.key),
      userId: this.userScope(op.namespace),
      path: pathOf(op.namespace),
      key: op.key,
      value: JSON.stringify(op.value),
      vectors: JSON.stringify(vectors[i] ?? {}),
      seq: seq++,
    }));
    this.nextSeq = seq;
    await this.memory.store.putItems(rows, new Date());
  }

  /** Embeds each value's indexed fields: one `{field: vector}` map per operation. */
  private async embedValues(ops: PutOperation[]): Promise<Record<string, number[]>[]> {
    const out = ops.map(() => ({}) as Record<string, number[]>);
    if (!this.embeddings) return out;
    const texts: string[] = [];
    const targets: [number, string][] = [];
    for (const [i, op] of ops.entries()) {
      if (op.index === false) continue;
      for (const path of op.index ?? this.fields) {
        // "$" is the whole value, serialised as LangGraph's own stores do.
        const found = textsAtPath(op.value, path);
        found.forEach((text, j) => {
          texts.push(text);
          targets.push([i, found.length > 1 ? `${path}.${j}` : path]);
        });
      }
    }
    if (texts.length === 0) return out;
    const embedded = await this.embeddings.embedDocuments(texts);
    embedded.forEach((vector, k) => {
      this.checkDims(vector, 'a stored value');
      const [i, field] = targets[k] as [number, string];
      (out[i] as Record<string, number[]>)[field] = Array.from(vector);
    });
    return out;
  }

  private async searchOperation(op: SearchOperation): Promise<SearchItem[]> {
    validateNamespace(op.namespacePrefix, ANYWHERE);
    const offset = op.offset ?? 0;
    const limit = op.limit ?? 10;
    const profileOf = profileUserOf(op.namespacePrefix);
    if (profileOf !== undefined) {
      const item = await profileItem(this.memory, profileOf);
      return matchesFilter(item.value, op.filter) && offset === 0 && limit > 0
        ? [{ ...item, score: undefined }]
        : [];
    }
    const candidates = (await this.memory.store.itemsUnder(pathOf(op.namespacePrefix)))
      .filter((stored) => !isInternalItemPath(stored.path))
      .map((stored) => ({ stored, item: toItem(stored) }))
      .filter(({ item }) => matchesFilter(item.value, op.filter));
    if (!op.query || !this.embeddings) {
      return candidates.slice(offset, offset + limit).map(({ item }) => ({ ...item, score: undefined }));
    }
    const query = await this.embeddings.embedQuery(op.query);
    this.checkDims(query, 'the query');
    const scored: SearchItem[] = [];
    const unscored: SearchItem[] = [];
    for (const { stored, item } of candidates) {
      const vectors = Object.values(JSON.parse(stored.vectors) as Record<string, number[]>);
      if (vectors.length === 0) unscored.push({ ...item, score: undefined });
      else scored.push({ ...item, score: Math.max(...vectors.map((v) => cosine(query, v))) });
    }
    scored.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    const page = scored.slice(offset, offset + limit);
    return page.length < limit ? [...page, ...unscored.slice(0, limit - page.length)] : page;
  }

  private checkDims(vector: ArrayLike<number>, what: string): void {
    if (this.dims !== undefined && vector.length !== this.dims) {
      throw new Error(
        `KgmemStore: the embeddings gave ${vector.length} numbers for ${what}, but index.dims is ${this.dims}; ` +
          "set dims to the embeddings' dimension",
      );
    }
  }

  private async listNamespacesOperation(op: ListNamespacesOperation): Promise<string[][]> {
    let namespaces = (await this.memory.store.itemPaths())
      .filter((p) => !isInternalItemPath(p))
      .map(namespaceOf);
    if (op.matchConditions?.length) {
      namespaces = namespaces.filter((ns) => op.matchConditions?.every((c) => matchesCondition(ns, c)));
    }
    if (op.maxDepth !== undefined) {
      const depth = op.maxDepth;
      namespaces = [
        ...new Map(namespaces.map((ns) => [pathOf(ns.slice(0, depth)), ns.slice(0, depth)])).values(),
      ];
    }
    namespaces.sort((a, b) => a.join(':').localeCompare(b.join(':')));
    const offset = op.offset ?? 0;
    return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
  }
}
