import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import {
  ClosedError,
  CypherError,
  DimensionMismatchError,
  StoreUnavailableError,
} from '../../model/errors.js';
import { searchTerms } from '../../model/text.js';
import type { Entity, Fact } from '../../model/types.js';
import {
  type CypherOptions,
  type CypherResult,
  type EpisodeHits,
  type EpisodeQuery,
  type FactFilter,
  GraphStore,
  type ScoredEntity,
  type Statement,
  type TimeScope,
  type WriteBatch,
} from '../base.js';
import { capPerEntity } from '../cap.js';
import { refuseTransactionControl } from '../console-guard.js';
import { fillIntegerPlaceholders, loadCypher, splitStatements } from '../cypher-files.js';
import { entityFromRow, entityKeyId, factFromRow, type Row } from '../rows.js';
import { consoleParams, fromNeo4j, toNeo4jParams } from './values.js';

/** Options of {@link Neo4jStore}. */
export interface Neo4jStoreOptions {
  /** Bolt or neo4j URI (`neo4j://localhost:7687`). */
  uri: string;
  user: string;
  password: string;
  /** Database name. @default the server's default database */
  database?: string;
  /**
   * Users with more entities than this use the vector index (approximate, over-fetched and
   * filtered to the user); smaller users get exact cosine over their own entities.
   * @default 5000
   */
  vectorIndexThreshold?: number;
  /**
   * Candidates fetched from the vector index per result wanted, before the user filter.
   * @default 20
   */
  overfetch?: number;
}

const DIMENSION_KEY = 'embeddingDimension';

/**
 * The Neo4j 5 backend: one driver per memory, a session per operation, managed transactions
 * (`executeRead` / `executeWrite`, which retry transient errors). Every statement comes from
 * `cypher/neo4j/*.cypher`; every value is a parameter.
 */
export class Neo4jStore extends GraphStore {
  override readonly backend = 'neo4j';
  private driver: Driver | undefined;
  private dimension = 0;

  constructor(readonly options: Neo4jStoreOptions) {
    super();
  }

  override async open(embeddingDimension: number): Promise<void> {
    if (this.driver) {
      if (embeddingDimension !== this.dimension)
        throw mismatch(this.options.uri, this.dimension, embeddingDimension);
      return;
    }
    const driver = neo4j.driver(
      this.options.uri,
      neo4j.auth.basic(this.options.user, this.options.password),
      {
        disableLosslessIntegers: true,
        userAgent: 'kgmem',
      },
    );
    try {
      await driver.verifyConnectivity(this.options.database ? { database: this.options.database } : {});
    } catch (error) {
      await driver.close();
      throw connectionError(this.options, error);
    }
    this.driver = driver;
    try {
      await this.applySchema(embeddingDimension);
      const recorded = (await this.readRows('meta-get', { key: DIMENSION_KEY }))[0]?.value;
      if (recorded === undefined || recorded === null) {
        await this.writeRows('meta-set', { key: DIMENSION_KEY, value: String(embeddingDimension) });
      } else if (Number(recorded) !== embeddingDimension) {
        throw mismatch(this.options.uri, Number(recorded), embeddingDimension);
      }
    } catch (error) {
      await this.close();
      throw error;
    }
    this.dimension = embeddingDimension;
  }

  /** Applies `schema.cypher` (constraints, indexes, vector and full-text indexes) and waits for them. */
  async applySchema(embeddingDimension: number): Promise<void> {
    const schema = fillIntegerPlaceholders(loadCypher('neo4j', 'schema'), { embeddingDimension });
    // Schema commands cannot share a transaction with anything else: one auto-commit each.
    for (const statement of splitStatements(schema)) await this.autoCommit(statement, {});
    await this.autoCommit(loadCypher('neo4j', 'await-indexes'), { timeoutSeconds: 300 });
  }

