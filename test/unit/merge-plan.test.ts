import { describe, expect, it } from 'vitest';
import { planMerge } from '../../src/memory/merge-plan.js';
import { planUndo } from '../../src/memory/split-plan.js';
import { contradictionRules } from '../../src/memory/temporal.js';
import type { Entity, Fact } from '../../src/model/types.js';

const RULES = contradictionRules(['lives_in'], [['likes', 'dislikes']]);
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

function entity(uid: string, name: string, mentions = 1): Entity {
  const key = name.toLowerCase();
  return {
    uid,
    userId: 'u',
    key,
    name,
    type: '',
    summary: '',
    aliases: [key],
    createdAt: day(1),
    updatedAt: day(1),
    mentions,
  };
}

/** A fact `subject key object` said once on `from` by `source`; current unless `to`. */
function fact(
  uid: string,
  subjectUid: string,
  key: string,
  objectUid: string,
  from: number,
  source = `ep-${uid}`,
  to?: number,
): Fact {
  return {
    uid,
    userId: 'u',
    subjectUid,
    subject: subjectUid,
    objectUid,
    object: objectUid,
    predicate: key,
    key,
    statement: `${subjectUid} ${key} ${objectUid}`,
    confidence: 1,
    validFrom: day(from),
    validTo: to === undefined ? null : day(to),
    createdAt: day(from),
    episodeIds: [source],
    invalidatedBy: to === undefined ? null : 'ep-x',
    supersededBy: null,
    mentions: 1,
    observedAt: [day(from)],
    observedBy: [source],
  };
}

const KEEP = entity('k', 'Peter Brown', 2);
const OTHER = entity('o', 'Landlord', 3);

/** Merges OTHER into KEEP over `facts`; the facts as the merge leaves them, by uid. */
function merged(facts: Fact[], mentions = new Map<string, string[]>()) {
  const plan = planMerge({
    keep: KEEP,
    other: OTHER,
    facts,
    mentions,
    rules: RULES,
    at: day(30),
    id: 'm1',
    reason: 'test',
  });
  const after = new Map(facts.map((f) => [f.uid, f]));
  for (const uid of plan.deleted) after.delete(uid);
  for (const f of plan.rewritten) after.set(f.uid, f);
  return { plan, after };
}

describe('planMerge', () => {
  it.each([
    {
      name: 'moves a fact of the merged entity, as subject or object, keeping uid and words',
      facts: [fact('f1', 'o', 'owns', 'van', 2), fact('f2', 'me', 'rents_from', 'o', 3)],
      moved: 2,
      absorbed: 0,
      closed: [],
    },
    {
      name: 'counts a fact said on both into the one of the entity that stays',
      facts: [fact('f1', 'o', 'owns', 'van', 2), fact('f2', 'k', 'owns', 'van', 5)],
      moved: 1,
      absorbed: 1,
      closed: [],
    },
    {
      name: 'closes the earlier of two current values of a one-value predicate',
      facts: [fact('f1', 'o', 'lives_in', 'porto', 2), fact('f2', 'k', 'lives_in', 'braga', 5)],
      moved: 1,
      absorbed: 0,
      closed: ['f1'],
    },
    {
      name: 'closes the earlier of opposite predicates of one object, whoever says them',
      facts: [fact('f1', 'ana', 'likes', 'o', 6), fact('f2', 'ana', 'dislikes', 'k', 2)],
      moved: 1,
      absorbed: 0,
      closed: ['f2'],
    },
    {
      name: 'leaves facts alone that can both hold',
      facts: [
        fact('f1', 'o', 'likes', 'jazz', 2),
        fact('f2', 'k', 'likes', 'tea', 5),
        fact('f3', 'k', 'owns', 'o', 4),
      ],
      moved: 2,
      absorbed: 0,
      closed: [],
    },
  ])('$name', ({ facts, moved, absorbed, closed }) => {
    const { plan, after } = merged(facts);
    expect(plan.record.moved).toHaveLength(moved);
    expect(plan.record.absorbed).toHaveLength(absorbed);
    expect(plan.record.closed).toEqual(closed);
    for (const f of after.values()) {
      expect([f.subjectUid, f.objectUid]).not.toContain('o');
      expect(f.statement).toBe(facts.find((x) => x.uid === f.uid)?.statement);
    }
    for (const uid of closed) {
      const loser = after.get(uid);
      expect(loser?.invalidatedBy).toBe('merge:m1');
      expect(loser?.validTo).toEqual(
        [...after.values()].find((f) => f.uid === loser?.supersededBy)?.validFrom,
      );
    }
  });

  it('adds every observation, source and mention of an absorbed fact, and the merged names as aliases', () => {
    const { plan, after } = merged([
      fact('f1', 'o', 'owns', 'van', 2, 'ep-a'),
      fact('f2', 'k', 'owns', 'van', 5, 'ep-b'),
    ]);
    expect(after.get('f2')).toMatchObject({
      mentions: 2,
      episodeIds: ['ep-b', 'ep-a'],
      observedBy: ['ep-a', 'ep-b'],
    });
    expect(after.get('f2')?.validFrom).toEqual(day(2));
    expect(plan.entityUpdate).toMatchObject({ uid: 'k', aliases: ['peter brown', 'landlord'], mentions: 5 });
    expect(plan.keys).toEqual([{ entityUid: 'k', key: 'landlord' }]);
  });

  it('moves the mentions of turns that named only the merged entity', () => {
    const mentions = new Map([
      ['t1', ['o']],
      ['t2', ['o', 'k']],
      ['t3', ['k']],
    ]);
    const { plan } = merged([], mentions);
    expect(plan.record.mentions).toEqual({ episodes: ['t1', 't2'], onlyOther: ['t1'] });
    expect(plan.mentions).toEqual([{ episodeUid: 't1', entityUid: 'k' }]);
  });
});

