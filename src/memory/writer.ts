import { embeddingsForWrite } from '../embed/prefetched.js';
import type { Extractor } from '../extract/base.js';
import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import { factStatement } from '../model/statement.js';
import { type CheckedTriple, checkTriple, type KnowledgeTriple, type Triple } from '../model/triple.js';
import { checkDate, checkText, checkUserId } from '../model/validate.js';
import type { WriteBatch } from '../store/base.js';
import { checkKeys } from './checks.js';
import { type MemoryContext, MemoryPart } from './context.js';
import { EntityResolver, mentionName } from './entity-resolver.js';
import { EpisodeProcessor, type RememberInput, type RememberResult } from './episodes.js';
import { planFacts, type ResolvedTriple } from './fact-planner.js';
import { Forgetting } from './forgetting.js';
import type {
  AddTriplesOptions,
  AddTriplesResult,
  ApplyOptions,
  ForgetInput,
  ForgetResult,
} from './inputs.js';
import { mergeRecordItem, nameJoinRecord } from './merge-record.js';
import { variantTargets } from './variant-targets.js';

/**
 * The write side of a memory: triples and turns in, forgetting out. Every write runs under the
 * memory's write lock and is planned and applied in one transaction.
 * Each method is the one of {@link Memory} of that name, where it is documented.
 *
 * @internal
 */
export class MemoryWriter extends MemoryPart {
  private readonly episodes: EpisodeProcessor;
  private readonly forgetting: Forgetting;

  constructor(context: MemoryContext, extractor: Extractor) {
    super(context);
    this.forgetting = new Forgetting(context);
    this.episodes = new EpisodeProcessor({
      store: this.store,
      extractor,
      embed: (text) => this.vectors.embedOne(text),
      retriever: this.retriever,
      lock: this.lock,
      contextChars: this.options.contextChars,
      functional: this.options.contradictions.functional,
      applyTriples: (user, triples, applyOptions) => this.applyTriples(user, triples, applyOptions),
    });
  }

