import { namesCondition, namesKindInSenses, nounAtLeastAsOftenAs } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { HABIT_ADVERB, I_AM, PERSON_RELATIONS, PRONOUNS, RELATION_MODIFIERS } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { lowerCommonNoun } from './rule-table-said.js';
import { clean, gerund, objects, triple } from './rule-words.js';

// Whom one may listen to, said by a pronoun.
const PRONOUNS_SAID: ReadonlySet<string> = new Set([
  'me',
  'you',
  'him',
  'her',
  'it',
  'us',
  'them',
  'everything',
  'anything',
  'something',
  'nothing',
]);
// Where one commutes to.
const COMMUTE_TO = '(?:work|the\\s+office|school|uni|university|college)';
// The verbs that say how one travels under one's own steam or at the wheel.
const TRAVEL_VERBS = 'walk|cycle|bike|drive|jog|run|skate|scooter';

/**
 * A day's routine and what one is working towards, as people say them: how one gets to work
 * ("I take the train to work" → `commutes_by train`), the hours one keeps ("I wake up at 6" →
 * `wakes_up_at 6`), what one is saving, training or studying for, a trip wished for or planned,
 * what one is reading or watching now, a skill learnt said by its verb ("I'm learning to code" →
 * `is_learning coding`), the doctor one sees, what one wears, a fear, a height, what one's body
 * reacts to ("Peanuts give me hives" → `gets_hives_from peanuts`), what one is recovering from,
 * what one teaches, a choir one sings in and the business one runs. Each keeps the words the user
 * said as its relation.
 */
