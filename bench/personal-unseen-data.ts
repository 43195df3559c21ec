/**
 * A third personal-memory set, for checking only: 56 everyday slots neither other set has (a gym,
 * a landlord, a star sign, an energy supplier, …), each under two or three names an agent might
 * save it by (`fitness_club`, `letting_agent`, `gets_power_from`), asked in three plain wordings
 * that mostly share no word with those names ("Where do I work out?", "Who do I pay my power bill
 * to?"). Written after the ranking recipe was fitted and never fitted on: it stands in for a
 * user's own predicates and words. Honestly told: its slots are those of three scratch probes
 * (twenty-ninth and thirtieth sessions); the first twenty slots' misses were read while that
 * session's reading changes were built (phrasal verbs, the closest reading, words said of someone
 * else), the other thirty-six were only measured; the personas here are drawn anew. Keep it that
 * way — a change made to pass one of these questions makes the column a development set; write
 * a new set to check it.
 */

import { type OtherPersona, slotPersonas } from './personal-other-data.js';
import UNSEEN_SLOTS from './personal-unseen-slots.json' with { type: 'json' };

/** One everyday slot: the names an agent may save it under, its values and three plain questions. */
export interface PlainSlot {
  name: string;
  predicates: readonly string[];
  values: readonly string[];
  questions: readonly string[];
}

// The slots, one per line of data (`personal-unseen-slots.json`).
const SLOTS: readonly PlainSlot[] = UNSEEN_SLOTS;

/** How many slots each persona holds. */
const SLOTS_PER_PERSONA = 11;

/**
 * Personas over plain slots: eleven slots each, every slot saved under one of its names (drawn per
 * persona) as the user's fact and asked in all three of its wordings (each marked `held`).
 */
export function plainSlotPersonas(
  slots: readonly PlainSlot[],
  draw: { count: number; seed: number; prefix: string },
): OtherPersona[] {
  return slotPersonas(slots, { ...draw, perPersona: SLOTS_PER_PERSONA }, (slot, persona, answer) =>
    slot.questions.map((question) => ({
      persona,
      slot: slot.name,
      wording: 'held' as const,
      question,
      answer,
    })),
  );
}

/** `count` personas of the unseen slots ({@link plainSlotPersonas}): none is fitted on. */
export function unseenPersonas(count = 24, seed = 5656): OtherPersona[] {
  return plainSlotPersonas(SLOTS, { count, seed, prefix: 'unseen' });
}
