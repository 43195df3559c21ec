import { namesCondition, namesDiet, namesKindInSenses, namesKindOf } from '../lexicon/kinds.js';
import { I_AM } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { clean, jobTriples, objects, triple } from './rule-words.js';

// When or how much one works, said between "work" and where ("I work nights at the Royal Infirmary").
const WORK_SCHEDULE =
  '(?:(?:nights|days|weekends|evenings|mornings|shifts|night\\s+shifts|part[-\\s]time|full[-\\s]time|from\\s+home)\\s+)';
// An injury's verb and what the body part then is ("I broke my wrist" → "broken wrist").
const INJURED: Readonly<Record<string, string>> = {
  broke: 'broken',
  fractured: 'fractured',
  sprained: 'sprained',
  twisted: 'twisted',
  injured: 'injured',
  hurt: 'hurt',
  tore: 'torn',
  pulled: 'pulled',
  dislocated: 'dislocated',
};
// WordNet's kinds of one who holds a faith or none, and of the signs of the zodiac.
const FAITH_KINDS = ['religious_person', 'nonreligious_person'];
const ZODIAC_KINDS = ['sign_of_the_zodiac'];
// A course of study one is on ("a master's", "a PhD", "a degree").
const COURSE =
  "(?:(?:an?|my)\\s+)?(?:[Mm]aster'?s|[Mm]asters|MSc|MA|MBA|Ph\\.?D|phd|[Dd]octorate|[Bb]achelor'?s|[Bb]achelors|degree|diploma|course)(?:\\s+degree)?";

/**
 * Everyday facts said in common ways the rest of the table does not read, tried first: work in
 * the progressive ("I've been working at Spotify", "I'm working as a nurse"), in a field or a
 * place (`works_in`), being based somewhere (`lives_in`), a team or car by its name ("I'm a huge
 * Arsenal fan", "I support Liverpool" → `likes`; "I drive a Tesla" → `owns`), an intolerance or a
 * "-free" diet, work said with when one works ("I work nights at …", "I work part-time for …"), starting at a named
 * employer, selling what one owned, what one goes and does ("I go climbing"), a health condition one has (a disease or
 * disorder as WordNet knows it: "I have type 1 diabetes", "I was diagnosed with asthma"), an
 * injury to a body part ("I broke my wrist" → `has_condition broken wrist`), and a course of
 * study ("I'm doing a master's in data science at TU Delft" → `studies`, `studies_at`).
 */