export const LIFE_RULES: Rule[] = [
  {
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}(?:commute|get\\s+to\\s+work|go\\s+to\\s+work|travel\\s+to\\s+work)\\s+by\\s+(\\p{Ll}+|\\p{Lu}[\\p{L}-]*)$|^i\\s+${HABIT_ADVERB}(?:take|catch|ride)\\s+(?:the|a)\\s+(\\p{Ll}+)\\s+to\\s+${COMMUTE_TO}$|^i\\s+${HABIT_ADVERB}ride\\s+my\\s+(\\p{Ll}+)\\s+to\\s+${COMMUTE_TO}$`,
      'u',
    ),
    // Only a way of getting about ("by bus", "the tram"; not "I take the long way to work").
    build: (m) => {
      const means = m[1] ?? m[2] ?? m[3] ?? '';
      // A name is a service one rides with ("by Uber"), whatever WordNet knows of it.
      return /^\p{Lu}/u.test(means) || namesKindInSenses(means, Number.POSITIVE_INFINITY, CONVEYANCES)
        ? [triple('user', 'commutes_by', means, 'person', '')]
        : [];
    },
  },
  {
    // "I work from home", "I'm working from home these days", "I work at home": where one works
    // (not "I'm working at home today", one day's).
    pattern: new RegExp(`^(?:i\\s+work\\s+(?:from|at)|${I_AM}\\s+working\\s+from)\\s+home$`, 'u'),
    build: () => [triple('user', 'works_from', 'home', 'person', '')],
  },
  {
    // "I'm recovering from knee surgery", "I'm getting over the flu": what one is healing from.
    pattern: new RegExp(
      `^${I_AM}\\s+(?:recovering|recuperating)\\s+from\\s+(?:(?:a|an|the|my)\\s+)?(.+)$|^${I_AM}\\s+getting\\s+over\\s+(?:(?:a|an|the|my)\\s+)?(.+)$`,
      'u',
    ),
    build: (m) => objects(m[1] ?? m[2]).map((o) => triple('user', 'recovering_from', o, 'person', '')),
  },
  {
    // "I sing in a choir", "I sing in a band": a musical group one sings in.
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}sing\\s+in\\s+(?:a|the|our|my)\\s+((?:\\p{Ll}+\\s+)?(\\p{Ll}+))$`,
      'u',
    ),
    build: (m) =>
      namesKindInSenses(m[2] ?? '', Number.POSITIVE_INFINITY, ['musical_organization'])
        ? [triple('user', 'sings_in', m[1] ?? '', 'person', '')]
        : [],
  },
  {
    // "I cycle to work", "I walk to the office": the way of getting there is the verb.
    pattern: new RegExp(`^i\\s+${HABIT_ADVERB}(${TRAVEL_VERBS})\\s+to\\s+${COMMUTE_TO}$`, 'u'),
    build: (m) => [triple('user', 'commutes_by', gerund(m[1] ?? ''), 'person', '')],
  },
  {
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}(wake\\s+up|get\\s+up|go\\s+to\\s+bed|go\\s+to\\s+sleep|start\\s+work|finish\\s+work|leave\\s+work|have\\s+lunch|have\\s+dinner|eat\\s+dinner)\\s+(?:at|around|by|about|before|after)\\s+(?:about\\s+|around\\s+)?(\\d{1,2}(?:[:.]\\d{2})?(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?|noon|midnight)$`,
      'u',
    ),
    build: (m) => [triple('user', `${thirdPerson(m[1] ?? '')}_at`, m[2] ?? '', 'person', '')],
  },
  {
    // "I live with my parents", "I live with my girlfriend": whom one lives with, by the words
    // said, the one "my girlfriend …" is later said of (a name is read by the verb-name rule).
    pattern: new RegExp(
      `^i\\s+live\\s+with\\s+my\\s+((?:${RELATION_MODIFIERS})\\s+)?(${PERSON_RELATIONS}|parents|kids|children|family|roommates|flatmates)$`,
      'u',
    ),
    build: (m) => [triple('user', 'lives_with', `${m[1] ?? ''}${m[2] ?? ''}`, 'person', 'person')],
  },
  {
    // "I listen to jazz", "I listen to a lot of podcasts": what one listens to as a habit, a thing
    // (a noun more than a verb, or no verb's base form: "podcasts"); not why ("to relax"), nor
    // whom one listens to ("to her", "to my body").
    pattern:
      /^i\s+(?:mostly\s+|mainly\s+|often\s+)?listen\s+to\s+(?:a\s+lot\s+of\s+|lots\s+of\s+|the\s+)?(\p{Ll}[\p{L}-]*(?:\s+(?:and|or)\s+\p{Ll}[\p{L}-]*)?)$/u,
    build: (m) =>
      objects(m[1])
        .filter((o) => !PRONOUNS_SAID.has(o) && (nounAtLeastAsOftenAs(o, 'verb') || !isBaseVerb(o)))
        .map((o) => triple('user', 'listens_to', o, 'person', '')),
  },
  {
    // "I go to school at Oakwood", "I go to university in Leeds": where one studies, not a place
    // named "school at Oakwood" (by its name: `studies_at`; by its town: `studies_in`).
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}go\\s+to\\s+(?:school|uni|university|college|high\\s+school|grad\\s+school)\\s+(at|in)\\s+(\\p{Lu}.*)$`,
      'u',
    ),
    build: (m) => [triple('user', `studies_${m[1] ?? 'at'}`, clean(m[2]), 'person', 'organization')],
  },
  {
    // "I study law", "I learn Japanese": a subject, as "I'm studying law" is (`is_learning`); not
    // how or when one studies ("I study hard", "I study every night"), nor where (its own rule).
    pattern:
      /^i\s+(?:study|learn)\s+(?!(?:at|in|for|with|about|on|to|every|each|a\s+lot|late|online)\b)(.+?)$/u,
    build: (m) =>
      /\s+at\s+\p{Lu}/u.test(m[1] ?? '')
        ? []
        : objects(m[1])
            .filter((o) => /^\p{Lu}/u.test(o) || nounAtLeastAsOftenAs(o.split(/\s+/)[0] ?? '', 'adj'))
            .map((o) => triple('user', 'is_learning', o, 'person', '')),
  },
  {
    // "I go to the gym", "I go to church on Sundays": a place one goes to as a habit (a time said
    // after it is read off first); not bed, sleep or work (their own rules), nor a verb ("go to see").
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}go\\s+to\\s+(?!(?:bed|sleep|work)\\b)(?:the\\s+|a\\s+)?([\\p{L}'-]+(?:\\s+[\\p{L}'-]+){0,2}?)(?:\\s+in\\s+\\p{Lu}.*)?$`,
      'u',
    ),
    build: (m) => {
      const place = m[1] ?? '';
      const first = place.split(/\s+/)[0]?.toLowerCase() ?? '';
      return /^\p{Lu}/u.test(place) || nounAtLeastAsOftenAs(first, 'verb')
        ? [triple('user', 'goes_to', clean(place), 'person', '')]
        : [];
    },
  },
  {
    // "I'm saving up for a house", "I'm training for a marathon", "I'm studying for a law degree".
    pattern: new RegExp(
      `^${I_AM}\\s+(saving|training|studying|preparing|revising)\\s+(?:up\\s+)?for\\s+(?:(?:a|an|the|my|our)\\s+)?(.+)$`,
      'u',
    ),
    build: (m) => objects(m[2]).map((o) => triple('user', `${m[1]}_for`, o, 'person', '')),
  },
  {
    // "I'm saving to buy a boat": what one saves for, said by buying it.
    pattern: new RegExp(
      `^${I_AM}\\s+saving\\s+(?:up\\s+)?to\\s+buy\\s+(?:(?:a|an|the|my|our)\\s+)?(.+)$`,
      'u',
    ),
    build: (m) => objects(m[1]).map((o) => triple('user', 'saving_for', o, 'person', '')),
  },
  {
    // "I'm training to be a nurse", "I'm studying to become a vet": a role worked towards.
    pattern: new RegExp(`^${I_AM}\\s+(training|studying)\\s+to\\s+(?:be|become)\\s+(?:a|an)\\s+(.+)$`, 'u'),
    build: (m) => objects(m[2]).map((o) => triple('user', `${m[1]}_to_be`, o, 'person', '')),
  },
  {
    // "I want to visit Japan", "I hope to travel to Peru": a place one wishes to go.
    nameFirst: true,
    pattern:
      /^(?:I|i)(?:\s+(?:want|hope|plan|intend)|'m\s+(?:hoping|planning)|\s+am\s+(?:hoping|planning))\s+to\s+(?:visit|see|go\s+to|travel\s+to)\s+(\p{Lu}.*)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'wants_to_visit', o, 'person', 'place')),
  },
  {
    // "I'm planning a trip to Peru", "We're planning our honeymoon in Bali".
    nameFirst: true,
    pattern:
      /^(?:I|i)(?:'m|\s+am)\s+planning\s+(?:a|an|my|our)\s+(?:\p{Ll}+\s+)?(?:trip|holiday|vacation|honeymoon|visit)\s+(?:to|in)\s+(\p{Lu}.*)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'plans_trip_to', o, 'person', 'place')),
  },
  {
    // "I'm reading Dune", "I'm watching Severance": a title one is in the middle of.
    nameFirst: true,
    pattern:
      /^(?:I|i)(?:'m|\s+am)\s+(reading|re-reading|rereading|watching|listening\s+to|playing)\s+(\p{Lu}.*)$/u,
    build: (m) =>
      objects(m[2]).map((o) =>
        triple(
          'user',
          `is_${(m[1] ?? '').replace(/^re-?(?=reading)/, '').replace(/\s+/g, '_')}`,
          o,
          'person',
          '',
        ),
      ),
  },
  {
    // "I'm learning to code", "I've started learning how to sail": the skill as its doing.
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|recently\\s+)?(?:started|begun|began|been))\\s+learning\\s+(?:how\\s+)?to\\s+(\\p{Ll}+)$`,
      'u',
    ),
    build: (m) => [triple('user', 'is_learning', gerund(m[1] ?? ''), 'person', '')],
  },
  {
    // "I majored in economics", "I minored in French": what one studied, as said.
    pattern: /^i\s+(majored|minored)\s+in\s+(.+)$/u,
    build: (m) => objects(m[2]).map((o) => triple('user', `${m[1]}_in`, o, 'person', '')),
  },
  {
    // "I see Dr. Osei for check-ups": the doctor one goes to, whatever for.
    nameFirst: true,
    pattern:
      /^(?:I|i)\s+(?:usually\s+|regularly\s+|always\s+)?(?:see|visit|go\s+to)\s+((?:Dr\.?|Doctor)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)(?:\s+(?:for|about|every|once|twice|at)\b.*)?$/u,
    build: (m) => [triple('user', 'doctor', clean(m[1]), 'person', 'person')],
  },
  {
    // "I wear glasses", "I always wear a hat": not a pronoun ("I wear it").
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}wear\\s+(?!(?:it|them|this|that|what|whatever|anything|nothing|something)\\b)(.+?)(?:\\s+to\\s+(?:work|school|the\\s+office))?$`,
      'u',
    ),
    build: (m) => objects(m[1]).map((o) => triple('user', 'wears', o, 'person', '')),
  },
  {
    // "I have a fear of heights", "I've got a phobia of needles": what one is afraid of.
    pattern:
      /^i(?:\s+have|'ve\s+got|\s+have\s+got)\s+(?:a|an)\s+(?:\p{Ll}+\s+)?(?:fear|phobia)\s+of\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'is_afraid_of', o, 'person', '')),
  },
  {
    // "I'm 1.80 m tall", "I'm 5'10" tall": a height, said with a number.
    pattern: new RegExp(
      `^${I_AM}\\s+(\\d[\\d.,'"\\s]*(?:\\s*(?:m|cm|metres|meters|ft|feet|foot|in|inches)\\b[\\d\\s]*)*)\\s*tall$`,
      'u',
    ),
    build: (m) => [triple('user', 'height', clean(m[1]), 'person', 'number')],
  },
  {
    // "I'm 5 foot 9", "I'm 1.75 m": a height said by its unit, without "tall".
    pattern: new RegExp(
      `^${I_AM}\\s+(\\d[\\d.,]*\\s*(?:m|cm|metres|meters|ft|feet|foot)\\b(?:\\s*\\d+(?:\\s*(?:in|inches)\\b)?)?)$`,
      'u',
    ),
    build: (m) => [triple('user', 'height', clean(m[1]), 'person', 'number')],
  },
  {
    // "I weigh 70 kg", "I weigh about 11 stone 4": a weight, said with its unit.
    pattern:
      /^i\s+weigh\s+(?:about\s+|around\s+|roughly\s+)?(\d[\d.,]*\s*(?:kg|kgs|kilos?|kilograms?|lbs?|pounds?|stone)\b(?:\s*\d+(?:\s*(?:lbs?|pounds?)\b)?)?)$/u,
    build: (m) => [triple('user', 'weight', clean(m[1]), 'person', 'number')],
  },
  {
    // "I react badly to penicillin": what one's body does not take well.
    pattern: /^i\s+(?:react|reacted)\s+(badly|poorly|strongly)\s+to\s+(.+)$/u,
    build: (m) => objects(m[2]).map((o) => triple('user', `reacts_${m[1]}_to`, o, 'person', '')),
  },
  {
    // "Peanuts give me hives", "Red wine gives me migraines": a symptom and what brings it on.
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:${PRONOUNS})\\b)(.+?)\\s+(?:gives?|gave)\\s+me\\s+(?:an?\\s+|bad\\s+|terrible\\s+)?(\\p{Ll}+(?:\\s+\\p{Ll}+)?)$`,
      'u',
    ),
    build: (m) => {
      const symptom = m[2] ?? '';
      if (!namesSymptom(symptom)) return [];
      const predicate = `gets_${symptom.replace(/\s+/g, '_')}_from`;
      return objects(m[1]).map((o) => triple('user', predicate, lowerCommonNoun(o), 'person', ''));
    },
  },
  {
    // "I teach maths at a high school", "I teach English at Lincoln High": the subject, and the
    // school when it is named.
    nameFirst: true,
    pattern:
      /^(?:I|i)\s+teach\s+(?!(?:at|in|for|part-time|full-time)\b)(.+?)(?:\s+(?:at|in)\s+(?:(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*)*)|\p{Ll}.*))?$/u,
    build: (m) => [
      ...objects(m[1]).map((o) => triple('user', 'teaches', o, 'person', '')),
      ...(m[2] ? [triple('user', 'works_at', clean(m[2]), 'person', 'organization')] : []),
    ],
  },
  {
    // "I teach at Lincoln High": the school one works at.
    nameFirst: true,
    pattern: /^(?:I|i)\s+teach\s+at\s+(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*)*)$/u,
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // "I run a small bakery in Lyon", "I manage a shop": a business, not a race ("I run a 10k").
    pattern:
      /^i\s+(?:own\s+and\s+run|run|manage)\s+(?:a|an|my|our|the)\s+(?:(?:small|little|tiny|local|family|busy)\s+)?([\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)(?:\s+in\s+.+)?$/u,
    build: (m) => {
      const business = m[1] ?? '';
      const head = business.split(/\s+/).at(-1) ?? '';
      return namesKindInSenses(head, Number.POSITIVE_INFINITY, BUSINESSES)
        ? [triple('user', 'runs', business, 'person', '')]
        : [];
    },
  },
];

// WordNet concepts above a way of getting about ("bus", "bike", "subway").
const CONVEYANCES = ['conveyance', 'vehicle', 'public_transport', 'transport', 'railway', 'railroad'];

// WordNet concepts above a business one runs ("bakery", "café", "clinic", "gym").
const BUSINESSES = [
  'workplace',
  'business',
  'establishment',
  'organization',
  'shop',
  'company',
  'enterprise',
  'restaurant',
  'facility',
];

/** Whether WordNet reads a phrase as a symptom or an illness ("hives", "migraines", "a rash"). */
function namesSymptom(phrase: string): boolean {
  const head = phrase.split(/\s+/).at(-1) ?? '';
  return namesCondition(phrase) || namesKindInSenses(head, Number.POSITIVE_INFINITY, SYMPTOMS);
}

const SYMPTOMS = ['symptom', 'pain', 'ache', 'ill_health', 'pathological_state'];

/** A verb phrase as said of the user in relations ("wake up" → "wakes_up", "go to bed" → "goes_to_bed"). */
function thirdPerson(phrase: string): string {
  const [verb = '', ...rest] = phrase.split(/\s+/);
  const said = verb === 'have' ? 'has' : verb === 'go' ? 'goes' : `${verb}s`;
  return [said, ...rest].join('_');
}

/** Whether a word is a verb's base form, as "to" takes one for a purpose ("I listen to relax"); "podcasts" is none. */
function isBaseVerb(word: string): boolean {
  return sharedWordNet().lemmas(word, 'verb').includes(word);
}
