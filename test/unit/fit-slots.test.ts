import { describe, expect, it } from 'vitest';
import FIT_SLOTS from '../../bench/personal-fit-slots.json' with { type: 'json' };
import { fitSlotPersonas, learnsFromSlot } from '../../bench/personal-fit-slots-data.js';
import UNSEEN_SLOTS from '../../bench/personal-unseen-slots.json' with { type: 'json' };

describe('the fit slots (bench/personal-fit-slots.json)', () => {
  it('share no slot, name or question with the unseen slots the page checks on', () => {
    const unseen = {
      names: new Set(UNSEEN_SLOTS.map((s) => s.name)),
      predicates: new Set(UNSEEN_SLOTS.flatMap((s) => s.predicates)),
      questions: new Set(UNSEEN_SLOTS.flatMap((s) => s.questions)),
    };
    for (const slot of FIT_SLOTS) {
      expect(unseen.names.has(slot.name), slot.name).toBe(false);
      for (const predicate of slot.predicates)
        expect(unseen.predicates.has(predicate), predicate).toBe(false);
      for (const question of slot.questions) expect(unseen.questions.has(question), question).toBe(false);
    }
  });

  it('split by slot: a slot is learnt from or checked on, never both', () => {
    const split = new Map<string, boolean>();
    for (const persona of fitSlotPersonas())
      for (const question of persona.questions) {
        const learns = learnsFromSlot(question.slot);
        expect(split.get(question.slot) ?? learns).toBe(learns);
        split.set(question.slot, learns);
      }
    const learnt = [...split.values()].filter(Boolean).length;
    expect(learnt).toBeGreaterThan(0);
    expect(split.size - learnt).toBeGreaterThan(0);
  });

  it('says which slot name it does not know', () => {
    expect(() => learnsFromSlot('no such slot')).toThrow(/no fit slot is named "no such slot"/);
  });
});