describe('planUndo', () => {
  it.each([
    ['moved facts', [fact('f1', 'o', 'owns', 'van', 2), fact('f2', 'me', 'rents_from', 'o', 3)]],
    [
      'an absorbed fact',
      [fact('f1', 'o', 'owns', 'van', 2, 'ep-a'), fact('f2', 'k', 'owns', 'van', 5, 'ep-b')],
    ],
    [
      'a one-value fact the merge closed',
      [fact('f1', 'o', 'lives_in', 'porto', 2), fact('f2', 'k', 'lives_in', 'braga', 5)],
    ],
    [
      'opposite facts the merge closed',
      [fact('f1', 'ana', 'likes', 'o', 6), fact('f2', 'ana', 'dislikes', 'k', 2)],
    ],
  ])('gives back %s exactly as they were', (_name, facts) => {
    const { plan, after } = merged(facts);
    const kept: Entity = {
      ...KEEP,
      aliases: plan.entityUpdate.aliases,
      mentions: plan.entityUpdate.mentions,
    };
    const undo = planUndo({ record: plan.record, entity: kept, current: [...after.values()], at: day(40) });
    const restored = new Map(after);
    for (const uid of undo.deleted) restored.delete(uid);
    for (const f of undo.rewritten) restored.set(f.uid, f);
    const byUid = (list: Iterable<Fact>) => [...list].sort((a, b) => a.uid.localeCompare(b.uid));
    expect(byUid(restored.values())).toEqual(byUid(facts));
    expect(undo.restored).toMatchObject({ uid: 'o', name: 'Landlord', mentions: 3 });
    expect(undo.entityUpdate).toMatchObject({ aliases: ['peter brown'], mentions: 2 });
    expect(undo.deleteKeys).toEqual(['landlord']);
  });

  it('keeps what happened since the merge: a later closing stays, a closing by something else is not undone', () => {
    const facts = [fact('f1', 'o', 'lives_in', 'porto', 2), fact('f2', 'k', 'lives_in', 'braga', 5)];
    const { plan, after } = merged(facts);
    // Since the merge, Braga was closed by a move elsewhere, and Porto re-closed by another source.
    after.set('f2', { ...(after.get('f2') as Fact), validTo: day(35), invalidatedBy: 'ep-move' });
    after.set('f1', { ...(after.get('f1') as Fact), invalidatedBy: 'ep-other' });
    const kept: Entity = {
      ...KEEP,
      aliases: plan.entityUpdate.aliases,
      mentions: plan.entityUpdate.mentions,
    };
    const undo = planUndo({ record: plan.record, entity: kept, current: [...after.values()], at: day(40) });
    const rewritten = new Map(undo.rewritten.map((f) => [f.uid, f]));
    expect(rewritten.get('f1')).toMatchObject({ subjectUid: 'o', invalidatedBy: 'ep-other' });
    expect(rewritten.has('f2')).toBe(false);
  });
});
