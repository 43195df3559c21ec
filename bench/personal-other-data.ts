/**
 * A second personal-memory set, written as other agents' save tools name things: everyday facts
 * under predicates the first set ({@link ./personal-slots.ts}) never uses (`occupation`,
 * `employed_by`, `alma_mater`, `favourite_colour`, …), each slot under one of several names, and
 * questions in two wordings (`dev`, fitted on; `held`, only checked). Where the first set's
 * predicates share the questions' words ("works as" for "What do I work as?"), here the words
 * mostly differ, so a ranking that leans on reading a relation word by word is caught out; a
 * sentence model's similarity is not.
 */

import { type PersonalQuestion, randomSource, type Wording } from './personal-data.js';

/** One everyday slot: the names an agent may save it under, its values and its questions. */
interface OtherSlot {
  name: string;
  predicates: readonly string[];
  values: readonly string[];
  questions: Record<Wording, readonly string[]>;
}

const SLOTS: readonly OtherSlot[] = [
  {
    name: 'occupation',
    predicates: ['occupation', 'job_title', 'profession'],
    values: ['nurse', 'architect', 'electrician', 'accountant', 'paramedic', 'librarian'],
    questions: {
      dev: ['What is my occupation?', 'What do I do for work?'],
      held: ['What is my trade?', 'What am I by profession?'],
    },
  },
  {
    name: 'employer',
    predicates: ['employed_by', 'works_for', 'employer'],
    values: ['Acme Corp', 'Globex', 'Initech', 'Hooli', 'Vandelay Industries'],
    questions: {
      dev: ['Who is my employer?', 'Which company pays me?'],
      held: ['Where am I on the payroll?', 'What firm do I work for?'],
    },
  },
  {
    name: 'car',
    predicates: ['drives', 'owns_car', 'car'],
    values: ['Toyota Corolla', 'Honda Civic', 'Volvo XC60', 'Ford Fiesta', 'Subaru Outback'],
    questions: {
      dev: ['What car do I drive?', 'What do I drive?'],
      held: ['What is my ride?', 'Which vehicle is mine?'],
    },
  },
  {
    name: 'school',
    predicates: ['studied_at', 'graduated_from', 'alma_mater'],
    values: [
      'University of Porto',
      'McGill University',
      'TU Delft',
      'Trinity College',
      'Seoul National University',
    ],
    questions: {
      dev: ['Which university did I go to?', 'Where did I get my degree?'],
      held: ['Where was I a student?', 'What school did I graduate from?'],
    },
  },
  {
    name: 'language',
    predicates: ['speaks', 'native_language', 'mother_tongue'],
    values: ['Portuguese', 'Swahili', 'Korean', 'Tagalog', 'Finnish'],
    questions: {
      dev: ['What language do I speak?', 'What is my first language?'],
      held: ['Which tongue did I grow up speaking?', 'What language should you talk to me in?'],
    },
  },
  {
    name: 'child',
    predicates: ['has_child', 'daughter', 'son'],
    values: ['Mia', 'Noah', 'Lena', 'Omar', 'Kaito'],
    questions: {
      dev: ['Who is my child?', "What is my kid's name?"],
      held: ['What is my little one called?', 'Who is my offspring?'],
    },
  },
  {
    name: 'colour',
    predicates: ['favourite_colour', 'favorite_color', 'preferred_color'],
    values: ['teal', 'maroon', 'lavender', 'ochre', 'navy blue'],
    questions: {
      dev: ['What is my favourite colour?', 'Which colour do I like most?'],
      held: ['What hue do I prefer?', 'What color should my present be wrapped in?'],
    },
  },
  {
    name: 'cat',
    predicates: ['has_cat', 'cat_name', 'owns_cat'],
    values: ['Miso', 'Pickles', 'Biscuit', 'Tofu', 'Clementine'],
    questions: {
      dev: ["What is my cat's name?", 'What is my cat called?'],
      held: ['Who is my kitty?', 'What did I name my cat?'],
    },
  },
  {
    name: 'hobby',
    predicates: ['hobby', 'pastime', 'enjoys'],
    values: ['birdwatching', 'knitting', 'pottery', 'rock climbing', 'woodworking'],
    questions: {
      dev: ['What is my hobby?', 'What do I do in my spare time?'],
      held: ['What keeps me busy on weekends?', 'What do I do to relax?'],
    },
  },
  {
    name: 'brother',
    predicates: ['brother', 'has_brother', 'sibling'],
    values: ['Tomas', 'Ravi', 'Felix', 'Jonah', 'Mateo'],
    questions: {
      dev: ['Who is my brother?', "What is my brother's name?"],
      held: ['What is my bro called?', 'Who is my sibling?'],
    },
  },
  {
    name: 'doctor',
    predicates: ['doctor', 'physician', 'gp'],
    values: ['Dr. Patel', 'Dr. Okafor', 'Dr. Lindqvist', 'Dr. Moreau', 'Dr. Haddad'],
    questions: {
      dev: ['Who is my doctor?', 'Which doctor do I see?'],
      held: ['Who treats me when I am ill?', 'Whom do I see for a check-up?'],
    },
  },
  {
    name: 'phone',
    predicates: ['phone_number', 'mobile', 'phone'],
    values: ['555-0142', '555-0199', '555-0117', '555-0163', '555-0188'],
    questions: {
      dev: ['What is my phone number?', 'What number can I be reached at?'],
      held: ['How do I get rung up?', 'What digits should someone dial for me?'],
    },
  },
  {
    name: 'film',
    predicates: ['favorite_movie', 'favourite_film', 'best_loved_film'],
    values: ['Inception', 'Amelie', 'Spirited Away', 'The Godfather', 'Parasite'],
    questions: {
      dev: ['What is my favourite film?', 'Which movie do I love most?'],
      held: ['What should we watch on movie night?', 'Which picture can I watch again and again?'],
    },
  },
  {
    name: 'team',
    predicates: ['supports', 'fan_of', 'favorite_team'],
    values: ['Arsenal', 'Benfica', 'the Lakers', 'Ajax', 'the Yankees'],
    questions: {
      dev: ['Which team do I support?', 'What team am I a fan of?'],
      held: ['Who do I cheer for?', 'Which club do I follow?'],
    },
  },
  {
    name: 'drink',
    predicates: ['usual_drink', 'coffee_order', 'drinks'],
    values: ['oat latte', 'flat white', 'green tea', 'cortado', 'chai'],
    questions: {
      dev: ['What do I usually drink?', 'What is my usual coffee order?'],
      held: ['What should you get me from the cafe?', 'What is my go-to beverage?'],
    },
  },
  {
    name: 'mother',
    predicates: ['mother', 'mom', 'has_mother'],
    values: ['Rosa', 'Ingrid', 'Amina', 'Carmen', 'Yuki'],
    questions: {
      dev: ['Who is my mother?', "What is my mum's name?"],
      held: ['What is my mom called?', 'Who raised me?'],
    },
  },
  {
    name: 'goal',
    predicates: ['wants_to_learn', 'learning_goal', 'studying'],
    values: ['Japanese', 'sailing', 'calligraphy', 'the cello', 'welding'],
    questions: {
      dev: ['What do I want to learn?', 'What am I trying to learn?'],
      held: ['What new skill am I after?', 'What have I set out to master?'],
    },
  },
  {
    name: 'home',
    predicates: ['resides_in', 'home_city', 'based_in'],
    values: ['Lisbon', 'Nairobi', 'Osaka', 'Denver', 'Krakow'],
    questions: {
      dev: ['Where do I live?', 'Which city am I based in?'],
      held: ['Where is home for me?', 'What town do I call home?'],
    },
  },
];

