import { embedTexts } from '../embed/base.js';
import { episodeText } from '../model/episode-text.js';
import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { entityKeyOf, USER_ENTITY_KEY } from '../model/normalize.js';
import type { Entity, Fact } from '../model/types.js';
import { checkText, checkUserId } from '../model/validate.js';
import { MemoryPart } from './context.js';
import { resolveEntityRef } from './explore.js';
import { planMerge } from './merge-plan.js';
import {
  type MergeLogEntry,
  type MergeRecord,
  mergeRecordItem,
  mergeRecords,
  type NameJoinRecord,
} from './merge-record.js';
import { type PlannedSplit, planAliasSplit, planUndo } from './split-plan.js';

/** What {@link Memory.mergeEntities} did. */
export interface MergeResult {
  /** The entity that stayed, as it is after the merge (the other's names among its aliases). */
  entity: Entity;
  /** The merge's id (its record: {@link Memory.merges}). */
  mergeId: string;
  /** Facts that moved to the entity that stayed. */
  moved: number;
  /** Of those, facts counted into a current fact that said the same. */
  absorbed: number;
  /** Facts closed because the merge left two current values of a one-value predicate. */
  closed: number;
}

/** What {@link Memory.splitEntity} did. */
export interface SplitResult {
  /** The entity split off, with its own node again. */
  entity: Entity;
  /** The entity it was split from, as it is after the split. */
  from: Entity;
  /** Facts that moved to the entity split off. */
  moved: number;
  /** The merge this split undid, or `null` when the alias joined as it was written. */
  undid: string | null;
}

/**
 * Merging entities by hand, and splitting them again: each is planned from what is stored
 * (`merge-plan.ts`, `split-plan.ts`) and written in one transaction with its record. Each method
 * is the one of {@link Memory} of that name.
 *
 * @internal
 */
export class EntityMerging extends MemoryPart {
  async mergeEntities(
    userId: string,
    keepRef: string,
    otherRef: string,
    options: { reason?: string } = {},
  ): Promise<MergeResult> {
    const where = 'Memory.mergeEntities';
    const user = checkUserId(userId, where);
    const keepName = checkText(keepRef, 'keep', where);
    const otherName = checkText(otherRef, 'other', where);
    const reason = options.reason === undefined ? 'by hand' : checkText(options.reason, 'reason', where);
    return this.lock.run(async () => {
      const keep = await resolveEntityRef(this.store, user, keepName);
      const other = await resolveEntityRef(this.store, user, otherName);
      if (keep.uid === other.uid)
        throw new InvalidInputError(`${where}: "${keepName}" and "${otherName}" are already one entity`);
      if (other.key === USER_ENTITY_KEY)
        throw new InvalidInputError(
          `${where}: the user's own entity cannot be merged away; merge "${other.name}" the other way round (keep the user)`,
        );
      const at = new Date();
      const plan = planMerge({
        keep,
        other,
        facts: await this.store.incidentFacts(user, [keep.uid, other.uid], { mode: 'all' }),
        mentions: await this.store.episodeMentions(user),
        rules: this.options.contradictions,
        at,
        id: this.options.newUid(),
        reason,
      });
      const seq = (await this.store.maxItemSeq()) + 1;
      await this.store.rewriteEntities(user, {
        factUids: plan.deleted,
        entityUids: [other.uid],
        deleteKeys: [],
        entityUpdates: [plan.entityUpdate],
        restore: { entities: [], facts: await this.withVectors(plan.rewritten), mentions: plan.mentions },
        keys: plan.keys,
        dropMentions: [],
        record: mergeRecordItem(user, plan.record, seq),
      });
      return {
        entity: await resolveEntityRef(this.store, user, keep.uid),
        mergeId: plan.record.id,
        moved: plan.record.moved.length,
        absorbed: plan.record.absorbed.length,
        closed: plan.record.closed.length,
      };
    });
  }

