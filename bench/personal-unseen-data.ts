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

import { randomSource } from './personal-data.js';
import type { OtherPersona } from './personal-other-data.js';

/** One everyday slot: the names an agent may save it under, its values and its questions. */
interface UnseenSlot {
  name: string;
  predicates: readonly string[];
  values: readonly string[];
  questions: readonly string[];
}

const SLOTS: readonly UnseenSlot[] = [
  {
    name: 'nickname',
    predicates: ['nickname', 'goes_by', 'preferred_name'],
    values: ['Bex', 'Tommo', 'Jojo', 'Kiki', 'Sully'],
    questions: ['What should you call me?', 'What name do I go by?', 'What do my friends call me?'],
  },
  {
    name: 'gym',
    predicates: ['gym', 'trains_at', 'fitness_club'],
    values: ['PureGym', 'Anytime Fitness', 'Crunch Fitness', 'Equinox'],
    questions: ['Where do I work out?', 'Which gym am I a member of?', 'Where do I go to exercise?'],
  },
  {
    name: 'dentist',
    predicates: ['dentist', 'dental_care', 'sees_dentist'],
    values: ['Dr. Okafor', 'Dr. Lindqvist', 'Dr. Moreau', 'Dr. Tanaka'],
    questions: ['Who looks after my teeth?', 'Who is my dentist?', 'Who should I call about a toothache?'],
  },
  {
    name: 'landlord',
    predicates: ['landlord', 'rents_from', 'letting_agent'],
    values: ['Mr. Haddad', 'Greenway Lettings', 'Mrs. Kowalski', 'Foxtons'],
    questions: [
      'Who do I pay rent to?',
      'Who owns the flat I rent?',
      'Who do I call when the boiler breaks?',
    ],
  },
  {
    name: 'commute',
    predicates: ['commute', 'commutes_by', 'travels_to_work_by'],
    values: ['bike', 'train', 'bus', 'tram', 'ferry'],
    questions: ['How do I get to work?', 'How do I commute?', 'What do I take to the office?'],
  },
  {
    name: 'blood',
    predicates: ['blood_type', 'blood_group'],
    values: ['O negative', 'A positive', 'B positive', 'AB negative'],
    questions: ["What's my blood type?", 'Which blood group am I?', 'What blood do I have?'],
  },
  {
    name: 'grandmother',
    predicates: ['grandmother', 'grandma', 'nan'],
    values: ['Rosa', 'Edith', 'Marguerite', 'Oksana'],
    questions: ["What's my grandmother's name?", 'Who is my granny?', 'What is my gran called?'],
  },
  {
    name: 'bank',
    predicates: ['bank', 'banks_with', 'account_at'],
    values: ['Monzo', 'Chase', 'ING', 'Barclays', 'Revolut'],
    questions: ['Which bank do I use?', 'Where do I keep my money?', 'Who do I bank with?'],
  },
  {
    name: 'cuisine',
    predicates: ['favorite_cuisine', 'preferred_cuisine', 'loves_cuisine'],
    values: ['Thai', 'Ethiopian', 'Lebanese', 'Mexican', 'Korean'],
    questions: [
      'What kind of food do I like best?',
      'Which cuisine should we pick for dinner?',
      'What food do I enjoy most?',
    ],
  },
  {
    name: 'faith',
    predicates: ['religion', 'faith'],
    values: ['Buddhist', 'Catholic', 'Muslim', 'Hindu', 'Quaker'],
    questions: ['What is my faith?', 'What religion do I practise?', 'Am I religious?'],
  },
  {
    name: 'dating',
    predicates: ['girlfriend', 'boyfriend', 'dating'],
    values: ['Sam', 'Ravi', 'Elena', 'Tobias', 'Amelie'],
    questions: ['Who am I seeing?', 'Who am I going out with?', "What's my partner's name?"],
  },
  {
    name: 'volunteer',
    predicates: ['volunteers_at', 'volunteer_work', 'volunteers_for'],
    values: ['the food bank', 'Red Cross', 'the animal shelter', 'Oxfam'],
    questions: [
      'Where do I volunteer?',
      'What charity do I give my time to?',
      'Where do I help out for free?',
    ],
  },
  {
    name: 'phone',
    predicates: ['phone_model', 'uses_phone', 'smartphone'],
    values: ['iPhone 15', 'Pixel 8', 'Galaxy S24', 'Nokia G42'],
    questions: ['What phone do I have?', 'Which handset do I use?', 'What mobile do I carry?'],
  },
  {
    name: 'streaming',
    predicates: ['streaming_service', 'subscribed_to', 'watches_on'],
    values: ['Netflix', 'Disney+', 'Hulu', 'HBO Max'],
    questions: [
      'Which streaming service am I subscribed to?',
      'What do I pay for to watch shows?',
      'Where do I watch series?',
    ],
  },
  {
    name: 'bestfriend',
    predicates: ['best_friend', 'closest_friend', 'bff'],
    values: ['Priyanka', 'Marcus', 'Ingrid', 'Tunde'],
    questions: ['Who is my best mate?', 'Who is my closest friend?', 'Who do I trust most among my friends?'],
  },
  {
    name: 'major',
    predicates: ['majored_in', 'degree_subject', 'studied'],
    values: ['chemistry', 'economics', 'linguistics', 'history'],
    questions: ['What did I study?', 'What was my major?', 'What is my degree in?'],
  },
  {
    name: 'trip',
    predicates: ['holiday_destination', 'next_trip', 'travelling_to'],
    values: ['Bali', 'Iceland', 'Crete', 'Patagonia'],
    questions: ['Where am I going on holiday?', 'Where is my next trip?', 'Where am I flying to next?'],
  },
  {
    name: 'diet',
    predicates: ['diet', 'dietary_preference', 'eating_style'],
    values: ['vegetarian', 'vegan', 'pescatarian', 'keto'],
    questions: ['Do I have any dietary restrictions?', "What's my diet?", 'How do I eat?'],
  },
  {
    name: 'neighbourhood',
    predicates: ['neighbourhood', 'lives_in_area', 'district'],
    values: ['Shoreditch', 'Kreuzberg', 'Le Marais', 'Brooklyn Heights'],
    questions: [
      'Which part of town do I live in?',
      'What neighbourhood am I in?',
      'Where in the city is my place?',
    ],
  },
  {
    name: 'younger_brother',
    predicates: ['younger_brother', 'little_brother'],
    values: ['Callum', 'Diego', 'Wei', 'Anton'],
    questions: [
      "What's my little brother called?",
      'Who is my younger brother?',
      "What is my kid brother's name?",
    ],
  },
  {
    name: 'pharmacy',
    predicates: ['pharmacy', 'gets_prescriptions_from', 'chemist'],
    values: ['Boots', 'Walgreens', 'CVS', 'Lloyds Pharmacy'],
    questions: [
      'Where do I pick up my medicine?',
      'Which chemist do I go to?',
      'Where do I fill my prescriptions?',
    ],
  },
  {
    name: 'mechanic',
    predicates: ['mechanic', 'car_repair_shop', 'services_car_at'],
    values: ['Kwik Fit', 'Halfords', 'Midas', 'Pep Boys'],
    questions: ['Who fixes my car?', 'Where do I take my car when it breaks down?', 'Who services my car?'],
  },
  {
    name: 'club',
    predicates: ['book_club', 'reading_group', 'attends_book_club'],
    values: ['Page Turners', 'Novel Nights', 'Chapter & Verse', 'The Bookworms'],
    questions: ['Which book club am I in?', 'What reading group do I attend?', 'Where do I discuss books?'],
  },
  {
    name: 'coffee',
    predicates: ['coffee_shop', 'favourite_cafe', 'usual_cafe'],
    values: ['Blue Bottle', 'Monmouth Coffee', 'Tim Hortons', 'Caffe Nero'],
    questions: [
      'Where do I get my morning coffee?',
      'Which cafe do I go to?',
      'What is my usual coffee place?',
    ],
  },
  {
    name: 'airline',
    predicates: ['preferred_airline', 'flies_with', 'frequent_flyer_with'],
    values: ['KLM', 'Lufthansa', 'Delta', 'Qantas'],
    questions: [
      'Which airline do I fly with?',
      'What carrier do I prefer for flights?',
      'Who do I have air miles with?',
    ],
  },
  {
    name: 'cousin',
    predicates: ['cousin', 'has_cousin', 'first_cousin'],
    values: ['Mirela', 'Jakub', 'Siobhan', 'Dmitri'],
    questions: ['Who is my cousin?', "What's my cousin's name?", 'Which relative is my cousin?'],
  },
  {
    name: 'therapist',
    predicates: ['therapist', 'counsellor', 'sees_therapist'],
    values: ['Dr. Ellis', 'Maya Brandt', 'Dr. Osei', 'Lena Fischer'],
    questions: ['Who is my therapist?', 'Who do I talk to about my mental health?', 'Who is my counsellor?'],
  },
  {
    name: 'sport_team',
    predicates: ['plays_for', 'team', 'member_of_team'],
    values: ['Riverside Rovers', 'Northside FC', 'Eastgate Hawks', 'Harbour United'],
    questions: ['Which team do I play for?', 'What club do I play in?', 'Who do I play football with?'],
  },
  {
    name: 'medication',
    predicates: ['takes_medication', 'medication', 'prescribed'],
    values: ['metformin', 'lisinopril', 'sertraline', 'levothyroxine'],
    questions: ['What medication do I take?', 'Which pills am I on?', 'What am I prescribed?'],
  },
  {
    name: 'hairdresser',
    predicates: ['hairdresser', 'barber', 'gets_haircut_at'],
    values: ['Toni & Guy', 'Rush Salon', 'Cutters', 'The Barber Shop'],
    questions: ['Who cuts my hair?', 'Where do I get my hair done?', 'Which salon do I use?'],
  },
  {
    name: 'vet',
    predicates: ['vet', 'veterinarian', 'pet_clinic'],
    values: ['Medivet', 'Banfield', 'VCA Animal Hospital', 'Vets4Pets'],
    questions: ['Who is my vet?', 'Where do I take my dog when it is sick?', 'Which animal clinic do I use?'],
  },
  {
    name: 'mentor',
    predicates: ['mentor', 'mentored_by', 'coach'],
    values: ['Hiroshi', 'Beatriz', 'Olusegun', 'Ingeborg'],
    questions: ['Who is my mentor?', 'Who guides me in my career?', 'Who do I get advice from at work?'],
  },
  {
    name: 'instrument_teacher',
    predicates: ['piano_teacher', 'music_teacher', 'takes_lessons_from'],
    values: ['Mrs. Albescu', 'Mr. Petrov', 'Ms. Nakamura', 'Mr. Duarte'],
    questions: ['Who teaches me piano?', 'Who is my music teacher?', 'Who do I have lessons with?'],
  },
  {
    name: 'supermarket',
    predicates: ['shops_at', 'grocery_store', 'buys_groceries_at'],
    values: ['Tesco', 'Aldi', 'Whole Foods', 'Carrefour'],
    questions: ['Where do I buy groceries?', 'Which supermarket do I use?', 'Where do I do my weekly shop?'],
  },
  {
    name: 'podcast',
    predicates: ['favourite_podcast', 'listens_to_podcast', 'podcast'],
    values: ['Radiolab', 'The Daily', 'Serial', 'No Such Thing as a Fish'],
    questions: [
      'What podcast do I like?',
      'Which show do I listen to on my commute?',
      'What do I listen to in the car?',
    ],
  },
  {
    name: 'language_learning',
    predicates: ['learning_language', 'studies_language', 'is_learning'],
    values: ['Japanese', 'Italian', 'Arabic', 'Dutch'],
    questions: [
      'What language am I learning?',
      'Which language am I studying?',
      'What tongue am I trying to pick up?',
    ],
  },
  {
    name: 'home_type',
    predicates: ['lives_in_a', 'home_type', 'housing'],
    values: ['houseboat', 'bungalow', 'studio flat', 'farmhouse'],
    questions: [
      'What kind of home do I have?',
      'What sort of place do I live in?',
      'What type of house is mine?',
    ],
  },
  {
    name: 'shoe',
    predicates: ['shoe_size', 'wears_size'],
    values: ['44', '38', '41', '46'],
    questions: ['What is my shoe size?', 'What size shoes do I wear?', 'What size should I buy in trainers?'],
  },
  {
    name: 'birthday',
    predicates: ['birthday', 'born_on', 'date_of_birth'],
    values: ['March 3', 'July 19', 'November 8', 'January 27'],
    questions: ['When is my birthday?', 'When was I born?', 'What day should you wish me happy birthday?'],
  },
  {
    name: 'hometown',
    predicates: ['grew_up_in', 'hometown', 'raised_in'],
    values: ['Leeds', 'Porto', 'Gdansk', 'Adelaide'],
    questions: ['Where did I grow up?', 'Where am I originally from?', 'What town was I raised in?'],
  },
  {
    name: 'instrument',
    predicates: ['plays_instrument', 'instrument', 'plays'],
    values: ['cello', 'ukulele', 'trumpet', 'harp'],
    questions: [
      'What instrument do I play?',
      'What do I play in the orchestra?',
      'Which instrument am I practising?',
    ],
  },
  {
    name: 'dog',
    predicates: ['dog_name', 'has_dog', 'dog'],
    values: ['Biscuit', 'Luna', 'Rex', 'Pepper'],
    questions: ["What's my dog called?", 'What is the name of my pup?', 'Who do I walk every morning?'],
  },
  {
    name: 'allergy',
    predicates: ['allergic_to', 'allergy', 'intolerant_to'],
    values: ['peanuts', 'shellfish', 'penicillin', 'gluten'],
    questions: ['What am I allergic to?', 'What should I avoid eating?', 'What gives me a reaction?'],
  },
  {
    name: 'sport',
    predicates: ['plays_sport', 'sport', 'practises'],
    values: ['badminton', 'rugby', 'fencing', 'volleyball'],
    questions: [
      'What sport do I play?',
      'Which game do I compete in?',
      'What do I do for exercise on weekends?',
    ],
  },
  {
    name: 'boss',
    predicates: ['manager', 'boss', 'reports_to'],
    values: ['Karen Liu', 'Oliver Grant', 'Fatima Noor', 'Jens Berg'],
    questions: ['Who is my boss?', 'Who do I report to?', 'Who manages me at work?'],
  },
  {
    name: 'kids_school',
    predicates: ['kids_school', 'child_attends', 'children_school'],
    values: ['Oakwood Primary', "St. Mary's", 'Hillside Academy', 'Greenfield School'],
    questions: [
      'Which school do my kids go to?',
      'Where do my children study?',
      'Where do I drop the kids off in the morning?',
    ],
  },
  {
    name: 'insurer',
    predicates: ['insurer', 'insured_with', 'car_insurance'],
    values: ['Aviva', 'Geico', 'Allianz', 'Direct Line'],
    questions: ['Who insures my car?', 'Which insurance company am I with?', 'Who covers me if I crash?'],
  },
  {
    name: 'energy',
    predicates: ['energy_supplier', 'electricity_provider', 'gets_power_from'],
    values: ['Octopus Energy', 'EDF', 'E.ON', 'British Gas'],
    questions: [
      'Who supplies my electricity?',
      'Which energy company do I use?',
      'Who do I pay my power bill to?',
    ],
  },
  {
    name: 'author',
    predicates: ['favourite_author', 'loves_books_by', 'favorite_writer'],
    values: ['Toni Morrison', 'Haruki Murakami', 'Terry Pratchett', 'Zadie Smith'],
    questions: ['Who is my favourite author?', 'Whose books do I love?', 'Which writer do I read most?'],
  },
  {
    name: 'wine',
    predicates: ['favourite_wine', 'drinks_wine', 'preferred_wine'],
    values: ['Rioja', 'Malbec', 'Chablis', 'Prosecco'],
    questions: [
      'What wine do I like?',
      'What should I order to drink with dinner?',
      'Which bottle should you buy me?',
    ],
  },
  {
    name: 'race',
    predicates: ['training_for', 'running', 'preparing_for'],
    values: ['a marathon', 'a half marathon', 'a 10k', 'an ultramarathon'],
    questions: ['What race am I training for?', 'What am I running?', 'What event am I preparing for?'],
  },
  {
    name: 'nephew',
    predicates: ['nephew', 'has_nephew', 'sisters_son'],
    values: ['Leo', 'Arjun', 'Mateo', 'Finn'],
    questions: ['Who is my nephew?', "What's my sister's boy called?", 'Which relative is my nephew?'],
  },
  {
    name: 'star_sign',
    predicates: ['star_sign', 'zodiac_sign', 'horoscope_sign'],
    values: ['Scorpio', 'Pisces', 'Virgo', 'Aries'],
    questions: ["What's my star sign?", 'What is my zodiac?', 'Which sign was I born under?'],
  },
  {
    name: 'laptop',
    predicates: ['laptop', 'uses_computer', 'computer'],
    values: ['MacBook Air', 'ThinkPad X1', 'Dell XPS', 'Surface Laptop'],
    questions: ['What laptop do I have?', 'Which computer do I work on?', 'What machine do I code on?'],
  },
  {
    name: 'yoga',
    predicates: ['yoga_studio', 'does_yoga_at', 'practises_yoga_at'],
    values: ['Triyoga', 'Hot Pod', 'Lotus Flow', 'Yoga Works'],
    questions: ['Where do I do yoga?', 'Which studio do I go to?', 'Where do I practise my poses?'],
  },
  {
    name: 'newspaper',
    predicates: ['reads_newspaper', 'newspaper', 'subscribes_to_paper'],
    values: ['The Guardian', 'The Times', 'Le Monde', 'The New York Times'],
    questions: ['Which newspaper do I read?', 'What paper do I get?', 'Where do I get my news?'],
  },
];

/** How many slots each persona holds. */
const SLOTS_PER_PERSONA = 11;

/**
 * `count` personas with eleven of the slots each, every slot saved under one of its names (drawn
 * per persona) as the user's fact and asked in all three wordings (`held`: none is fitted on).
 */
export function unseenPersonas(count = 24, seed = 5656): OtherPersona[] {
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: OtherPersona[] = [];
  for (let p = 0; p < count; p++) {
    const id = `unseen${p + 1}`;
    const persona: OtherPersona = { id, triples: [], questions: [] };
    const slots = [...SLOTS].map((slot) => ({ slot, key: random() })).sort((a, b) => a.key - b.key);
    for (const { slot } of slots.slice(0, SLOTS_PER_PERSONA)) {
      const fact = { subject: 'I', predicate: pick(slot.predicates), object: pick(slot.values) };
      persona.triples.push(fact);
      for (const question of slot.questions)
        persona.questions.push({ persona: id, slot: slot.name, wording: 'held', question, answer: fact });
    }
    out.push(persona);
  }
  return out;
}
