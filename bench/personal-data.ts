/**
 * The personal-memory benchmark's data, generated from a seed: personas whose everyday facts an
 * assistant would keep (home, job, pets, hobbies, food, family, contact details), each written two
 * ways — as an agent's save tool writes triples, and as first-person sentences for `remember()` —
 * and everyday questions whose words share little with the predicates. Every question has one
 * answer: the object of one fact. Question and sentence wordings come in two sets: `dev` (looked
 * at while tuning recall and the rule extractor) and `held` (never tuned on), reported apart. The
 * held-apart sentences were rewritten after the rule extractor's everyday rules were done.
 */

import { SLOTS, type Slot } from './personal-slots.js';

/** Which wording set a question or sentence comes from. */
export type Wording = 'dev' | 'held';

/** One everyday question about a persona and the fact that answers it. */
export interface PersonalQuestion {
  persona: string;
  slot: string;
  wording: Wording;
  question: string;
  /** The fact that answers it, as saved by an agent. */
  answer: { subject: string; predicate: string; object: string };
}

/** A persona of either personal set: its saved triples and its questions. */
export interface SavedPersona {
  id: string;
  triples: readonly { subject: string; predicate: string; object: string }[];
  questions: readonly PersonalQuestion[];
}

/** One persona: its saved triples, its sentences and its questions. */
export interface Persona {
  id: string;
  triples: { subject: string; predicate: string; object: string }[];
  /** The same triples grouped by the slot that wrote them, in the persona's slot order. */
  slotTriples: { slot: string; triples: { subject: string; predicate: string; object: string }[] }[];
  /** First-person sentences saying the same, one turn each. */
  sentences: { text: string; wording: Wording }[];
  questions: PersonalQuestion[];
}

/** A deterministic pseudo-random source. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST_NAMES = [
  'Ada',
  'Bram',
  'Chloe',
  'Dario',
  'Elin',
  'Farid',
  'Gwen',
  'Hugo',
  'Ines',
  'Jun',
  'Kaia',
  'Lars',
  'Mina',
  'Nils',
  'Oona',
  'Pavel',
];

/**
 * Personas with 9 to 12 of the everyday slots each (instrument and sport together in many, so
 * "plays" alone never tells the answer), every slot asked in both wordings.
 */
export function personas(count = 32, seed = 29): Persona[] {
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: Persona[] = [];
  for (let p = 0; p < count; p++) {
    const id = `persona-${p + 1}`;
    const name = FIRST_NAMES[p % FIRST_NAMES.length] as string;
    const persona: Persona = { id, triples: [], slotTriples: [], sentences: [], questions: [] };
    const slots = [...SLOTS].sort(() => random() - 0.5).slice(0, 9 + Math.floor(random() * 4));
    // Instrument and sport share `plays`: most personas get both.
    if (random() < 0.7) {
      for (const wanted of ['instrument', 'sport'])
        if (!slots.some((s) => s.name === wanted)) slots.push(SLOTS.find((s) => s.name === wanted) as Slot);
    }
    const used = new Set<string>();
    for (const slot of slots) {
      let value = slot.name === 'email' ? `${name.toLowerCase()}.${p + 1}@example.org` : pick(slot.values);
      for (let tries = 0; used.has(value.toLowerCase()) && tries < 20; tries++) value = pick(slot.values);
      used.add(value.toLowerCase());
      const second = slot.second ? pick(slot.second) : '';
      // The friend's name first: a value may hold an "@" (an email address).
      const fill = (text: string) => text.replaceAll('@', second).replaceAll('$', value);
      const written = slot.triples.map(([s, pr, o]) => ({
        subject: fill(s),
        predicate: pr,
        object: fill(o),
      }));
      persona.triples.push(...written);
      persona.slotTriples.push({ slot: slot.name, triples: written });
      const answerTriple = slot.triples[slot.triples.length - 1] as [string, string, string];
      const answer = {
        subject: fill(slot.answerSubject ?? answerTriple[0]),
        predicate: answerTriple[1],
        object: value,
      };
      for (const wording of ['dev', 'held'] as const) {
        persona.sentences.push({ text: fill(pick(slot.sentences[wording])), wording });
        for (const question of slot.questions[wording])
          persona.questions.push({ persona: id, slot: slot.name, wording, question: fill(question), answer });
      }
    }
    out.push(persona);
  }
  return out;
}
