/**
 * The second half of the extraction gold set (dates, possessions, education, languages, questions,
 * names, health, friends, family and plans): see `extraction-gold.ts` for what each field means.
 */
import type { GoldConversation } from './extraction-gold.js';

/** Conversations about everyday details, joined into `GOLD_CONVERSATIONS`. */
export const GOLD_EVERYDAY_CONVERSATIONS: readonly GoldConversation[] = [
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