  async splitEntity(userId: string, entityRef: string, alias: string): Promise<SplitResult> {
    const where = 'Memory.splitEntity';
    const user = checkUserId(userId, where);
    const ref = checkText(entityRef, 'entity', where);
    const aliasName = checkText(alias, 'alias', where);
    return this.lock.run(async () => {
      const entity = await resolveEntityRef(this.store, user, ref);
      const key = entityKeyOf(aliasName);
      if (key === entity.key)
        throw new InvalidInputError(
          `${where}: "${aliasName}" is the entity's own name; split off one of its aliases (${aliasList(entity)})`,
        );
      if (!entity.aliases.includes(key))
        throw new NotFoundError(
          `${where}: "${aliasName}" is not an alias of "${entity.name}" (its aliases: ${aliasList(entity)})`,
        );
      const history = await mergeRecords(this.store, user);
      const record = recordOf(history, entity, key, where);
      const joined = history.filter(
        (r): r is NameJoinRecord =>
          r.kind === 'join' && r.undoneAt === null && r.entityUid === entity.uid && r.alias === key,
      );
      const at = new Date();
      const plan = record
        ? planUndo({ record, entity, current: await this.namedFacts(user, record), at })
        : await this.aliasSplit(user, entity, key, aliasName, at);
      const [embedding] = await embedTexts(this.embedder.embeddings, [plan.restored.name]);
      await this.store.rewriteEntities(user, {
        factUids: plan.deleted,
        entityUids: [],
        deleteKeys: plan.deleteKeys,
        entityUpdates: [plan.entityUpdate],
        restore: {
          entities: [{ ...plan.restored, embedding: embedding ?? [] }],
          facts: await this.withVectors(plan.rewritten),
          mentions: plan.mentions,
        },
        keys: plan.keys,
        dropMentions: plan.dropMentions,
        record: await this.undoneItem(user, record ?? joined.at(-1), at),
      });
      return {
        entity: await resolveEntityRef(this.store, user, plan.restored.uid),
        from: await resolveEntityRef(this.store, user, entity.uid),
        moved: plan.rewritten.filter(
          (f) => f.subjectUid === plan.restored.uid || f.objectUid === plan.restored.uid,
        ).length,
        undid: record?.id ?? null,
      };
    });
  }

  async merges(userId: string): Promise<MergeLogEntry[]> {
    return mergeRecords(this.store, checkUserId(userId, 'Memory.merges'));
  }

  /** The facts a merge record names, as they are now (forgotten ones absent). */
  private async namedFacts(userId: string, record: MergeRecord): Promise<Fact[]> {
    const uids = [...record.moved, ...record.absorbed.map((a) => a.into), ...record.closed];
    return this.store.factsByUids(userId, uids);
  }

  private async aliasSplit(
    userId: string,
    entity: Entity,
    key: string,
    aliasName: string,
    at: Date,
  ): Promise<PlannedSplit> {
    const facts = await this.store.incidentFacts(userId, [entity.uid], { mode: 'all' });
    const mentions = await this.store.episodeMentions(userId);
    const turnUids = [
      ...new Set([
        ...facts.flatMap((f) => f.episodeIds),
        ...[...mentions].filter(([, uids]) => uids.includes(entity.uid)).map(([uid]) => uid),
      ]),
    ];
    const turns =
      turnUids.length > 0
        ? await this.store.episodes(userId, { uids: turnUids, limit: turnUids.length })
        : [];
    return planAliasSplit({
      entity,
      aliasKey: key,
      aliasName,
      facts,
      turnTexts: new Map(turns.map((t) => [t.uid, episodeText(t.messages)])),
      mentions,
      newUid: this.options.newUid(),
      at,
    });
  }

  /** The entry a split undid, as it is to be stored again (marked undone), or `null` for none. */
  private async undoneItem(userId: string, record: MergeLogEntry | undefined, at: Date) {
    if (!record) return null;
    const stored = (await this.store.itemsByIds([mergeRecordItem(userId, record, 0).id]))[0];
    return mergeRecordItem(userId, { ...record, undoneAt: at.toISOString() }, stored?.seq ?? 0);
  }

  /** The facts with their statements' embeddings (the same words: the same vectors as before). */
  private async withVectors(
    facts: readonly Fact[],
  ): Promise<(Fact & { vector: ArrayLike<number> | undefined })[]> {
    if (facts.length === 0) return [];
    const vectors = await embedTexts(
      this.embedder.embeddings,
      facts.map((f) => f.statement),
    );
    return facts.map((f, i) => ({ ...f, vector: vectors[i] }));
  }
}

function aliasList(entity: Entity): string {
  const others = entity.aliases.filter((key) => key !== entity.key);
  return others.length > 0 ? others.join(', ') : 'none';
}

/**
 * The merge by hand that brought `key` to `entity` and is not undone yet (the latest, if
 * several). A merge that brought it to an entity since merged into this one is refused: that one
 * is split off first, then the alias from it.
 */
function recordOf(
  history: readonly MergeLogEntry[],
  entity: Entity,
  key: string,
  where: string,
): MergeRecord | undefined {
  const brought = history.filter(
    (r): r is MergeRecord =>
      r.kind === 'merge' && r.undoneAt === null && (r.other.key === key || r.other.aliases.includes(key)),
  );
  const record = brought.at(-1);
  if (!record || record.keepUid === entity.uid) return record;
  throw new InvalidInputError(
    `${where}: "${key}" came with the merge of "${record.other.name}" into another entity (uid ${record.keepUid}), ` +
      `which was merged into "${entity.name}" since; split that entity off "${entity.name}" first, then "${key}" from it`,
  );
}
