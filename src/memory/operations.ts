import type { CypherOptions, CypherResult } from '../store/base.js';
import type { CypherExample } from '../store/explore-queries.js';
import type { ReadVerdict } from '../store/read-policy/policy.js';
import { MemoryAdmin } from './admin.js';
import type { MemoryDescription } from './api.js';
import type { MemoryContext } from './context.js';
import type { ExportDocument, ImportSummary } from './export-format.js';
import type { ReembedCounts } from './inputs.js';

/**
 * The operator's half of {@link Memory}: the Cypher console and the ready-made queries, the
 * description of the memory, re-embedding, export and import. {@link Memory} extends it; the
 * methods are documented here and appear on every memory.
 */
export abstract class MemoryOperations {
  private readonly admin: MemoryAdmin;

  protected constructor(
    /** What the memory's parts share (store, embedder, options, write lock). */
    protected readonly context: MemoryContext,
  ) {
    this.admin = new MemoryAdmin(context);
  }

  /**
   * Runs one Cypher statement on the backend (the `kgmem cypher` console). With `readOnly` a
   * statement that could write is refused before it runs, and reads do not wait for the write
   * queue; `maxRows` caps the rows read.
   */
  async cypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    return this.admin.cypher(statement, params, options);
  }

  /**
   * The ready-made analyst queries of `cypher/explore/` for this memory's backend: the per-user
   * way to explore with Cypher (see {@link Memory.explore}).
   */
  async exploreQueries(): Promise<CypherExample[]> {
    return this.admin.exploreQueries();
  }

  /** The release, backend, location and embedder of this memory. */
  async describe(): Promise<MemoryDescription> {
    return this.admin.describe();
  }

  /**
   * Runs one ready-made query of `cypher/explore/` for one user: the user id is bound by this
   * call (a `userId` among `params` is ignored), the statement is the file's, and it runs
   * read-only with rows capped. What a surface acting for one user (MCP, a per-user token)
   * offers instead of raw Cypher.
   *
   * @throws NotFoundError for an unknown query name
   */
  async explore(
    userId: string,
    name: string,
    params: Record<string, unknown> = {},
    options: Pick<CypherOptions, 'maxRows' | 'timeoutMs'> = {},
  ): Promise<CypherResult> {
    return this.admin.explore(userId, name, params, options);
  }

  /**
   * Whether a Cypher statement may run where only reading is allowed (without the write token,
   * or on a read-only surface): a plain query of this database, and nothing that writes, reads
   * or writes files, loads extensions or reaches another database. The statement is not run; the
   * verdict names the clause that stops it.
   */
  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    return this.admin.checkReadOnly(statement, params);
  }

  /**
   * Embeds everything again with this memory's embedder (open it with `reembedding: true`): every
   * user's entities, fact statements and stored turns, then records the embedder so the database
   * opens with it from now on. For a switch of embedding model (or of dimension). An embedder
   * failure stops it with the error; run it again to finish.
   */
  async reembed(
    onUser: (userId: string, counts: ReembedCounts) => void = () => {},
  ): Promise<ReembedCounts & { users: number }> {
    return this.admin.reembed(onUser);
  }

  /**
   * One user's whole memory as a versioned backup document (`kgmem-export/2`): entities, facts
   * with their history, provenance and observations, and every stored turn exactly as sent. See
   * `export-format.ts` for the format; {@link Memory.importUser} restores it.
   *
   * @throws NotFoundError when the user has no memory
   */
  async exportUser(userId: string): Promise<ExportDocument> {
    return this.admin.exportUser(userId);
  }

  /**
   * Restores a backup written by {@link Memory.exportUser} (or by `kgmem export` of an older
   * version): into the file's user, or into `userId` when given (a copy under another id gets
   * uids of its own). The whole file is checked first and written in one transaction; records the
   * user already holds are kept as they are, so importing the same file twice changes nothing.
   *
   * @throws InvalidInputError for a file of an unknown version, an invalid or incomplete one, or
   *   an entity name the user already uses for another entity (nothing is written)
   */
  async importUser(document: unknown, options: { userId?: string } = {}): Promise<ImportSummary> {
    return this.admin.importUser(document, options);
  }
}
