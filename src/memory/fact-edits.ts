import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { entityKeyOf, normalizePredicate, USER_ENTITY_KEY } from '../model/normalize.js';
import { checkTriple } from '../model/triple.js';
import type { Fact } from '../model/types.js';
import { checkDate, checkText, checkUserId } from '../model/validate.js';
import type { WriteBatch } from '../store/base.js';
import { checkKeys } from './checks.js';
import { type MemoryContext, MemoryPart } from './context.js';
import type { FactCorrection, FactCorrectionResult, FactTarget } from './inputs.js';
import type { MemoryWriter } from './writer.js';

/**
 * Edits of one fact the caller names: a change or a correction of its value, closing it.
 * Each method is the one of {@link Memory} of that name, where it is documented.
 *
 * @internal
 */
export class FactEditor extends MemoryPart {
  constructor(
    context: MemoryContext,
    private readonly writer: MemoryWriter,
  ) {
    super(context);
  }

  async updateFact(
    userId: string,
    target: FactTarget,
    correction: FactCorrection,
  ): Promise<FactCorrectionResult> {
    const where = 'Memory.updateFact';
    const user = checkUserId(userId, where);
    if (
      typeof target !== 'object' ||
      target === null ||
      typeof correction !== 'object' ||
      correction === null
    )
      throw new InvalidInputError(`${where}: expected (userId, {uid} or {subject, predicate}, {object})`);
    const object = checkText(correction.object, 'object', where);
    const kind = correction.kind ?? 'change';
    if (kind !== 'change' && kind !== 'correction')
      throw new InvalidInputError(
        `${where}: kind must be "change" or "correction", got ${JSON.stringify(kind)}`,
      );
    if (kind === 'correction' && correction.at !== undefined)
      throw new InvalidInputError(
        `${where}: a correction holds from when the old value did; "at" is for a change, leave it out`,
      );
    const changeAt = correction.at === undefined ? new Date() : checkDate(correction.at, 'at', where);
    const source =
      correction.source === undefined ? 'correction' : checkText(correction.source, 'source', where);
    return this.lock.run(async () => {
      const old = await this.findFact(user, target, where);
      const predicate =
        correction.predicate === undefined
          ? old.predicate
          : checkText(correction.predicate, 'predicate', where);
      if (old.validTo !== null) {
        throw new InvalidInputError(
          `${where}: fact ${old.uid} is already closed; correct the current fact instead`,
        );
      }
      if (normalizePredicate(predicate) === old.key && entityKeyOf(object) === entityKeyOf(old.object)) {
        throw new InvalidInputError(`${where}: fact ${old.uid} already says "${old.statement}"`);
      }
      // A change dated before the current value began would close it before it opened.
      if (kind === 'change' && changeAt.getTime() < old.validFrom.getTime()) {
        throw new InvalidInputError(
          `${where}: the change is dated ${changeAt.toISOString()}, before fact ${old.uid} ("${old.statement}") began (${old.validFrom.toISOString()}); date it later, or make it a correction if the old value was never true`,
        );
      }
      // A correction is written where the wrong value was, and closes it where it opened.
      const at = kind === 'correction' ? old.validFrom : changeAt;
      const checked = checkTriple({ subject: old.subject, predicate, object }, 0, where);
      checkKeys(checked, 0, where);
      const self = await this.store.entityByKey(user, USER_ENTITY_KEY);
      const subjectName = old.subjectUid === self?.uid ? USER_ENTITY_KEY : old.subject;
      const result = await this.writer.applyTriples(user, [{ ...checked, subject: subjectName }], {
        at,
        sourceIds: [source],
        similarityMerge: true,
        notVariantsOf: [old.objectUid],
        contradicts: [
          {
            uid: old.uid,
            subjectUid: old.subjectUid,
            objectUid: old.objectUid,
            key: old.key,
            validFrom: new Date(0),
          },
        ],
        // Read again inside the transaction: another process may have closed or deleted it.
        verify: async (reads) => {
          const now = await reads.factByUid(user, old.uid);
          if (!now)
            throw new NotFoundError(`${where}: fact ${old.uid} was deleted meanwhile; nothing was written`);
          if (now.validTo !== null)
            throw new InvalidInputError(
              `${where}: fact ${old.uid} was closed meanwhile (since ${now.validTo.toISOString()}); nothing was written, correct the current fact instead`,
            );
        },
      });
      return { closed: old.uid, factUid: result.factUids[0] ?? old.uid };
    });
  }

  async closeFact(
    userId: string,
    factUid: string,
    options: { at?: Date | string; source?: string } = {},
  ): Promise<void> {
    const where = 'Memory.closeFact';
    const user = checkUserId(userId, where);
    const uid = checkText(factUid, 'factUid', where);
    const at = options.at === undefined ? new Date() : checkDate(options.at, 'at', where);
    const source = options.source === undefined ? 'closed' : checkText(options.source, 'source', where);
    await this.lock.run(() =>
      this.store.writePlanned(user, async (reads) => {
        const fact = await reads.factByUid(user, uid);
        if (!fact) throw new NotFoundError(`${where}: user "${user}" has no fact ${uid}`);
        if (fact.validTo !== null)
          throw new InvalidInputError(
            `${where}: fact ${uid} is already closed (since ${fact.validTo.toISOString()})`,
          );
        if (at.getTime() < fact.validFrom.getTime())
          throw new InvalidInputError(
            `${where}: fact ${uid} holds from ${fact.validFrom.toISOString()}; close it at or after that`,
          );
        const batch: WriteBatch = {
          userId: user,
          at,
          entities: [],
          keys: [],
          touches: [],
          facts: [],
          mentions: [],
          invalidations: [
            { uid, subjectUid: fact.subjectUid, validTo: at, invalidatedBy: source, supersededBy: '' },
          ],
          validFrom: [],
        };
        return { batch, result: undefined };
      }),
    );
  }

  /** The fact a correction targets; current facts only when named by subject and predicate. */
  private async findFact(user: string, target: FactTarget, where: string): Promise<Fact> {
    if ('uid' in target) {
      const fact = await this.store.factByUid(user, checkText(target.uid, 'uid', where));
      if (!fact) throw new NotFoundError(`${where}: user "${user}" has no fact ${target.uid}`);
      return fact;
    }
    const subject = checkText(target.subject, 'subject', where);
    const key = normalizePredicate(checkText(target.predicate, 'predicate', where));
    const entity = await this.store.entityByKey(user, entityKeyOf(subject));
    const facts = entity
      ? (await this.store.incidentFacts(user, [entity.uid], { mode: 'current' }, [key])).filter(
          (f) => f.subjectUid === entity.uid,
        )
      : [];
    if (facts.length === 0)
      throw new NotFoundError(
        `${where}: user "${user}" has no current fact "${subject} ${target.predicate} …"`,
      );
    if (facts.length > 1) {
      throw new InvalidInputError(
        `${where}: "${subject} ${target.predicate}" has ${facts.length} current values (${facts.map((f) => `${f.object} = ${f.uid}`).join(', ')}); pass the uid of the one to correct`,
      );
    }
    return facts[0] as Fact;
  }
}
