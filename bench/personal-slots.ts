/** The personal-memory benchmark's everyday slots and their values (see `personal-data.ts`). */
import type { Wording } from './personal-data.js';

/** One everyday slot of a persona: its values, how it is saved, said and asked. */
export interface Slot {
  name: string;
  /** Values for this slot (the object of the answer fact). */
  values: readonly string[];
  /** The triples an agent saves; `$` is the value, `@` the slot's second value (a friend's name). */
  triples: readonly [string, string, string][];
  sentences: Record<Wording, readonly string[]>;
  questions: Record<Wording, readonly string[]>;
  /** A second value drawn per persona (the friend's name of a friend's food). */
  second?: readonly string[];
  /** The answer fact's subject (default the user). */
  answerSubject?: string;
}

const CITIES = [
  'Ghent',
  'Lisbon',
  'Portland',
  'Kyoto',
  'Tartu',
  'Porto',
  'Quito',
  'Leeds',
  'Adelaide',
  'Malmo',
  'Graz',
  'Nantes',
  'Bergen',
  'Cork',
  'Halifax',
];
const HOMETOWNS = [
  'Lagos',
  'Turin',
  'Osaka',
  'Krakow',
  'Dundee',
  'Cusco',
  'Aarhus',
  'Bilbao',
  'Tampere',
  'Brno',
  'Mombasa',
  'Zadar',
];
const EMPLOYERS = [
  'Boeing',
  'Siemens',
  'Nintendo',
  'Oxfam',
  'Spotify',
  'Airbus',
  'Lego',
  'Philips',
  'Ikea',
  'Novartis',
  'Unilever',
  'Canonical',
];
const ROLES = [
  'nurse',
  'engineer',
  'teacher',
  'accountant',
  'chef',
  'pilot',
  'librarian',
  'architect',
  'plumber',
  'pharmacist',
  'electrician',
  'dentist',
];
const PETS = ['Biscuit', 'Rex', 'Luna', 'Pepper', 'Milo', 'Nala', 'Ziggy', 'Olive', 'Bruno', 'Maple'];
const INSTRUMENTS = [
  'cello',
  'violin',
  'piano',
  'trumpet',
  'ukulele',
  'flute',
  'drums',
  'saxophone',
  'harp',
  'clarinet',
];
const SPORTS = [
  'tennis',
  'volleyball',
  'rugby',
  'badminton',
  'squash',
  'golf',
  'hockey',
  'cricket',
  'rowing',
  'fencing',
];
const ALLERGENS = ['peanuts', 'shellfish', 'gluten', 'eggs', 'milk', 'sesame', 'strawberries', 'walnuts'];
const DISHES = [
  'risotto',
  'sushi',
  'curry',
  'dumplings',
  'tacos',
  'lasagna',
  'paella',
  'ramen',
  'falafel',
  'goulash',
  'pancakes',
  'biryani',
];
const FRIENDS = ['Tomas', 'Amara', 'Henrik', 'Yuki', 'Carmen', 'Dev', 'Ines', 'Kofi', 'Lena', 'Marco'];
const SIBLINGS = ['Giulia', 'Noor', 'Astrid', 'Paloma', 'Hana', 'Freya', 'Zara', 'Ilse'];
const PARTNERS = ['Jonas', 'Mateo', 'Priya', 'Sofia', 'Emeka', 'Greta', 'Luca', 'Anika'];
const AGES = ['29', '34', '41', '27', '52', '38', '46', '31'];
const BIRTHDAYS = [
  'March 3',
  'July 19',
  'October 8',
  'January 25',
  'May 14',
  'December 2',
  'August 30',
  'April 11',
];