/** One persona of this set: its saved triples and its questions (answered by one fact each). */
export interface OtherPersona {
  id: string;
  triples: { subject: string; predicate: string; object: string }[];
  questions: PersonalQuestion[];
}

/**
 * `count` personas with ten of the slots each, every slot saved under one of its names (drawn per
 * persona) as the user's fact, and asked in both wordings.
 */
export function otherPersonas(count = 24, seed = 4242): OtherPersona[] {
  return slotPersonas(SLOTS, { count, seed, prefix: 'other', perPersona: 10 }, (slot, persona, answer) =>
    (['dev', 'held'] as const).flatMap((wording) =>
      slot.questions[wording].map((question) => ({ persona, slot: slot.name, wording, question, answer })),
    ),
  );
}

/** How {@link slotPersonas} draws its personas. */
export interface SlotDraw {
  count: number;
  seed: number;
  /** The personas' id before their number (`other1`, `other2`, …). */
  prefix: string;
  /** How many slots each persona holds. */
  perPersona: number;
}

/**
 * Personas drawn from slots: each holds `perPersona` of them in a random order, every slot saved
 * under one of its names (drawn per persona) as the user's fact with one of its values, and asked
 * the questions `questionsOf` gives for it.
 */
export function slotPersonas<Slot extends { predicates: readonly string[]; values: readonly string[] }>(
  slots: readonly Slot[],
  draw: SlotDraw,
  questionsOf: (slot: Slot, persona: string, answer: OtherPersona['triples'][number]) => PersonalQuestion[],
): OtherPersona[] {
  const random = randomSource(draw.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: OtherPersona[] = [];
  for (let p = 0; p < draw.count; p++) {
    const id = `${draw.prefix}${p + 1}`;
    const persona: OtherPersona = { id, triples: [], questions: [] };
    const ordered = [...slots].map((slot) => ({ slot, key: random() })).sort((a, b) => a.key - b.key);
    for (const { slot } of ordered.slice(0, draw.perPersona)) {
      const fact = { subject: 'I', predicate: pick(slot.predicates), object: pick(slot.values) };
      persona.triples.push(fact);
      persona.questions.push(...questionsOf(slot, id, fact));
    }
    out.push(persona);
  }
  return out;
}
