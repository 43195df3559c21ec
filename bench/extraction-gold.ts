/**
 * The extraction gold set: short everyday conversations (one person talking to an assistant),
 * each with the facts that hold after its last turn (`current`), the facts the conversation
 * changed (`closed`: they held, then another value took their place) and facts that must not be
 * stored at all (`forbidden`: hypotheticals, plans, questions, negations, wrong values that were
 * corrected). Written for kgmem's extraction benchmark (`extraction-quality.ts`); scored through
 * `remember()` and the stored facts, with the lenient matching `extraction-score.ts` documents.
 *
 * Facts are `[subject, predicate, object]`; `user` is the person speaking.
 */
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
    forbidden: [
      ['user', 'works_at', 'Google before Farfetch'],
      ['user', 'works_at', 'Google'],
    ],
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
  {
    id: 'dates-birthday',
    categories: ['dates'],
    turns: ['My birthday is on 14 February.', "I'll be 30 this year."],
    current: [['user', 'birthday', '14 February']],
    forbidden: [['user', 'age', 'None']],
  },
  {
    id: 'age-plain',
    categories: ['dates', 'terse'],
    turns: ['I am 42.', 'Also, my son Leo is 8.'],
    current: [
      ['user', 'age', '42'],
      ['user', 'son', 'Leo'],
      ['Leo', 'age', '8'],
    ],
  },
  {
    id: 'possessions-car',
    categories: ['possessions'],
    turns: ['I drive a 2015 Honda Civic.', 'Sold the Civic, bought an electric Kia.'],
    current: [['user', 'owns', 'Kia']],
    closed: [['user', 'owns', 'Honda Civic']],
  },
  {
    id: 'possessions-bike',
    categories: ['possessions', 'hobbies'],
    turns: ['I own a road bike and a guitar.', 'The bike is a Canyon.'],
    current: [
      ['user', 'owns', 'road bike'],
      ['user', 'owns', 'guitar'],
    ],
  },
  {
    id: 'education-master',
    categories: ['education'],
    turns: [
      'I studied physics at the University of Porto.',
      "Now I'm doing a master's in data science at TU Delft.",
    ],
    current: [
      ['user', 'studied', 'physics'],
      ['user', 'studies_at', 'TU Delft'],
      ['user', 'studies', 'data science'],
    ],
    closed: [['user', 'studies_at', 'University of Porto']],
  },
  {
    id: 'languages',
    categories: ['languages'],
    turns: [
      'I speak Portuguese and English.',
      "I'm learning Japanese, slowly.",
      "I don't speak French at all.",
    ],
    current: [
      ['user', 'speaks', 'Portuguese'],
      ['user', 'speaks', 'English'],
      ['user', 'is_learning', 'Japanese'],
    ],
    forbidden: [['user', 'speaks', 'French']],
  },
  {
    id: 'question-only',
    categories: ['hypothetical'],
    turns: ['Do you know a good vegan place in Berlin?', 'Which neighbourhood is best for it?'],
    current: [],
    forbidden: [
      ['user', 'lives_in', 'Berlin'],
      ['user', 'diet', 'vegan'],
    ],
  },
  {
    id: 'if-i-moved',
    categories: ['hypothetical', 'move'],
    turns: ['I live in Manchester.', 'If I moved to London, would rent double?'],
    current: [['user', 'lives_in', 'Manchester']],
    forbidden: [['user', 'lives_in', 'London']],
  },
  {
    id: 'name-intro',
    categories: ['names'],
    turns: ["Hi, I'm Priya.", 'Priya Raman, actually, if you need the full name.', 'I live in Pune.'],
    current: [
      ['user', 'name', 'Priya Raman'],
      ['user', 'lives_in', 'Pune'],
    ],
  },
  {
    id: 'name-variants-city',
    categories: ['names', 'move'],
    turns: ['I moved to New York City in March.', 'NYC is loud but I like it.'],
    current: [
      ['user', 'lives_in', 'New York City'],
      ['user', 'likes', 'New York City'],
    ],
  },
  {
    id: 'name-variants-company',
    categories: ['names', 'job'],
    turns: ['I work at Acme Corp.', 'Acme is fine, my team is great.', 'My manager there is Dana.'],
    current: [
      ['user', 'works_at', 'Acme Corp'],
      ['user', 'manager', 'Dana'],
    ],
  },
  {
    id: 'non-native',
    categories: ['terse', 'job', 'move'],
    turns: ['me work in hotel, reception.', 'before i live Warsaw, now i live Krakow'],
    current: [
      ['user', 'works_at', 'hotel'],
      ['user', 'works_as', 'receptionist'],
      ['user', 'lives_in', 'Krakow'],
    ],
    closed: [['user', 'lives_in', 'Warsaw']],
  },
  {
    id: 'negation-job',
    categories: ['negation', 'job'],
    turns: ["I'm not a doctor, I'm a nurse.", 'I work nights at the Royal Infirmary.'],
    current: [
      ['user', 'works_as', 'nurse'],
      ['user', 'works_at', 'Royal Infirmary'],
    ],
    forbidden: [['user', 'works_as', 'doctor']],
  },
  {
    id: 'health-condition',
    categories: ['health'],
    turns: ['I have type 1 diabetes.', "I'm allergic to penicillin, by the way.", 'My knee hurts today.'],
    current: [
      ['user', 'has_condition', 'type 1 diabetes'],
      ['user', 'is_allergic_to', 'penicillin'],
    ],
  },
  {
    id: 'health-still',
    categories: ['health'],
    turns: ['I broke my wrist skiing.', 'The wrist is still in a cast, two more weeks.'],
    current: [['user', 'has_condition', 'broken wrist']],
  },
  {
    id: 'friends-several',
    categories: ['friends'],
    turns: [
      'My best friend Sam lives in Glasgow.',
      'Sam is a nurse too.',
      'My other friend Omar is a chef in Paris.',
    ],
    current: [
      ['user', 'friend', 'Sam'],
      ['Sam', 'lives_in', 'Glasgow'],
      ['Sam', 'works_as', 'nurse'],
      ['user', 'friend', 'Omar'],
      ['Omar', 'works_as', 'chef'],
      ['Omar', 'lives_in', 'Paris'],
    ],
  },
  {
    id: 'friend-moved',
    categories: ['friends', 'move', 'pronouns'],
    turns: ['My friend Zoe lives in Bristol.', 'She moved to Edinburgh last month for a new job.'],
    current: [
      ['user', 'friend', 'Zoe'],
      ['Zoe', 'lives_in', 'Edinburgh'],
    ],
    closed: [['Zoe', 'lives_in', 'Bristol']],
  },
  {
    id: 'kids-school',
    categories: ['family', 'education'],
    turns: ['My daughter Mia is 6.', 'Mia goes to Riverside Primary.', 'She loves horses.'],
    current: [
      ['user', 'daughter', 'Mia'],
      ['Mia', 'age', '6'],
      ['Mia', 'studies_at', 'Riverside Primary'],
      ['Mia', 'likes', 'horses'],
    ],
  },
  {
    id: 'partner',
    categories: ['family'],
    turns: ['My partner Alex and I live in Utrecht.', 'Alex works for Philips as an engineer.'],
    current: [
      ['user', 'partner', 'Alex'],
      ['user', 'lives_in', 'Utrecht'],
      ['Alex', 'lives_in', 'Utrecht'],
      ['Alex', 'works_at', 'Philips'],
      ['Alex', 'works_as', 'engineer'],
    ],
  },
  {
    id: 'job-quit',
    categories: ['job', 'negation'],
    turns: ['I work at Deloitte.', 'I quit Deloitte yesterday. Taking a break for a few months.'],
    current: [],
    closed: [['user', 'works_at', 'Deloitte']],
  },
  {
    id: 'retired-parent-moved',
    categories: ['family', 'move'],
    turns: ['My parents live in Lyon.', 'Actually my mum moved to Nice after she retired.'],
    current: [['mum', 'lives_in', 'Nice']],
    forbidden: [['user', 'lives_in', 'Nice']],
  },
  {
    id: 'hobby-learning',
    categories: ['hobbies', 'education'],
    turns: ['I started learning pottery in January.', 'I take classes every Tuesday at Clay Studio.'],
    current: [['user', 'is_learning', 'pottery']],
  },
  {
    id: 'diet-vegan-self',
    categories: ['diet'],
    turns: ["I'm vegan since 2019.", "And I don't drink alcohol."],
    current: [['user', 'diet', 'vegan']],
    forbidden: [['user', 'likes', 'alcohol']],
  },
  {
    id: 'wrong-then-right-name',
    categories: ['correction', 'names', 'pets'],
    turns: ["My dog's name is Max.", 'Oops, typo, his name is Mac, not Max.'],
    current: [['user', 'has_pet', 'Mac']],
    forbidden: [['user', 'has_pet', 'Max']],
  },
  {
    id: 'commute-detail',
    categories: ['possessions', 'move'],
    turns: ['I live in Oakland and bike to work in San Francisco.', 'I work at a startup called Loop.'],
    current: [
      ['user', 'lives_in', 'Oakland'],
      ['user', 'works_at', 'Loop'],
    ],
    forbidden: [['user', 'lives_in', 'San Francisco']],
  },
  {
    id: 'sibling-job-change',
    categories: ['family', 'job', 'pronouns'],
    turns: ['My brother Luis is a lawyer at Garrigues.', 'He switched firms, he is at Uría Menéndez now.'],
    current: [
      ['user', 'brother', 'Luis'],
      ['Luis', 'works_as', 'lawyer'],
      ['Luis', 'works_at', 'Uría Menéndez'],
    ],
    closed: [['Luis', 'works_at', 'Garrigues']],
  },
  {
    id: 'assistant-guess',
    categories: ['hypothetical'],
    turns: ['Can you recommend a running shoe?', "I don't run much, I mostly walk the dog."],
    current: [],
    forbidden: [['user', 'does', 'running']],
  },
];
