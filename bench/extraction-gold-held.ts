/**
 * The held-out part of the extraction gold set: conversations written after the rule extractor
 * and the model prompt were last changed, and never used to change either. They report how the
 * extractors do on wording they were not shaped by (the rules were written against the other
 * two files). Same fields as `extraction-gold.ts`.
 */
import type { GoldConversation } from './extraction-gold.js';

/** Conversations never tuned on, scored apart from `GOLD_CONVERSATIONS`. */
export const GOLD_HELD_CONVERSATIONS: readonly GoldConversation[] = [
  {
    id: 'held-relocation-berlin',
    categories: ['move'],
    turns: [
      "Quick one: I've been living in Hamburg for six years.",
      "Starting next month I'm based in Berlin, the company is relocating me.",
      'Actually the movers came early, so I am already in Berlin now.',
    ],
    current: [['user', 'lives_in', 'Berlin']],
    closed: [['user', 'lives_in', 'Hamburg']],
  },
  {
    id: 'held-new-role',
    categories: ['job'],
    turns: ["I'm a junior accountant at Deloitte.", 'Got promoted last week, senior accountant now!'],
    current: [
      ['user', 'works_at', 'Deloitte'],
      ['user', 'works_as', 'senior accountant'],
    ],
    closed: [['user', 'works_as', 'junior accountant']],
  },
  {
    id: 'held-quit-job',
    categories: ['job', 'hypothetical'],
    turns: [
      'My job at the bank is draining me.',
      'I might apply to Spotify, not sure yet.',
      'I work at Barclays, by the way, in the risk team.',
    ],
    current: [['user', 'works_at', 'Barclays']],
    forbidden: [['user', 'works_at', 'Spotify']],
  },
  {
    id: 'held-partner',
    categories: ['family', 'names'],
    turns: ['My wife Ingrid is a dentist.', 'She is from Bergen originally.'],
    current: [
      ['user', 'married_to', 'Ingrid'],
      ['Ingrid', 'works_as', 'dentist'],
      ['Ingrid', 'is_from', 'Bergen'],
    ],
  },
  {
    id: 'held-kids',
    categories: ['family'],
    turns: ['We have two kids, Mateo and Lucía.', 'Mateo just turned 6 and Lucía is 3.'],
    current: [
      ['user', 'son', 'Mateo'],
      ['user', 'daughter', 'Lucía'],
      ['Mateo', 'age', '6'],
      ['Lucía', 'age', '3'],
    ],
  },
  {
    id: 'held-brother-job',
    categories: ['family', 'pronouns'],
    turns: ['My brother Kwame lives in Accra.', 'He works as a civil engineer there.'],
    current: [
      ['user', 'brother', 'Kwame'],
      ['Kwame', 'lives_in', 'Accra'],
      ['Kwame', 'works_as', 'civil engineer'],
    ],
  },
  {
    id: 'held-friend-food',
    categories: ['friends', 'likes'],
    turns: ["My best friend Yuki can't stand cilantro.", 'She loves ramen though.'],
    current: [
      ['user', 'friend', 'Yuki'],
      ['Yuki', 'dislikes', 'cilantro'],
      ['Yuki', 'likes', 'ramen'],
    ],
  },
  {
    id: 'held-tastes',
    categories: ['likes'],
    turns: ['I adore jazz, especially Coltrane.', 'Horror movies? Hate them.'],
    current: [
      ['user', 'likes', 'jazz'],
      ['user', 'likes', 'Coltrane'],
      ['user', 'dislikes', 'horror movies'],
    ],
  },
  {
    id: 'held-diet-change',
    categories: ['diet', 'correction'],
    turns: ["I'm pescatarian.", 'Update: I went fully vegan in January.'],
    current: [['user', 'diet', 'vegan']],
    closed: [['user', 'diet', 'pescatarian']],
  },
  {
    id: 'held-allergy',
    categories: ['health'],
    turns: ["I'm allergic to shellfish.", 'And penicillin, I found out at the hospital.'],
    current: [
      ['user', 'is_allergic_to', 'shellfish'],
      ['user', 'is_allergic_to', 'penicillin'],
    ],
  },
  {
    id: 'held-cat',
    categories: ['pets', 'names'],
    turns: ['We adopted a cat last month.', 'Her name is Pixel, she is a tabby.'],
    current: [['user', 'has_pet', 'Pixel']],
  },
  {
    id: 'held-dog-died',
    categories: ['pets'],
    turns: ['Our old dog Bruno passed away in March.', 'We got a puppy called Nala in May.'],
    current: [['user', 'has_pet', 'Nala']],
    closed: [['user', 'has_pet', 'Bruno']],
  },
  {
    id: 'held-hobby',
    categories: ['hobbies'],
    turns: ['On weekends I go bouldering.', "I've also been learning the ukulele since summer."],
    current: [
      ['user', 'does', 'bouldering'],
      ['user', 'is_learning', 'ukulele'],
    ],
  },
  {
    id: 'held-birthday',
    categories: ['dates'],
    turns: ['I was born on 3 July 1991.', 'So yes, a summer baby.'],
    current: [['user', 'birthday', '3 July 1991']],
  },
  {
    id: 'held-car',
    categories: ['possessions'],
    turns: ['I have a Toyota Prius.', 'Thinking of buying a Tesla next year.'],
    current: [['user', 'owns', 'Toyota Prius']],
    forbidden: [['user', 'owns', 'Tesla']],
  },
  {
    id: 'held-degree',
    categories: ['education'],
    turns: ['I did my PhD in chemistry at ETH Zurich.', 'Now I teach at a high school in Lucerne.'],
    current: [
      ['user', 'studied', 'chemistry'],
      ['user', 'works_as', 'teacher'],
      ['user', 'lives_in', 'Lucerne'],
    ],
  },
  {
    id: 'held-languages',
    categories: ['languages'],
    turns: ['I grew up speaking Tamil.', "I'm fluent in English and I'm picking up Japanese."],
    current: [
      ['user', 'speaks', 'Tamil'],
      ['user', 'speaks', 'English'],
      ['user', 'is_learning', 'Japanese'],
    ],
  },
  {
    id: 'held-negation',
    categories: ['negation'],
    turns: ["I don't drink coffee.", "I don't have any siblings either.", 'I love green tea.'],
    current: [['user', 'likes', 'green tea']],
    forbidden: [['user', 'likes', 'coffee']],
  },
  {
    id: 'held-question',
    categories: ['hypothetical'],
    turns: ['Should I move to Lisbon or Madrid?', 'I live in Lyon at the moment.'],
    current: [['user', 'lives_in', 'Lyon']],
    forbidden: [
      ['user', 'lives_in', 'Lisbon'],
      ['user', 'lives_in', 'Madrid'],
    ],
  },
  {
    id: 'held-correction-name',
    categories: ['correction', 'names'],
    turns: ['My manager is called Petra.', 'Sorry, typo: her name is Pietra.'],
    current: [['user', 'manager', 'Pietra']],
    forbidden: [['user', 'manager', 'Petra']],
  },
  {
    id: 'held-terse',
    categories: ['terse', 'move', 'job'],
    turns: ['Nurse. Glasgow.', 'Moved to Edinburgh. Same job.'],
    current: [
      ['user', 'works_as', 'nurse'],
      ['user', 'lives_in', 'Edinburgh'],
    ],
    closed: [['user', 'lives_in', 'Glasgow']],
  },
  {
    id: 'held-non-native',
    categories: ['terse', 'job'],
    turns: ['I am working in Siemens like electrician since 2019.', 'My home is in Graz.'],
    current: [
      ['user', 'works_at', 'Siemens'],
      ['user', 'works_as', 'electrician'],
      ['user', 'lives_in', 'Graz'],
    ],
  },
  {
    id: 'held-mother',
    categories: ['family', 'health'],
    turns: ['My mom, Rosa, has diabetes.', 'She still lives in Puebla.'],
    current: [
      ['user', 'mother', 'Rosa'],
      ['Rosa', 'has_condition', 'diabetes'],
      ['Rosa', 'lives_in', 'Puebla'],
    ],
  },
  {
    id: 'held-favourite',
    categories: ['likes'],
    turns: ['My favourite book is Dune.', 'Favourite band: Radiohead.'],
    current: [
      ['user', 'likes', 'Dune'],
      ['user', 'likes', 'Radiohead'],
    ],
  },
];