export const EVERYDAY_RULES: Rule[] = [
  {
    // "I've been working at Spotify for three years", "I'm working as a nurse".
    pattern: new RegExp(
      `^(?:[Ii](?:'ve|\\s+have)\\s+been|${I_AM})\\s+working\\s+(?:(at|for)\\s+(.+?)(?:\\s+as\\s+(?:an?\\s+)?(.+))?|as\\s+(?:an?\\s+)?(.+?)(?:\\s+(?:at|for)\\s+(.+))?)$`,
      'u',
    ),
    build: (m) => {
      const [said, role] = m[1] ? [m[2], m[3]] : [m[5], m[4]];
      // "I've been working at home": at home is where, not for whom.
      const employer = said && !/^home\b/i.test(said) ? said : undefined;
      return jobTriples(employer, role);
    },
  },
  {
    // "I work in marketing" (a field), "I work in London" (a place): where one's work is.
    // "I work in marketing at Spotify": the field, and the employer named after it.
    pattern: /^[Ii]\s+work\s+in\s+(.+?)(?:\s+(?:at|for)\s+(\p{Lu}.*))?$/u,
    build: (m) => [triple('user', 'works_in', clean(m[1]), 'person', ''), ...jobTriples(m[2], undefined)],
  },
  {
    pattern: new RegExp(
      `^(?:${I_AM}\\s+(?:now\\s+)?based\\s+(?:in|out\\s+of)|[Ii](?:'ve|\\s+have)\\s+(?:now\\s+|finally\\s+)?settled\\s+(?:down\\s+)?in)\\s+(.+)$`,
      'u',
    ),
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    // A team or a car by its name: "I'm a huge Arsenal fan", "I support Liverpool" (likes);
    // "I drive a Tesla", "I drive a blue Honda Civic" (owns, with the words said of it; "I drive a
    // bus" is a job, and not read).
    nameFirst: true,
    pattern:
      /^I(?:'m|\s+am)\s+(?:an?\s+)?(?:(?:big|huge|massive|lifelong|die-hard)\s+)?(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})\s+(?:fan|supporter)$|^I\s+support\s+(\p{Lu}.*)$|^I\s+drive\s+(?:an?\s+)?((?:\d{4}\s+)?(?:\p{Ll}+\s+){0,2}\p{Lu}.*)$/u,
    build: (m) =>
      m[3]
        ? [triple('user', 'owns', clean(m[3]), 'person', '')]
        : [triple('user', 'likes', clean(m[1] ?? m[2]), 'person', '')],
  },
  {
    // "Nothing beats a plate of pancakes (for me)", "Nothing beats jazz": what one likes best.
    pattern:
      /^nothing\s+(?:beats|compares\s+to)\s+(?:a\s+(?:good\s+)?(?:plate|bowl|cup|glass|slice|piece)\s+of\s+)?(.+?)(?:\s+for\s+me)?$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'likes', o, 'person', '')),
  },
  {
    // "I eat halal", "I keep kosher", "I went vegan", "I eat gluten-free": a diet, not a dish.
    pattern: /^i\s+(?:eat|keep|went|go|follow)\s+(\p{Ll}[\p{Ll}-]*)$/u,
    build: (m) => {
      const word = m[1] ?? '';
      return namesDiet(word) || /\p{Ll}-free$/u.test(word)
        ? [triple('user', 'diet', word, 'person', 'diet')]
        : [];
    },
  },
  {
    // "I'm lactose intolerant", "I'm gluten-free": what one cannot or does not eat.
    pattern: new RegExp(`^${I_AM}\\s+(\\p{Ll}+)(?:\\s+|-)(intolerant|free)$`, 'u'),
    build: (m) =>
      m[2] === 'intolerant'
        ? [triple('user', 'is_intolerant_to', m[1] ?? '', 'person', '')]
        : [triple('user', 'diet', `${m[1]}-free`, 'person', 'diet')],
  },
  {
    pattern: new RegExp(
      `^[Ii]\\s+work\\s+${WORK_SCHEDULE}(?:at|for)\\s+(.+?)(?:\\s+as\\s+(?:an?\\s+)?(.+))?$`,
      'u',
    ),
    build: (m) => jobTriples(m[1], m[2]),
  },
  {
    // "I started at Google in May": a named employer (not "I started at the bottom").
    nameFirst: true,
    pattern: /^I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?started\s+(?:at|with)\s+(\p{Lu}.*)$/u,
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // Selling what one had closes owning it ("I sold my car", "Sold the Civic").
    pattern: /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?sold\s+(?:my|the|our)\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'not_owns', o, 'person', '')),
  },
  {
    // "go" with an "-ing" word is an activity ("I go climbing at the gym", "We go sailing").
    pattern: /^[Ii]\s+(?:usually\s+|often\s+|sometimes\s+|regularly\s+)?go\s+(\p{Ll}+ing)\b/u,
    build: (m) => (m[1] === 'going' ? [] : [triple('user', 'does', m[1] ?? '', 'person', '')]),
  },
  {
    pattern: new RegExp(
      `^(?:[Ii](?:\\s+have|'ve\\s+got|\\s+have\\s+got|\\s+suffer\\s+from|(?:'ve|\\s+have|\\s+was|'m|\\s+am)\\s+(?:been\\s+)?diagnosed\\s+with)|${I_AM}\\s+(?:living|dealing)\\s+with)\\s+(?:an?\\s+|some\\s+)?(.+)$`,
      'u',
    ),
    build: (m) =>
      objects(m[1])
        .filter(namesCondition)
        .map((o) => triple('user', 'has_condition', o, 'person', '')),
  },
  {
    pattern: new RegExp(
      `^[Ii]\\s+(?:just\\s+)?(${Object.keys(INJURED).join('|')})\\s+my\\s+(\\p{Ll}+)\\b`,
      'u',
    ),
    build: (m) => {
      const part = m[2] ?? '';
      if (!namesKindOf(part, 'body_part')) return [];
      return [triple('user', 'has_condition', `${INJURED[m[1] ?? ''] ?? ''} ${part}`, 'person', '')];
    },
  },
  {
    // "I'm a Buddhist", "I'm an atheist", "I'm a Scorpio": a faith (or none) or a star sign said as
    // being one: a faith by the noun's two usual senses ("I'm a Smith" is none), a sign by any of its senses.
    pattern: new RegExp(`^${I_AM}\\s+an?\\s+(\\p{L}+)$`, 'u'),
    build: (m) => {
      const said = m[1] ?? '';
      if (namesKindInSenses(said, 2, FAITH_KINDS)) return [triple('user', 'religion', said, 'person', '')];
      if (/^\p{Lu}/u.test(said) && namesKindInSenses(said, Number.POSITIVE_INFINITY, ZODIAC_KINDS))
        return [triple('user', 'star_sign', said, 'person', '')];
      return [];
    },
  },
  {
    // "I'm doing a master's in data science at TU Delft", "I'm studying law at King's College",
    // "I study law at UCL", "I study at UCL" (a subject learnt on one's own is `is_learning`).
    pattern: new RegExp(
      `^${I_AM}\\s+(?:now\\s+)?(?:doing|taking|studying\\s+for|working\\s+on)\\s+${COURSE}\\s+in\\s+(.+?)(?:\\s+at\\s+(\\p{Lu}.*))?$|^(?:${I_AM}\\s+(?:now\\s+)?studying|[Ii]\\s+study)\\s+(?:(\\p{Ll}.*?)\\s+)?at\\s+(\\p{Lu}.*)$`,
      'u',
    ),
    build: (m) => {
      const subject = clean(m[1] ?? m[3]);
      const school = m[2] ?? m[4];
      return [
        ...(subject ? [triple('user', 'studies', subject, 'person', '')] : []),
        ...(school ? [triple('user', 'studies_at', clean(school), 'person', 'organization')] : []),
      ];
    },
  },
];
