import { isoDay } from '../model/present.js';
import type { ConversationMessage, KnownFact } from './base.js';

const SYSTEM = `You maintain a long-term memory of facts about a user, as a knowledge graph.
From the conversation turn below, extract durable facts the user states about themself and the
people, places and things in their life, as (subject, predicate, object) triples.
Rules:
- Refer to the user as "user". Use names exactly as said ("Polar bear", not "polar bear's").
- predicate: short snake_case (lives_in, works_at, works_as, name, likes, dislikes, friend, sister, is_allergic_to).
- Only what is stated as true now: skip questions, hypotheticals ("if I moved…"), plans and the assistant's guesses.
  A negation becomes a negative predicate ("I don't like X" → dislikes) or nothing.
- contradicted: ids of the known facts below that this turn shows are no longer true
  (e.g. the user says they moved: the old lives_in fact).
- summary: one short line about the turn, or "".`;

/** The messages of one extraction request (system instructions, known facts, the turn). */
export function buildExtractionPrompt(
  messages: readonly ConversationMessage[],
  known: readonly { id: string; fact: KnownFact }[],
  at: Date,
): { role: 'system' | 'user'; content: string }[] {
  const knownBlock =
    known.length === 0 ? '(none)' : known.map(({ id, fact }) => `${id}: ${fact.statement}`).join('\n');
  const turn = messages
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => `${m.role}: ${m.content}`)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `Date: ${isoDay(at)}\nKnown facts:\n${knownBlock}\n\nConversation turn:\n${turn}`,
    },
  ];
}