  override async write(batch: WriteBatch): Promise<void> {
    const { userId } = batch;
    await this.session('WRITE', (session) =>
      session.executeWrite(async (tx) => {
        const run = (name: string, params: Record<string, unknown>) => runIn(tx, name, params);
        await run('user-merge', { userId, at: batch.at.toISOString() });
        if (batch.entities.length > 0) {
          await run('entities-create', {
            userId,
            rows: batch.entities.map((e) => ({
              uid: e.uid,
              key: e.key,
              name: e.name,
              type: e.type,
              summary: e.summary,
              aliases: e.aliases,
              aliasText: e.aliases.join(' '),
              embedding: Array.from(e.embedding),
              at: e.at.toISOString(),
              mentions: e.mentions,
            })),
          });
          await run('entity-keys-create', {
            userId,
            rows: batch.entities.flatMap((e) =>
              e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
            ),
          });
        }
        if (batch.keys.length > 0) {
          await run('entity-keys-create', {
            userId,
            rows: batch.keys.map((k) => ({
              id: entityKeyId(userId, k.key),
              key: k.key,
              entityUid: k.entityUid,
            })),
          });
        }
        if (batch.touches.length > 0) {
          await run('entities-touch', {
            userId,
            rows: batch.touches.map((t) => ({
              ...t,
              aliasText: t.aliases.join(' '),
              at: t.at.toISOString(),
            })),
          });
        }
        if (batch.facts.length > 0) {
          await run('facts-create', {
            userId,
            rows: batch.facts.map((f) => ({
              ...f,
              vector: f.vector ? Array.from(f.vector) : null,
              validFrom: f.validFrom.toISOString(),
              createdAt: f.createdAt.toISOString(),
            })),
          });
        }
        if (batch.episode) {
          await run('episode-mentions-create', {
            userId,
            episodeUid: batch.episode.uid,
            entityUids: batch.episode.entityUids,
          });
          await run('episode-status', {
            userId,
            uid: batch.episode.uid,
            status: 'extracted',
            error: '',
            summary: batch.episode.summary,
          });
        }
        // After the creates, so a fact created and contradicted in one batch is closed too.
        if (batch.mentions.length > 0) await run('facts-mention', { userId, rows: batch.mentions });
        if (batch.invalidations.length > 0) {
          await run('facts-invalidate', {
            userId,
            rows: batch.invalidations.map((i) => ({ ...i, validTo: i.validTo.toISOString() })),
          });
        }
        if (batch.validFrom.length > 0) {
          await run('facts-set-valid-from', {
            userId,
            rows: batch.validFrom.map((m) => ({ ...m, validFrom: m.validFrom.toISOString() })),
          });
        }
      }),
    );
  }