  async addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options: AddTriplesOptions = {},
  ): Promise<AddTriplesResult> {
    const where = 'Memory.addTriples';
    const user = checkUserId(userId, where);
    if (!Array.isArray(triples)) throw new InvalidInputError(`${where}: triples must be an array`);
    const checked = triples.map((t, i) => checkTriple(t, i, where));
    for (const [i, t] of checked.entries()) checkKeys(t, i, where);
    const at = options.at === undefined ? new Date() : checkDate(options.at, 'at', where);
    const source = options.source === undefined ? 'api' : checkText(options.source, 'source', where);
    if (checked.length === 0) {
      return { added: 0, updated: 0, invalidated: 0, entitiesCreated: 0, factUids: [] };
    }

    const apply = { at, sourceIds: [source], similarityMerge: options.similarityMerge ?? true };
    // A call larger than one transaction of the store holds is written as consecutive
    // transactions, each whole (as consecutive calls would be); the result is the call's.
    const size = this.store.triplesPerTransaction(this.embedder.dimension);
    if (checked.length <= size) return this.lock.run(() => this.applyTriples(user, checked, apply));
    const total: AddTriplesResult = {
      added: 0,
      updated: 0,
      invalidated: 0,
      entitiesCreated: 0,
      factUids: [],
    };
    for (let start = 0; start < checked.length; start += size) {
      const part = checked.slice(start, start + size);
      const result = await this.lock.run(() => this.applyTriples(user, part, apply));
      total.added += result.added;
      total.updated += result.updated;
      total.invalidated += result.invalidated;
      total.entitiesCreated += result.entitiesCreated;
      total.factUids.push(...result.factUids);
    }
    return total;
  }

  async remember(input: RememberInput): Promise<RememberResult> {
    return this.episodes.remember(input);
  }

  async reextract(userId: string, options: { failedOnly?: boolean } = {}): Promise<RememberResult[]> {
    return this.episodes.reextract(checkUserId(userId, 'Memory.reextract'), options.failedOnly ?? false);
  }

  /** Resolves, plans and writes checked triples in one transaction; callers hold the write lock. */
  async applyTriples(
    user: string,
    checked: readonly CheckedTriple[],
    options: ApplyOptions,
  ): Promise<AddTriplesResult> {
    // Names and statements are embedded before the transaction (see PrefetchedEmbeddings).
    const embeddings = await embeddingsForWrite(this.embedder.embeddings, () =>
      checked.flatMap((t) => {
        const subject = mentionName(t.subject);
        const object = mentionName(t.object);
        return [subject, object, factStatement(subject, t.predicate, object)];
      }),
    );
    const resolver =
      embeddings === this.embedder.embeddings
        ? this.resolver
        : new EntityResolver(embeddings, this.options.newUid);
    // Variants of known names are found before the transaction, from what the cache holds.
    const variants = options.similarityMerge
      ? await variantTargets(
          this.store,
          user,
          checked.flatMap((t) => [t.subject, t.object]),
          options.notVariantsOf,
          new Set(
            checked.flatMap((t) => [
              ...(t.subjectType === 'person' ? [entityKeyOf(t.subject)] : []),
              ...(t.objectType === 'person' ? [entityKeyOf(t.object)] : []),
            ]),
          ),
        )
      : undefined;
    return this.store.writePlanned(user, async (reads) => {
      await options.verify?.(reads);
      const resolution = await resolver.resolve(
        reads,
        user,
        checked.flatMap((t) => [
          { name: t.subject, type: t.subjectType },
          { name: t.object, type: t.objectType },
        ]),
        {
          at: options.at,
          mergeThreshold: this.options.mergeThreshold,
          similarityMerge: options.similarityMerge,
          ...(variants ? { variants } : {}),
        },
      );
      const resolved: ResolvedTriple[] = checked.map((t) => {
        const subject = resolution.byKey.get(entityKeyOf(t.subject));
        const object = resolution.byKey.get(entityKeyOf(t.object));
        if (!subject || !object) throw new Error('Memory: internal error, an entity was not resolved');
        return {
          subjectUid: subject.uid,
          subjectName: subject.name,
          objectUid: object.uid,
          objectName: object.name,
          predicate: t.predicate,
          key: normalizePredicate(t.predicate),
          confidence: t.confidence,
          ...(t.ended ? { ended: true } : {}),
        };
      });
      const plan = await planFacts(reads, resolved, {
        userId: user,
        at: options.at,
        sourceIds: options.sourceIds,
        rules: this.options.contradictions,
        createdEntities: resolution.created,
        createdAt: new Date(),
        newUid: this.options.newUid,
        contradicts: options.contradicts ?? [],
      });
      await this.vectors.attach(plan.facts, embeddings);
      const batch: WriteBatch = {
        userId: user,
        at: options.at,
        entities: resolution.entities,
        keys: resolution.keys,
        touches: resolution.touches,
        facts: plan.facts,
        mentions: plan.mentions,
        invalidations: plan.invalidations,
        validFrom: plan.validFrom,
        records: resolution.joins.map(({ key, ...join }) =>
          mergeRecordItem(
            user,
            nameJoinRecord(this.options.newUid(), options.at, { ...join, alias: key }),
            0,
          ),
        ),
        ...(options.episode
          ? {
              episode: {
                ...options.episode,
                entityUids: [...new Set(resolved.flatMap((t) => [t.subjectUid, t.objectUid]))],
              },
            }
          : {}),
      };
      // A split adds the later part of a fact as a new edge that no triple created.
      const said = new Set(plan.tripleFacts);
      const created = plan.facts.filter((f) => said.has(f.uid)).length;
      const result: AddTriplesResult = {
        added: plan.facts.length,
        // Every triple that did not create a fact confirmed one that already held.
        updated: checked.length - created,
        invalidated: plan.closedCurrent,
        entitiesCreated: resolution.entities.length,
        factUids: plan.tripleFacts,
      };
      return { batch, result };
    });
  }

  async forget(input: ForgetInput): Promise<ForgetResult> {
    const where = 'Memory.forget';
    if (typeof input !== 'object' || input === null)
      throw new InvalidInputError(`${where}: expected {userId, …}`);
    const userId = checkUserId(input.userId, where);
    const keepTurns = input.keepTurns ?? false;
    if (typeof keepTurns !== 'boolean')
      throw new InvalidInputError(`${where}: keepTurns must be true or false`);
    return this.lock.run(async () => {
      if ('factUid' in input) {
        const fact = await this.store.factByUid(userId, checkText(input.factUid, 'factUid', where));
        if (!fact) return { deleted: false };
        await this.forgetting.forget(userId, { facts: [fact], entities: [], keepTurns });
        return { deleted: true };
      }
      if ('entity' in input) {
        const name = checkText(input.entity, 'entity', where);
        const entity = await this.store.entityByKey(userId, entityKeyOf(name));
        if (!entity) throw new NotFoundError(`${where}: user "${userId}" has no entity named "${name}"`);
        await this.forgetting.forget(userId, { facts: [], entities: [entity], keepTurns });
        return { deleted: true };
      }
      if ('all' in input && input.all === true) return { deleted: await this.store.deleteUser(userId) };
      throw new InvalidInputError(`${where}: say what to forget: {factUid}, {entity} or {all: true}`);
    });
  }

  async forgetFact(userId: string, factUid: string): Promise<void> {
    const where = 'Memory.forgetFact';
    const user = checkUserId(userId, where);
    const uid = checkText(factUid, 'factUid', where);
    const { deleted } = await this.forget({ userId: user, factUid: uid });
    if (!deleted)
      throw new NotFoundError(`${where}: user "${user}" has no fact ${uid}; list them with memory.facts()`);
  }
}
