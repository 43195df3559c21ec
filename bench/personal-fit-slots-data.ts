/**
 * A fourth personal-memory set, for the fit: 51 everyday slots none of the other three sets has
 * (a board game, a plumber, a bedtime, a mobile network, …), written like the unseen slots
 * (`personal-unseen-data.ts`: two or three names an agent might save each by, three plain
 * wordings that mostly share no word with them) and split by slot: the fit learns from half the
 * slots and is checked on the other half, whose names and words it never sees. It is what the
 * first two sets cannot show the fit: a question whose verb happens to be a word of another of
 * the user's facts' names ("When do I get up?" beside `gets_internet_from`), where only the whole
 * question says which fact it asks for. Written before any of its questions was asked of kgmem.
 */

import FIT_SLOTS from './personal-fit-slots.json' with { type: 'json' };
import type { OtherPersona } from './personal-other-data.js';
import { type PlainSlot, plainSlotPersonas } from './personal-unseen-data.js';

const SLOTS: readonly PlainSlot[] = FIT_SLOTS;

/** Whether the fit learns from a slot (every other slot, in the data's order) or is checked on it. */
export function learnsFromSlot(name: string): boolean {
  const at = SLOTS.findIndex((slot) => slot.name === name);
  if (at < 0) throw new Error(`no fit slot is named "${name}"; see bench/personal-fit-slots.json`);
  return at % 2 === 0;
}

/** `count` personas of the fit slots ({@link plainSlotPersonas}). */
export function fitSlotPersonas(count = 24, seed = 7373): OtherPersona[] {
  return plainSlotPersonas(SLOTS, { count, seed, prefix: 'fitslot' });
}