  override async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    const found = new Map<string, Entity>();
    if (keys.length === 0) return found;
    const ids = [...new Set(keys)].map((key) => entityKeyId(userId, key));
    for (const row of await this.readRows('entities-by-keys', { userId, ids })) {
      found.set(String(row.lookupKey), entityFromRow(row, userId));
    }
    return found;
  }

  override async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    if (k <= 0) return [];
    // Neo4j scores cosine as (1 + cos) / 2; convert the threshold in and the scores out.
    const params = { userId, vector: Array.from(vector), k, minScore: (1 + minScore) / 2 };
    const entities = Number((await this.readRows('entity-count', { userId }))[0]?.entities ?? 0);
    const rows =
      entities > (this.options.vectorIndexThreshold ?? 5000)
        ? await this.readRows('entities-similar-index', {
            ...params,
            candidates: Math.min(k * (this.options.overfetch ?? 20), 10_000),
          })
        : await this.readRows('entities-similar-exact', params);
    return rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
  }

  override async searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits> {
    const boosted = (query.expansion ?? []).flatMap(({ word, weight }) =>
      searchTerms(word).map((term) => `${luceneQuery(term)}^${weight.toFixed(2)}`),
    );
    const lucene = [luceneQuery(searchTerms(query.text).join(' ')), ...boosted].filter(Boolean).join(' ');
    const text = lucene
      ? await this.readRows('episodes-fulltext', {
          userId,
          query: lucene,
          k: query.k,
          candidates: query.k * 20,
        })
      : [];
    const vector = query.vector
      ? await this.readRows('episodes-similar-exact', {
          userId,
          vector: Array.from(query.vector),
          k: query.k,
          minScore: (1 + query.minSimilarity) / 2,
        })
      : [];
    return {
      text: text.map((r) => ({ uid: String(r.uid), score: Number(r.score) })),
      vector: vector.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 })),
    };
  }

  override async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    if (uids.length === 0) return new Map();
    const rows = await this.readRows('episodes-neighbours', { userId, uids: [...uids], window });
    return new Map(
      rows.map((r) => [String(r.uid), Array.isArray(r.neighbours) ? r.neighbours.map(String) : []]),
    );
  }

  override async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    if (k <= 0) return [];
    const params = { userId, vector: Array.from(vector), k, minScore: (1 + minScore) / 2 };
    if (among) {
      if (among.length === 0) return [];
      const rows = await this.readRows('facts-similar-among', { ...params, uids: [...among] });
      return rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
    }
    const facts = Number((await this.readRows('user-stats', { userId }))[0]?.facts ?? 0);
    const rows =
      facts > (this.options.vectorIndexThreshold ?? 5000)
        ? await this.readRows('facts-similar-index', {
            ...params,
            candidates: Math.min(k * (this.options.overfetch ?? 20), 10_000),
          })
        : await this.readRows('facts-similar-exact', params);
    return rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
  }

  override async nameMatches(userId: string, text: string, k: number): Promise<ScoredEntity[]> {
    const query = luceneQuery(text);
    if (!query) return [];
    const rows = await this.readRows('entities-fulltext', { userId, query, k, candidates: k * 20 });
    const best = Math.max(1e-9, ...rows.map((r) => Number(r.score)));
    return rows.map((r) => ({ uid: String(r.uid), score: Number(r.score) / best }));
  }

  override async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const rows = await this.readRows('facts-incident', {
      userId,
      uids: [...new Set(entityUids)],
      anyKey: keys === undefined,
      keys: keys ? [...keys] : [],
      ...timeParams(time),
    });
    return capPerEntity(
      rows.map((r) => factFromRow(r, userId)),
      entityUids,
      maxPerEntity,
    );
  }

  override async predicateKeys(userId: string): Promise<string[]> {
    return (await this.readRows('facts-predicate-keys', { userId })).map((r) => String(r.key));
  }

  override async listFacts(userId: string, filter: FactFilter): Promise<Fact[]> {
    return (
      await this.readRows('facts-list', {
        userId,
        entityUid: filter.entityUid ?? '',
        key: filter.predicateKey ?? '',
        limit: filter.limit,
        ...timeParams(filter.time),
      })
    ).map((r) => factFromRow(r, userId));
  }

  override async listEntities(userId: string, limit: number): Promise<Entity[]> {
    return (await this.readRows('entities-list', { userId, limit })).map((r) => entityFromRow(r, userId));
  }

  override async deleteFact(userId: string, factUid: string): Promise<boolean> {
    return Number((await this.writeRows('fact-delete', { userId, uid: factUid }))[0]?.deleted ?? 0) > 0;
  }

  override async cypherIsReadOnly(statement: string): Promise<boolean> {
    refuseTransactionControl(statement);
    const session = this.connected().session(this.sessionConfig('READ'));
    try {
      // EXPLAIN plans without running; the summary says whether the statement reads ('r') only.
      const result = await session.run(`EXPLAIN ${statement}`);
      return result.summary.queryType === 'r';
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
  }

  override async runCypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    refuseTransactionControl(statement);
    const driver = this.connected();
    const session = driver.session(this.sessionConfig(options.readOnly ? 'READ' : 'WRITE'));
    const maxRows = options.maxRows ?? Infinity;
    try {
      // A read transaction: the server refuses any write in it (Neo.ClientError.Statement.AccessMode).
      const config = options.timeoutMs ? { timeout: options.timeoutMs } : {};
      const run = (tx: ManagedTransaction) => tx.run(statement, consoleParams(params));
      const result = options.readOnly
        ? await session.executeRead(run, config)
        : await session.run(statement, consoleParams(params), config);
      const kept = result.records.slice(0, maxRows);
      return {
        columns: [...(result.records[0]?.keys ?? [])].map(String),
        rows: kept.map((record) => fromNeo4j(record.toObject()) as Record<string, unknown>),
        ...(result.records.length > kept.length ? { truncated: true } : {}),
      };
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
  }

  /** Deletes every kgmem node (tests, `kgmem schema reset`). */
  async clearAll(): Promise<void> {
    await this.writeRows('clear-all', {});
  }

  override async close(): Promise<void> {
    const driver = this.driver;
    this.driver = undefined;
    await driver?.close();
  }

  private connected(): Driver {
    if (!this.driver)
      throw new ClosedError('Neo4jStore: the store is closed (or was never opened); call open() first');
    return this.driver;
  }

  private sessionConfig(mode: 'READ' | 'WRITE') {
    return {
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      ...(this.options.database ? { database: this.options.database } : {}),
    };
  }

  private async session<T>(
    mode: 'READ' | 'WRITE',
    body: (session: ReturnType<Driver['session']>) => Promise<T>,
  ): Promise<T> {
    const session = this.connected().session(this.sessionConfig(mode));
    try {
      return await body(session);
    } finally {
      await session.close();
    }
  }

  protected override runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]> {
    const work = async (tx: ManagedTransaction) => {
      const results: Row[][] = [];
      for (const { name, params } of statements) results.push(await runIn(tx, name, params));
      return results;
    };
    return mode === 'read'
      ? this.session('READ', (session) => session.executeRead(work))
      : this.session('WRITE', (session) => session.executeWrite(work));
  }

  private autoCommit(statement: string, params: Record<string, unknown>): Promise<unknown> {
    return this.session('WRITE', (session) => session.run(statement, toNeo4jParams(params)));
  }
}

