/**
 * The extraction gold set: short everyday conversations (one person talking to an assistant),
 * each with the facts that hold after its last turn (`current`), the facts the conversation
 * changed (`closed`: they held, or were said to have held, then another value took their place)
 * and facts that must not be held true after it (`forbidden`: hypotheticals, plans, questions,
 * negations, wrong values that were corrected). Written for kgmem's extraction benchmark (`extraction-quality.ts`); scored through
 * `remember()` and the stored facts, with the lenient matching `extraction-score.ts` documents.
 *
 * Facts are `[subject, predicate, object]`; `user` is the person speaking.
 */
import { GOLD_EVERYDAY_CONVERSATIONS } from './extraction-gold-everyday.js';

export type GoldFact = readonly [subject: string, predicate: string, object: string];

/** One conversation of the gold set. */
export interface GoldConversation {
  id: string;
  /** What it exercises (a conversation counts in each of its categories). */
  categories: readonly GoldCategory[];
  /** The user's messages, one turn each, in order. */
  turns: readonly string[];
  current: readonly GoldFact[];
  closed?: readonly GoldFact[];
  forbidden?: readonly GoldFact[];
}

export type GoldCategory =
  | 'move'
  | 'job'
  | 'family'
  | 'friends'
  | 'likes'
  | 'diet'
  | 'pets'
  | 'hobbies'
  | 'health'
  | 'dates'
  | 'possessions'
  | 'education'
  | 'languages'
  | 'negation'
  | 'hypothetical'
  | 'correction'
  | 'pronouns'
  | 'names'
  | 'terse';

