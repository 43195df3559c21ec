import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { checkText, checkUserId } from '../model/validate.js';
import type { CypherOptions, CypherResult } from '../store/base.js';
import { type CypherExample, cypherExamples } from '../store/explore-queries.js';
import type { ReadVerdict } from '../store/read-policy/policy.js';
import { KGMEM_VERSION } from '../version.js';
import type { MemoryDescription } from './api.js';
import { MemoryPart } from './context.js';
import { exportUser } from './export.js';
import type { ExportDocument, ImportSummary } from './export-format.js';
import type { ReembedCounts } from './inputs.js';
import { REEMBED_BATCH } from './inputs.js';
import { restoreInstructions } from './instructions.js';

/**
 * What runs on the whole memory: the Cypher console and its ready-made queries, re-embedding,
 * backups.
 * Each method is the one of {@link Memory} of that name, where it is documented.
 *
 * @internal
 */
export class MemoryAdmin extends MemoryPart {
  async describe(): Promise<MemoryDescription> {
    return {
      version: KGMEM_VERSION,
      backend: this.store.backend,
      location: this.store.location,
      embedder: this.embedder.description,
      dimension: this.embedder.dimension,
    };
  }

  async cypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    const where = 'Memory.cypher';
    const text = checkText(statement, 'statement', where);
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new InvalidInputError(`${where}: params must be an object of named values`);
    const run = () => this.store.runCypher(text, params, options);
    return options.readOnly ? run() : this.lock.run(run);
  }

  async exploreQueries(): Promise<CypherExample[]> {
    return cypherExamples(this.store.backend);
  }

  async explore(
    userId: string,
    name: string,
    params: Record<string, unknown> = {},
    options: Pick<CypherOptions, 'maxRows' | 'timeoutMs'> = {},
  ): Promise<CypherResult> {
    const where = 'Memory.explore';
    const user = checkUserId(userId, where);
    const queries = await this.exploreQueries();
    const query = queries.find((q) => q.name === name);
    if (!query)
      throw new NotFoundError(
        `${where}: no ready-made query "${name}"; the queries are ${queries.map((q) => q.name).join(', ')}`,
      );
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new InvalidInputError(`${where}: params must be an object of named values`);
    const { userId: _ignored, ...rest } = params;
    return this.cypher(query.statement, { ...rest, userId: user }, { ...options, readOnly: true });
  }

  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    return this.store.checkReadOnly(checkText(statement, 'statement', 'Memory.checkReadOnly'), params);
  }

  async reembed(
    onUser: (userId: string, counts: ReembedCounts) => void = () => {},
  ): Promise<ReembedCounts & { users: number }> {
    return this.lock.run(async () => {
      const total = { users: 0, entities: 0, facts: 0, episodes: 0 };
      await this.store.prepareReembedding(this.embedder.dimension);
      for (const userId of await this.store.users()) {
        const entities = await this.store.listEntities(userId, Number.MAX_SAFE_INTEGER);
        for (let i = 0; i < entities.length; i += REEMBED_BATCH) {
          const batch = entities.slice(i, i + REEMBED_BATCH);
          const vectors = await this.embedder.embeddings.embedDocuments(batch.map((e) => e.name));
          if (vectors.length !== batch.length || vectors.some((v) => v?.length !== this.embedder.dimension))
            throw new Error(
              `Memory.reembed: the embedder returned ${vectors.length} vectors for ${batch.length} names, ` +
                `not all of ${this.embedder.dimension} dimensions`,
            );
          await this.store.setEntityEmbeddings(
            userId,
            batch.map((e, j) => ({ uid: e.uid, embedding: vectors[j] as number[] })),
          );
        }
        await this.store.clearVectors(userId);
        const searchable = await this.vectors.embedMissing(userId);
        const counts = { entities: entities.length, ...searchable };
        onUser(userId, counts);
        total.users++;
        total.entities += counts.entities;
        total.facts += counts.facts;
        total.episodes += counts.episodes;
      }
      await this.store.recordEmbedder(this.embedder.identity);
      return total;
    });
  }

  async exportUser(userId: string): Promise<ExportDocument> {
    const where = 'Memory.exportUser';
    const user = checkUserId(userId, where);
    if (!(await this.store.hasUser(user))) throw new NotFoundError(`${where}: there is no user "${user}"`);
    return exportUser(this.store, user);
  }

  async importUser(document: unknown, options: { userId?: string } = {}): Promise<ImportSummary> {
    const where = 'Memory.importUser';
    // The checker (and zod) load only when a backup is imported.
    const [{ checkExport }, { restoreExport }] = await Promise.all([
      import('./export-check.js'),
      import('./restore.js'),
    ]);
    const checked = checkExport(document, `${where}: export file`);
    const target = options.userId ?? checked.document.userId;
    return this.lock.run(async () => {
      const summary = await restoreExport(this.store, this.embedder.embeddings, checked, target, where);
      // The graph is restored in one transaction; then the user's instructions, each kept once.
      await restoreInstructions(this.store, summary.userId, checked.document.instructions ?? []);
      return summary;
    });
  }
}