/** The everyday slots the personas draw from. */
export const SLOTS: readonly Slot[] = [
  {
    name: 'home',
    values: CITIES,
    triples: [['I', 'lives_in', '$']],
    sentences: {
      dev: [
        'I live in $.',
        'We moved to $ last spring.',
        'Big news: I relocated to $.',
        "I've been living in $ for a while now.",
      ],
      held: ['I recently settled in $.', 'My apartment is in $.'],
    },
    questions: {
      dev: ['Which city is home for me these days?', 'Where am I based now?'],
      held: ['What town do I call home?', 'Where is my place at the moment?'],
    },
  },
  {
    name: 'employer',
    values: EMPLOYERS,
    triples: [['I', 'works_at', '$']],
    sentences: {
      dev: ['I work at $.', 'I started a new job at $.', 'I joined $ last year.', "I'm employed by $."],
      held: ['I got a job at $.', 'I have been working for $ since 2020.'],
    },
    questions: {
      dev: ['Who is my employer?', 'Which company pays my salary?'],
      held: ['What firm do I have a job with?', 'Which organisation am I with for work?'],
    },
  },
  {
    name: 'role',
    values: ROLES,
    triples: [['I', 'works_as', '$']],
    sentences: {
      dev: ['I work as a $.', "I'm a $.", 'I have been a $ for ten years.', 'By profession I am a $.'],
      held: ['My job is being a $.', "I'm working as a $ now."],
    },
    questions: {
      dev: ['What do I do for a living?', "What's my profession?"],
      held: ["What's my line of work?", 'What is my occupation?'],
    },
  },
  {
    name: 'dog',
    values: PETS,
    triples: [['I', 'has_dog', '$']],
    sentences: {
      dev: [
        'We adopted a dog named $.',
        'My dog is called $.',
        'Our puppy, $, chewed my shoes again.',
        'I take my dog $ for a walk every morning.',
      ],
      held: ['I have a dog named $.', 'Our dog $ loves the beach.'],
    },
    questions: {
      dev: ["What's my pup called?", 'What is the name of my dog?'],
      held: ['What do I call my puppy?', 'Who is the four-legged member of my household?'],
    },
  },
  {
    name: 'instrument',
    values: INSTRUMENTS,
    triples: [['I', 'plays', '$']],
    sentences: {
      dev: [
        "I'm learning the $.",
        'I play the $.',
        'I practise the $ every evening.',
        'I took up the $ this year.',
      ],
      held: ['I started playing the $.', 'I have been taking $ lessons.'],
    },
    questions: {
      dev: ['Which instrument am I learning?', 'What musical instrument do I practise?'],
      held: ['What do I make music with?', 'Which instrument do I have lessons on?'],
    },
  },
  {
    name: 'sport',
    values: SPORTS,
    triples: [['I', 'plays', '$']],
    sentences: {
      dev: [
        'I play $ on weekends.',
        'I do $ twice a week.',
        'I joined a $ club.',
        'On Saturdays I play $ with friends.',
      ],
      held: ['I love playing $.', "I'm on a $ team."],
    },
    questions: {
      dev: ['Which sport do I do?', 'What game do I compete in?'],
      held: ['What sport keeps me fit?', 'Which team sport or game do I take part in?'],
    },
  },
  {
    name: 'allergy',
    values: ALLERGENS,
    triples: [['I', 'allergic_to', '$']],
    sentences: {
      dev: [
        "I'm allergic to $.",
        'I am allergic to $.',
        'I have an allergy to $.',
        '$ give me a bad allergic reaction.',
      ],
      held: ["I can't eat $ because of an allergy.", "I'm severely allergic to $."],
    },
    questions: {
      dev: ["Is there anything I can't eat?", 'What food should I avoid?'],
      held: ['What makes me ill if I eat it?', 'Which food is off the menu for me?'],
    },
  },
  {
    name: 'friend food',
    values: DISHES,
    second: FRIENDS,
    answerSubject: '@',
    triples: [
      ['I', 'friend', '@'],
      ['@', 'likes', '$'],
    ],
    sentences: {
      dev: [
        'My friend @ loves $.',
        'My friend @ likes $.',
        "@ is a good friend of mine and $ is @'s favourite dish.",
        'My buddy @ adores $.',
      ],
      held: ['My friend @ is crazy about $.', 'My pal @ really enjoys $.'],
    },
    questions: {
      dev: ['What should I cook when @ comes over?', 'What dish would @ enjoy?'],
      held: ['What could I make for dinner with @?', 'What food does @ go for?'],
    },
  },
  {
    name: 'favourite food',
    values: DISHES,
    triples: [['I', 'likes', '$']],
    sentences: {
      dev: ['I love $.', 'I really like $.', '$ is my favourite meal.', 'Nothing beats a plate of $ for me.'],
      held: ['My favourite food is $.', 'I could eat $ every day.'],
    },
    questions: {
      dev: ["What's my favourite meal?", 'What dish do I enjoy most?'],
      held: ['What should someone cook for me?', 'What do I like to eat?'],
    },
  },
  {
    name: 'sister',
    values: SIBLINGS,
    triples: [['I', 'sister', '$']],
    sentences: {
      dev: [
        'My sister is called $.',
        'My sister $ lives nearby.',
        'My younger sister $ visited us.',
        "$ is my sister's name.",
      ],
      held: ['I have a sister named $.', 'My big sister $ is a doctor.'],
    },
    questions: {
      dev: ['Who is my sibling?', "What's my sister's name?"],
      held: ['Who did I grow up with as a sister?', 'What do I call my sister?'],
    },
  },
  {
    name: 'partner',
    values: PARTNERS,
    triples: [['I', 'married_to', '$']],
    sentences: {
      dev: ["I'm married to $.", 'My husband is $.', '$ and I got married in June.', 'My wife is $.'],
      held: ['My partner $ and I have been married for years.', 'I married $ in 2015.'],
    },
    questions: {
      dev: ['Who is my spouse?', 'Who am I married to?'],
      held: ["Who's my other half?", 'Who is my partner for life?'],
    },
  },
  {
    name: 'hometown',
    values: HOMETOWNS,
    triples: [['I', 'is_from', '$']],
    sentences: {
      dev: ["I'm from $.", 'I grew up in $.', 'I was born and raised in $.', 'Originally I come from $.'],
      held: ['I was born in $.', 'My hometown is $.'],
    },
    questions: {
      dev: ['Where did I grow up?', 'Which place am I originally from?'],
      held: ['What is my hometown?', 'Where are my roots?'],
    },
  },
  {
    name: 'age',
    values: AGES,
    triples: [['I', 'age', '$']],
    sentences: {
      dev: ["I'm $.", 'I am $ years old.', 'I turned $ this year.', "I'm $ now."],
      held: ['I just turned $.', "I'm $ years of age."],
    },
    questions: {
      dev: ['How old am I?', "What's my age?"],
      held: ['How many years old am I?', 'How old did I turn?'],
    },
  },
  {
    name: 'birthday',
    values: BIRTHDAYS,
    triples: [['I', 'birthday', '$']],
    sentences: {
      dev: ['My birthday is on $.', 'My birthday is $.', 'I was born on $.', 'I celebrate my birthday on $.'],
      held: ["My birthday's on $.", 'My birthday falls on $.'],
    },
    questions: {
      dev: ['When is my birthday?', 'When should people send me a card?'],
      held: ['On what date was I born?', 'When do I have my birthday party?'],
    },
  },
  {
    name: 'email',
    values: [],
    triples: [['I', 'email', '$']],
    sentences: {
      dev: ['My email is $.', 'My email address is $.', 'You can reach me at $.', 'Write to me at $.'],
      held: ['My e-mail is $.', 'Email me at $.'],
    },
    questions: {
      dev: ["What's my email address?", 'Where can people email me?'],
      held: ['How do I get messages by mail online?', 'What address do I use for mail on the internet?'],
    },
  },
];