export const GOLD_CONVERSATIONS: readonly GoldConversation[] = [
  {
    id: 'move-lisbon-porto',
    categories: ['move'],
    turns: [
      'Hi! I live in Lisbon, near the river.',
      'Big news: we just moved to Porto last weekend.',
      'The new flat in Porto is tiny but I love it.',
    ],
    current: [['user', 'lives_in', 'Porto']],
    closed: [['user', 'lives_in', 'Lisbon']],
  },
  {
    id: 'move-terse',
    categories: ['move', 'terse'],
    turns: ['I live in Dublin.', 'Moved. Cork now.'],
    current: [['user', 'lives_in', 'Cork']],
    closed: [['user', 'lives_in', 'Dublin']],
  },
  {
    id: 'job-change-terse',
    categories: ['job', 'terse'],
    turns: ['I work at Stripe as a support engineer.', 'Left Stripe. Now at Intercom.'],
    current: [
      ['user', 'works_at', 'Intercom'],
      ['user', 'works_as', 'support engineer'],
    ],
    closed: [['user', 'works_at', 'Stripe']],
  },
  {
    id: 'job-used-to',
    categories: ['job'],
    turns: ['I used to work at Google before Farfetch.', 'Farfetch is a good place to work, honestly.'],
    current: [['user', 'works_at', 'Farfetch']],
    closed: [['user', 'works_at', 'Google']],
    forbidden: [['user', 'works_at', 'Google before Farfetch']],
  },
  {
    id: 'job-role-promotion',
    categories: ['job'],
    turns: ["I'm a junior designer at Canva.", 'Good news, I got promoted to senior designer this week!'],
    current: [
      ['user', 'works_at', 'Canva'],
      ['user', 'works_as', 'senior designer'],
    ],
    closed: [['user', 'works_as', 'junior designer']],
  },
  {
    id: 'hypothetical-austin',
    categories: ['hypothetical', 'move', 'job'],
    turns: [
      'I live in Denver and I work at a bank.',
      "I'm thinking about quitting and moving to Austin, but nothing is decided.",
      'What do you think, is Austin too hot in summer?',
    ],
    current: [
      ['user', 'lives_in', 'Denver'],
      ['user', 'works_at', 'bank'],
    ],
    forbidden: [
      ['user', 'lives_in', 'Austin'],
      ['user', 'lives_in', 'None'],
      ['user', 'works_at', 'None'],
      ['user', 'works_as', 'None'],
    ],
  },
  {
    id: 'plan-green-curry',
    categories: ['hypothetical', 'likes'],
    turns: [
      "I'm cooking for friends tonight. I wanted lasagna but the oven is broken.",
      "I'll do a green curry instead.",
    ],
    current: [],
    forbidden: [
      ['user', 'works_as', 'green curry'],
      ['user', 'likes', 'green curry'],
    ],
  },
  {
    id: 'allergy-also',
    categories: ['health', 'family'],
    turns: ['My sister Ana is allergic to shellfish.', 'Ana is also allergic to peanuts.'],
    current: [
      ['user', 'sister', 'Ana'],
      ['Ana', 'is_allergic_to', 'shellfish'],
      ['Ana', 'is_allergic_to', 'peanuts'],
    ],
  },
  {
    id: 'correction-marta',
    categories: ['correction', 'friends'],
    turns: ['My friend Marta lives in Madrid.', 'Sorry, I was wrong: Marta lives in Valencia, not Madrid.'],
    current: [
      ['user', 'friend', 'Marta'],
      ['Marta', 'lives_in', 'Valencia'],
    ],
    closed: [['Marta', 'lives_in', 'Madrid']],
  },
  {
    id: 'diet-vegetarian',
    categories: ['diet', 'family'],
    turns: ['My brother Tom is coming for dinner.', 'Tom is vegetarian, so no meat.', 'I eat everything.'],
    current: [
      ['user', 'brother', 'Tom'],
      ['Tom', 'diet', 'vegetarian'],
    ],
  },
  {
    id: 'pets-dog-cat',
    categories: ['pets'],
    turns: [
      'I have a dog called Biscuit.',
      'Biscuit is a beagle, he is three.',
      'We also adopted a cat, Mochi.',
    ],
    current: [
      ['user', 'has_pet', 'Biscuit'],
      ['Biscuit', 'is_a', 'beagle'],
      ['Biscuit', 'age', '3'],
      ['user', 'has_pet', 'Mochi'],
      ['Mochi', 'is_a', 'cat'],
    ],
  },
  {
    id: 'pet-died',
    categories: ['pets', 'negation'],
    turns: ['My cat Luna is 15 and sleeps all day.', 'Sad week. Luna died on Monday.'],
    current: [],
    closed: [['user', 'has_pet', 'Luna']],
  },
  {
    id: 'hobbies-climbing',
    categories: ['hobbies'],
    turns: [
      'On weekends I go climbing at the gym.',
      'I also play the cello in a community orchestra.',
      "I don't really do any running.",
    ],
    current: [
      ['user', 'does', 'climbing'],
      ['user', 'plays', 'cello'],
    ],
    forbidden: [['user', 'does', 'running']],
  },
  {
    id: 'likes-dislikes',
    categories: ['likes', 'negation'],
    turns: ['I love sushi.', "I can't stand cilantro.", 'Coffee is my favourite drink.'],
    current: [
      ['user', 'likes', 'sushi'],
      ['user', 'dislikes', 'cilantro'],
      ['user', 'likes', 'coffee'],
    ],
    forbidden: [['user', 'likes', 'cilantro']],
  },
  {
    id: 'likes-changed',
    categories: ['likes', 'correction'],
    turns: ['I really like jazz.', "Honestly I don't like jazz anymore, it's all techno now."],
    current: [
      ['user', 'dislikes', 'jazz'],
      ['user', 'likes', 'techno'],
    ],
    closed: [['user', 'likes', 'jazz']],
  },
  {
    id: 'family-others-facts',
    categories: ['family'],
    turns: [
      'My mother is called Helen.',
      'She lives in Leeds and works as a teacher.',
      'My dad Peter is retired.',
    ],
    current: [
      ['user', 'mother', 'Helen'],
      ['Helen', 'lives_in', 'Leeds'],
      ['Helen', 'works_as', 'teacher'],
      ['user', 'father', 'Peter'],
      ['Peter', 'works_as', 'retired'],
    ],
  },
  {
    id: 'pronouns-friend',
    categories: ['pronouns', 'friends'],
    turns: [
      'I met my friend Kenji for lunch.',
      'He just started working at Sony.',
      'He plays the guitar too.',
    ],
    current: [
      ['user', 'friend', 'Kenji'],
      ['Kenji', 'works_at', 'Sony'],
      ['Kenji', 'plays', 'guitar'],
    ],
    forbidden: [['user', 'works_at', 'Sony']],
  },
  {
    id: 'pronouns-her-job',
    categories: ['pronouns', 'family', 'job'],
    turns: ['My wife Sofia is a surgeon.', 'She works at St. Mary’s hospital.', 'Her birthday is on June 2.'],
    current: [
      ['user', 'married_to', 'Sofia'],
      ['Sofia', 'works_as', 'surgeon'],
      ['Sofia', 'works_at', 'St. Mary’s hospital'],
      ['Sofia', 'birthday', 'June 2'],
    ],
  },
  ...GOLD_EVERYDAY_CONVERSATIONS,
];