async function runIn(tx: ManagedTransaction, name: string, params: Record<string, unknown>): Promise<Row[]> {
  const result = await tx.run(loadCypher('neo4j', name), toNeo4jParams(params));
  return result.records.map((record) => fromNeo4j(record.toObject()) as Row);
}

function timeParams(time: TimeScope): { mode: string; asOf: string } {
  return {
    mode: time.mode,
    asOf: time.mode === 'asOf' ? time.asOf.toISOString() : '1970-01-01T00:00:00.000Z',
  };
}

/** Escapes free text for a Lucene query: each word, fuzzy-free, OR-ed. */
export function luceneQuery(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, (c) => `\\${c}`))
    .filter((word) => word.length > 0 && !/^(AND|OR|NOT|TO)$/.test(word))
    .join(' ');
}

function mismatch(uri: string, recorded: number, configured: number): DimensionMismatchError {
  return new DimensionMismatchError(
    `The Neo4j database at ${uri} stores ${recorded}-dimensional embeddings but the configured embedder ` +
      `produces ${configured}. Use the embedder the database was created with, or another database.`,
  );
}

function connectionError(options: Neo4jStoreOptions, error: unknown): StoreUnavailableError {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  if (code === 'Neo.ClientError.Security.Unauthorized' || /unauthori[sz]ed|authentication/i.test(message)) {
    return new StoreUnavailableError(
      `Neo4j at ${options.uri} refused the credentials of user "${options.user}": check NEO4J_USER and NEO4J_PASSWORD.`,
    );
  }
  return new StoreUnavailableError(
    `Neo4j at ${options.uri} is unreachable (${message}). Start it with \`docker compose up -d\` and check NEO4J_URI.`,
  );
}
