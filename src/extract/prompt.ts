import { isoDay } from '../model/present.js';
import type { ConversationMessage, KnownFact } from './base.js';

/** The predicates the prompt asks a model to prefer (what the default profile reads). */
export const PREFERRED_PREDICATES = [
  'lives_in',
  'works_at',
  'works_as',
  'studies_at',
  'studies',
  'is_learning',
  'likes',
  'dislikes',
  'diet',
  'is_allergic_to',
  'has_condition',
  'has_pet',
  'is_a',
  'age',
  'birthday',
  'name',
  'speaks',
  'plays',
  'does',
  'owns',
  'friend',
  'partner',
  'married_to',
  'mother',
  'father',
  'sister',
  'brother',
  'son',
  'daughter',
  'manager',
] as const;

// The list as the prompt has always written it: three lines (a model reads the same bytes).
const PREDICATE_LIST = [
  PREFERRED_PREDICATES.slice(0, 8),
  PREFERRED_PREDICATES.slice(8, 20),
  PREFERRED_PREDICATES.slice(20),
]
  .map((line) => line.join(', '))
  .join(',\n  ');

// Written for small models as much as for large ones: short rules, the predicates to prefer, and
// worked examples in the very shape of the answer (measured on the extraction gold set,
// bench/extraction-quality.ts).
const SYSTEM = `You keep a long-term memory of facts about a person, "user", who is talking to an assistant.
Read the conversation turn and write down the durable facts it states, as subject, predicate, object.

Rules:
- The person talking is "user": "I", "me", "my" mean user. Other people and things by the name or the words used ("Ana", "Porto", "mum").
- Use these predicates when one fits: ${PREDICATE_LIST}. Otherwise a short snake_case verb.
- A relative or friend: user sister Ana. Facts about them have them as subject: Ana lives_in Porto.
- he, she, they: the person the conversation was just about.
- Write only what the turn says is true now, and nothing else: no guesses, nothing from the examples.
  Skip questions, wishes, plans, "if", "maybe", "thinking about", "would". Skip what the user says is not true.
  Never write "None", "unknown" or an empty value: leave the fact out. A turn with no such fact gives "facts": [].
- contradicted: the ids of known facts this turn shows are no longer true (moved, changed job, quit, a fact corrected as a mistake, a pet that died).
- summary: "".`;

/** Worked examples, sent as earlier exchanges: what a turn looks like and what its answer is. */
const EXAMPLES: readonly { turn: string; answer: string }[] = [
  {
    turn: 'Known facts:\n(none)\n\nTurn: user: My sister Ana lives in Porto. She is vegetarian and allergic to peanuts.',
    answer:
      '{"facts":[{"subject":"user","predicate":"sister","object":"Ana","subject_type":"person","object_type":"person"},{"subject":"Ana","predicate":"lives_in","object":"Porto","subject_type":"person","object_type":"place"},{"subject":"Ana","predicate":"diet","object":"vegetarian","subject_type":"person","object_type":"diet"},{"subject":"Ana","predicate":"is_allergic_to","object":"peanuts","subject_type":"person","object_type":"food"}],"contradicted":[],"summary":""}',
  },
  {
    turn: 'Known facts:\nF1: user lives in Lisbon\nF2: user works at Acme\n\nTurn: user: We moved to Braga last week. Still at Acme though.',
    answer:
      '{"facts":[{"subject":"user","predicate":"lives_in","object":"Braga","subject_type":"person","object_type":"place"}],"contradicted":["F1"],"summary":""}',
  },
  {
    turn: 'Known facts:\n(none)\n\nTurn: user: Should I move to Berlin? I am thinking about quitting my job.',
    answer: '{"facts":[],"contradicted":[],"summary":""}',
  },
];

/** One message of an extraction request. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The messages of one extraction request: the instructions, the worked examples as earlier
 * exchanges, and the turn with the date, the known facts and the thread's previous turn.
 */
export function buildExtractionPrompt(
  messages: readonly ConversationMessage[],
  known: readonly { id: string; fact: KnownFact }[],
  at: Date,
  previous: readonly ConversationMessage[] = [],
): PromptMessage[] {
  const knownBlock =
    known.length === 0 ? '(none)' : known.map(({ id, fact }) => `${id}: ${fact.statement}`).join('\n');
  const lines = (turn: readonly ConversationMessage[]) =>
    turn
      .filter((m) => m.role === 'user' || m.role === 'assistant')
      .map((m) => `${m.role}: ${m.content}`)
      .join('\n');
  const earlier = lines(previous);
  return [
    { role: 'system', content: SYSTEM },
    ...EXAMPLES.flatMap((e): PromptMessage[] => [
      { role: 'user', content: e.turn },
      { role: 'assistant', content: e.answer },
    ]),
    {
      role: 'user',
      content:
        `Date: ${isoDay(at)}\nKnown facts:\n${knownBlock}\n` +
        (earlier ? `\nEarlier in this conversation (context only, already remembered):\n${earlier}\n` : '') +
        `\nTurn: ${lines(messages)}`,
    },
  ];
}
