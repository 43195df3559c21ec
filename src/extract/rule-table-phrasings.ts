import {
  conditionOf,
  isPastime,
  isQuantity,
  namesCondition,
  namesKindOf,
  namesMedicine,
  relationalAdjectiveKind,
} from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import type { ExtractedTriple } from './base.js';
import { EMAIL, GROUP_WORDS, I_AM, MODIFIED, NOT_A_NAME, PET_RELATIONS, RELATIONS } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { clean, isPlace, jobTriples, objects, relation, relationType, triple } from './rule-words.js';

// A name of one or two capitalised words ("Ines", "Mary Ann").
const PERSON_NAME = "\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?";
// Kinds of pet WordNet knows a breed or a word as (a beagle is a dog, a tabby a cat).
const PET_CONCEPTS = ['dog', 'cat'] as const;

// Degrees one studies for or holds ("a master's", "my PhD").
const DEGREES =
  "phd|ph\\.d\\.?|doctorate|master's|masters|master|bachelor's|bachelors|bachelor|mba|msc|bsc|ba|ma|degree|diploma";
// Titles said with "of" or "at" an organisation ("the CTO of Acme", "head of sales at Canva").
const TITLES =
  'CEO|CTO|CFO|COO|CIO|VP|head|director|manager|lead|president|vice president|chair|professor|lecturer|dean|principal|editor|partner';
// A word that opens or joins a phrase rather than naming a thing.
const FUNCTION_WORD = /\b(?:my|your|his|her|our|their|the|a|an|it|them|with|of|to|for|on|at|in)\b/i;

/** A phrase as said mid-sentence: a capital that only opened the sentence goes ("Gardening" → "gardening"). */
function lowerOpeningCapital(phrase: string): string {
  const [first = '', ...rest] = phrase.split(/\s+/);
  return /^\p{Lu}\p{Ll}+$/u.test(first) && sharedWordNet().lemmas(first.toLowerCase(), 'noun').length > 0
    ? [first.toLowerCase(), ...rest].join(' ')
    : phrase;
}

/** Whether WordNet knows a phrase's last word as a noun ("biology"; not "hard"). */
function namesNoun(phrase: string): boolean {
  const last = phrase.toLowerCase().split(/\s+/).at(-1) ?? '';
  return sharedWordNet().lemmas(last, 'noun').length > 0;
}

/**
 * A phrase without the describing words it opens with ("strict keto" → "keto"; "healthy" → ""):
 * words WordNet knows only as adjectives, and not as relational ones ("Mediterranean" stays).
 */
function withoutDescribingWords(phrase: string): string {
  const wordnet = sharedWordNet();
  const words = phrase.trim().split(/\s+/);
  const describes = (word: string) =>
    wordnet.lemmas(word.toLowerCase(), 'adj').length > 0 &&
    wordnet.lemmas(word.toLowerCase(), 'noun').length === 0 &&
    relationalAdjectiveKind(word) === undefined;
  while (words.length > 0 && describes(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/**
 * Everyday facts in common phrasings the rest of the table does not read, each as general as its
 * grammar: a relation said name first ("Ines is my sister", "Tom is my older brother"), a pet
 * named by its breed ("I've got a beagle called Rufus": a dog, as WordNet knows the breed),
 * lessons ("I'm taking piano lessons" → `is_learning`), an instrument or sport picked up,
 * being crazy about or obsessed with something (`likes`), one's home said as a place ("My flat is
 * in Rotterdam", "Home is Bergen now" → `lives_in`, only when WordNet or a capital says it is
 * a place), a pet's name after its breed ("My dog is a golden retriever named Max"), a language
 * one is fluent or native in (`speaks`), what one collects (`collects`), a move from one place to another (`lived_in`, `lives_in`), a new role as something,
 * past study with where ("I studied biology at Edinburgh" → `studied`, `studied_at`),
 * volunteering (`volunteers_at`), a time zone (`timezone`), a company one founded (`founded`),
 * whom one reports to (`reports_to`), earning a living as something (`works_as`), an address to
 * write to ("Drop me a line at …" → `email`), a new job said as news ("New job: data analyst at
 * Spotify"), being fond of or keen on something (`likes`), a least favourite (`dislikes`), a
 * condition said by its adjective ("I'm diabetic" → `has_condition diabetes`), a medicine
 * one takes (`takes`), a home called so or a place lived near (`lives_near`), where one grew up said with more
 * ("on a farm in Iowa"), hobbies said as such (`does`), a club one is a member of (`member_of`), a title at an organisation ("I'm the CTO of Acme"), freelancing or interning for
 * one, losing a job ("I got laid off from Meta" → `not_works_at`), dating someone and breaking up (`is_dating`, `not_is_dating`), a degree with its subject and school ("I did my PhD at Cambridge"), a car or device
 * by its make ("My car is a Toyota Corolla" → `owns`), what one is afraid of (`is_afraid_of`), and a diet
 * followed ("I'm on a keto diet" → `diet`).
 */
export const PHRASING_RULES: Rule[] = [
  {
    nameFirst: true,
    pattern: new RegExp(`^(${PERSON_NAME})\\s+is\\s+my\\s+${MODIFIED}(${RELATIONS})$`, 'u'),
    build: (m) => {
      const name = clean(m[1]);
      if (name.split(/\s+/).some((word) => NOT_A_NAME.test(word))) return [];
      return [triple('user', relation(m[2]), name, 'person', relationType(m[2]))];
    },
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|recently\\s+)?(?:got|have|adopted|rescued|bought)\\s+(?:a|an)\\s+(?:new\\s+|little\\s+|young\\s+)?(\\p{Ll}+(?:\\s+\\p{Ll}+)?)\\s+(?:named|called)\\s+(${PERSON_NAME})`,
      'u',
    ),
    build: (m) => {
      // A breed of two words is one noun to WordNet ("golden retriever").
      const breed = (m[1] ?? '').replace(/\s+/g, '_');
      // Else its last word says the kind ("a rescue dog", "a barn cat").
      const last = (m[1] ?? '').split(/\s+/).at(-1) ?? '';
      const kindOf = (word: string) => PET_CONCEPTS.find((concept) => namesKindOf(word, concept));
      const kind = kindOf(breed) ?? kindOf(last);
      return kind ? [triple('user', kind, clean(m[2]), 'person', 'animal')] : [];
    },
  },
  {
    pattern: new RegExp(
      `^(?:${I_AM}\\s+taking|[Ii]\\s+take|[Ii](?:'ve|\\s+have)\\s+been\\s+taking)\\s+(?:some\\s+)?(.+?)\\s+(?:lessons|classes)$`,
      'u',
    ),
    // What the lessons are in is a bare noun phrase ("piano", "salsa"), never "my time with".
    build: (m) =>
      objects(m[1])
        .filter((o) => !isQuantity(o) && !FUNCTION_WORD.test(o))
        .map((o) => triple('user', 'is_learning', o, 'person', '')),
  },
  {
    // "I picked up the ukulele": only an instrument or a sport ("I picked up my sister" is neither).
    pattern: /^[Ii]\s+picked\s+up\s+(?:the\s+)?(.+)$/u,
    build: (m) =>
      objects(m[1])
        .filter((o) => isPastime(o) || namesKindOf(o.split(/\s+/).at(-1) ?? '', 'musical_instrument'))
        .map((o) => triple('user', 'plays', o, 'person', '')),
  },
  {
    pattern: new RegExp(
      `^${I_AM}\\s+(?:(?:really|totally|absolutely|just)\\s+)?(?:(?:crazy|mad|nuts|wild)\\s+about|obsessed\\s+with)\\s+(.+)$`,
      'u',
    ),
    build: (m) => objects(m[1]).map((o) => triple('user', 'likes', o, 'person', '')),
  },
  {
    pattern: /^(?:home(?:\s+for\s+me)?|my\s+(?:home|flat|apartment|house))\s+is\s+(?:in\s+)?(.+)$/u,
    build: (m) => {
      const place = clean(m[1]);
      return isPlace(place) ? [triple('user', 'lives_in', place, 'person', 'place')] : [];
    },
  },
  {
    // "My dog is a golden retriever named Max": the pet's name, whatever its breed.
    nameFirst: true,
    pattern: new RegExp(
      `^[Mm]y\\s+(${PET_RELATIONS})\\s+is\\s+an?\\s+.+?\\s+(?:named|called)\\s+(${PERSON_NAME})$`,
      'u',
    ),
    build: (m) => [triple('user', relation(m[1]), clean(m[2]), 'person', 'animal')],
  },
  {
    // "I'm fluent in German", "I'm a native Spanish speaker", "My native language is Polish".
    pattern: new RegExp(
      `^${I_AM}\\s+(?:fluent|conversational|native)\\s+in\\s+(\\p{Lu}.*)$|^${I_AM}\\s+an?\\s+(?:native|fluent)\\s+(\\p{Lu}\\p{L}+)\\s+speaker$|^my\\s+(?:native|first|mother)\\s+(?:language|tongue)\\s+is\\s+(\\p{Lu}.*)$`,
      'u',
    ),
    build: (m) =>
      objects(m[1] ?? m[2] ?? m[3])
        .filter((o) => /^\p{Lu}/u.test(o))
        .map((o) => triple('user', 'speaks', o, 'person', 'language')),
  },
  {
    pattern: /^[Ii]\s+collect\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'collects', o, 'person', '')),
  },
  {
    // "I moved from Oslo to Bergen", "I moved to Bergen from Oslo", "I moved here from Oslo":
    // where one lives now (when named), and where one lived.
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:from\s+(.+?)\s+to\s+(.+)|to\s+(.+?)\s+from\s+(.+)|(?:here|over)\s+from\s+(.+))$/u,
    // Each only if it is a place ("from one flat to another" names none).
    build: (m) =>
      [
        ['lived_in', clean(m[1] ?? m[4] ?? m[5])],
        ['lives_in', clean(m[2] ?? m[3] ?? '')],
      ]
        .filter(
          ([, place]) => isPlace(place ?? '') && !/^(?:one|another|my|our|the other)\b/i.test(place ?? ''),
        )
        .map(([predicate, place]) => triple('user', predicate ?? '', place ?? '', 'person', 'place')),
  },
  {
    // "I've started a new role as a product manager (at Canva)".
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:started|got|taken|took|accepted|landed)\s+(?:a\s+)?(?:new\s+)?(?:role|job|position)\s+as\s+(?:an?\s+)?(.+?)(?:\s+(?:at|with)\s+(\p{Lu}.*))?$/u,
    build: (m) => jobTriples(m[2], m[1]),
  },
  {
    // "I studied biology at Edinburgh": what, and where (the place is not part of the subject).
    pattern: /^[Ii]\s+studied\s+(?:(\p{Ll}.*?)\s+)?at\s+(\p{Lu}.*)$/u,
    build: (m) => [
      // What was studied is a noun ("studied hard at Oxford" says how, not what).
      ...(m[1] && namesNoun(clean(m[1])) ? [triple('user', 'studied', clean(m[1]), 'person', '')] : []),
      triple('user', 'studied_at', clean(m[2]), 'person', 'organization'),
    ],
  },
  {
    pattern: /^[Ii]\s+volunteer\s+(?:at|for|with)\s+(.+)$/u,
    build: (m) => [triple('user', 'volunteers_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // "My timezone is CET", "I'm in the Pacific time zone".
    pattern: new RegExp(
      `^my\\s+time\\s*zone\\s+is\\s+(.+)$|^${I_AM}\\s+(?:in|on)\\s+(?:the\\s+)?(.+?)\\s+time(?:\\s*zone)?$`,
      'u',
    ),
    build: (m) => [triple('user', 'timezone', clean(m[1] ?? m[2]), 'person', '')],
  },
  {
    // "I'm the founder of Acme", "I co-founded a startup called Loop".
    nameFirst: true,
    pattern: new RegExp(
      `^(?:${I_AM}\\s+(?:the|a)\\s+(?:co-?)?founder\\s+of|[Ii]\\s+(?:co-?)?founded)\\s+(?:an?\\s+|the\\s+)?(.+)$`,
      'u',
    ),
    build: (m) => {
      const company = clean(m[1]);
      return /^\p{Lu}/u.test(company) ? [triple('user', 'founded', company, 'person', 'organization')] : [];
    },
  },
  {
    pattern: new RegExp(`^[Ii]\\s+report\\s+(?:directly\\s+)?to\\s+(${PERSON_NAME})$`, 'u'),
    build: (m) => [triple('user', 'reports_to', clean(m[1]), 'person', 'person')],
  },
  {
    pattern: /^[Ii]\s+(?:earn|make)\s+(?:my|a)\s+living\s+as\s+(?:an?\s+)?(.+)$/u,
    build: (m) => jobTriples(undefined, m[1]),
  },
  {
    pattern: new RegExp(
      `^(?:you\\s+can\\s+)?(?:drop|send|shoot|write|email|mail|message|contact)\\s+me\\s+(?:an?\\s+(?:line|note|message|mail|email)\\s+)?(?:at|on|via)\\s+(${EMAIL.source})$`,
      'u',
    ),
    build: (m) => [triple('user', 'email', m[1] ?? '', 'person', 'email')],
  },
  {
    // "New job: data analyst at Spotify!", "New job at Canva": a role and employer said as news.
    nameFirst: true,
    pattern:
      /^(?:[Mm]y\s+)?[Nn]ew\s+(?:job|role|position)(?:\s*:\s*(?:an?\s+)?(\p{Ll}.*?))?(?:\s+(?:at|with)\s+(\p{Lu}.*))?$/u,
    build: (m) => jobTriples(m[2], m[1]),
  },
  {
    // "I'm the CTO of Acme", "I'm head of marketing at Canva", "I'm a professor of physics at MIT".
    nameFirst: true,
    pattern: new RegExp(
      `^${I_AM}\\s+(?:the\\s+|an?\\s+)?((?:${TITLES})(?:\\s+of\\s+\\p{Ll}[\\p{Ll}\\s]*?)?)\\s+(?:at|of|for|with)\\s+(\\p{Lu}.*)$`,
      'u',
    ),
    build: (m) => jobTriples(m[2], m[1]),
  },
  {
    // "I freelance for the BBC", "I'm interning at Google": work for someone, however it is paid.
    nameFirst: true,
    pattern: new RegExp(
      `^(?:[Ii]\\s+(?:freelance|contract|intern|consult)|${I_AM}\\s+(?:freelancing|contracting|interning|consulting))\\s+(?:at|for|with)\\s+(?:the\\s+)?(\\p{Lu}.*)$`,
      'u',
    ),
    build: (m) => jobTriples(m[1], undefined),
  },
  {
    // "I'm diabetic", "I'm epileptic": the condition the word pertains to, as WordNet knows it.
    pattern: new RegExp(`^${I_AM}\\s+(\\p{Ll}+)$`, 'u'),
    build: (m) => {
      const condition = conditionOf(m[1] ?? '');
      return condition ? [triple('user', 'has_condition', condition, 'person', '')] : [];
    },
  },
  {
    // "I'm on antidepressants", "I take metformin every day": a medicine, as WordNet knows it.
    pattern: new RegExp(
      `^(?:${I_AM}\\s+on|[Ii]\\s+(?:take|use))\\s+(?:some\\s+)?(.+?)(?:\\s+for\\s+(?:(my)\\s+)?(.+))?$`,
      'u',
    ),
    build: (m) => {
      const medicines = objects(m[1]).filter((o) => namesMedicine(o));
      // "… for my diabetes": what it is taken for, when that is one's own condition.
      const condition =
        m[2] && m[3] && medicines.length > 0 && namesCondition(clean(m[3])) ? [clean(m[3])] : [];
      return [
        ...medicines.map((o) => triple('user', 'takes', o, 'person', '')),
        ...condition.map((c) => triple('user', 'has_condition', c, 'person', '')),
      ];
    },
  },
  {
    // "I'm fond of jazz", "I'm keen on hiking" (likes; "I'm not keen on cats" is its denial).
    pattern: new RegExp(`^${I_AM}\\s+(?:fond\\s+of|keen\\s+on|partial\\s+to)\\s+(.+)$`, 'u'),
    build: (m) => objects(m[1]).map((o) => triple('user', 'likes', o, 'person', '')),
  },
  {
    // "My least favourite food is liver": disliked; "My favourite thing to do is reading": liked.
    pattern: /^my\s+(least\s+)?favou?rite\s+(?:\p{Ll}+|things?\s+to\s+do)\s+(?:is|are)\s+(.+)$/u,
    build: (m) =>
      m[1] || /\bto\s+do$/.test(m[0].split(/\s+(?:is|are)\s+/)[0] ?? '')
        ? objects(m[2]).map((o) => triple('user', m[1] ? 'dislikes' : 'likes', o, 'person', ''))
        : [],
  },
  {
    // "I call Melbourne home": where one lives, a name.
    nameFirst: true,
    pattern: /^[Ii]\s+(?:now\s+)?call\s+(\p{Lu}.*?)\s+home$/u,
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    // "I live just outside Manchester": near a place, not in it.
    nameFirst: true,
    pattern: /^[Ii]\s+live\s+(?:just\s+|right\s+)?(?:outside(?:\s+of)?|near|close\s+to)\s+(\p{Lu}.*)$/u,
    build: (m) => [triple('user', 'lives_near', clean(m[1]), 'person', 'place')],
  },
  {
    // "I grew up on a farm in Iowa", "I spent my childhood in Kenya", "I was brought up by my aunt in
    // Leeds": where one is from.
    nameFirst: true,
    pattern:
      /^[Ii]\s+(?:grew\s+up|was\s+(?:raised|brought\s+up)|spent\s+my\s+childhood|spent\s+my\s+early\s+years)\s+(?:.+?\s+)?in\s+(\p{Lu}.*)$/u,
    build: (m) => [triple('user', 'is_from', clean(m[1]), 'person', 'place')],
  },
  {
    // "My hobbies are hiking and baking", "Gardening is my favourite hobby": what one does.
    pattern:
      /^(?:my\s+(?:main\s+|favou?rite\s+)?(?:hobby|hobbies|pastime|pastimes)\s+(?:is|are)\s+(.+)|(\p{L}[\p{L}\s-]*?)\s+is\s+my\s+(?:main\s+|favou?rite\s+|new\s+)?(?:hobby|pastime))$/iu,
    build: (m) =>
      objects(m[1] ?? m[2])
        .filter((o) => !FUNCTION_WORD.test(o))
        .map((o) => triple('user', 'does', lowerOpeningCapital(o), 'person', '')),
  },
  {
    // "I'm a member of the local chess club", "I'm part of a running club", "I joined a choir".
    pattern: new RegExp(
      `^${I_AM}\\s+(?:a\\s+member|part)\\s+of\\s+(?:an?|the|my)\\s+(?:local\\s+)?((?:.+?\\s+)?${GROUP_WORDS})$`,
      'u',
    ),
    build: (m) => membership(m[1]),
  },
  {
    // "I joined a fencing club", "I've just joined the local choir": a membership, as above.
    pattern: new RegExp(
      `^[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|recently\\s+|finally\\s+)?joined\\s+(?:an?|the|my)\\s+(?:local\\s+|new\\s+)?((?:.+?\\s+)?${GROUP_WORDS})$`,
      'u',
    ),
    build: (m) => membership(m[1]),
  },
  {
    // "I got laid off from Meta", "I was fired from my job at Tesco": a job that ended.
    nameFirst: true,
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+)?(?:got|was|been|have\s+been)\s+(?:laid\s+off|fired|let\s+go|made\s+redundant|sacked)\s+(?:from|by|at)\s+(?:my\s+job\s+at\s+)?(.+)$/u,
    build: (m) => {
      const employer = clean(m[1]);
      return /^\p{Lu}/u.test(employer)
        ? [triple('user', 'not_works_at', employer, 'person', 'organization')]
        : [];
    },
  },
  {
    // "I'm dating Sam" ("seeing" is also an appointment: not read): a relationship, closed when it ends (below).
    nameFirst: true,
    pattern: new RegExp(
      `^${I_AM}\\s+(?:now\\s+)?(?:dating|going\\s+out\\s+with|in\\s+a\\s+relationship\\s+with)\\s+(${PERSON_NAME})$`,
      'u',
    ),
    build: (m) => [triple('user', 'is_dating', clean(m[1]), 'person', 'person')],
  },
  {
    // "I broke up with Sam", "Sam and I split up": the relationship is over.
    nameFirst: true,
    pattern: new RegExp(
      `^(?:[Ii]\\s+(?:just\\s+)?(?:broke|split)\\s+up\\s+with\\s+(${PERSON_NAME})|(${PERSON_NAME})\\s+and\\s+I\\s+(?:just\\s+)?(?:broke|split)\\s+up)$`,
      'u',
    ),
    build: (m) => [triple('user', 'not_is_dating', clean(m[1] ?? m[2]), 'person', 'person')],
  },
  {
    // "I did my PhD at Cambridge", "I have a bachelor's in history from UCLA": what and where.
    nameFirst: true,
    pattern: new RegExp(
      `^[Ii](?:'ve|\\s+have)?\\s+(?:did|have|got|earned|hold|completed|finished)\\s+(?:my|a|an)\\s+(?:${DEGREES})(?:\\s+degree)?(?:\\s+in\\s+(\\p{L}.*?))?(?:\\s+(?:at|from)\\s+(\\p{Lu}.*))?$`,
      'iu',
    ),
    build: (m) => [
      ...(m[1] && namesNoun(clean(m[1])) ? [triple('user', 'studied', clean(m[1]), 'person', '')] : []),
      ...(m[2] ? [triple('user', 'studied_at', clean(m[2]), 'person', 'organization')] : []),
    ],
  },
  {
    // "My car is a Toyota Corolla": a thing the user has, named by its make (not "my dog is a Beagle").
    nameFirst: true,
    pattern:
      /^[Mm]y\s+(\p{Ll}+)\s+is\s+an?\s+(?:(?:new|old|used)\s+)?(\p{Lu}[\p{L}\p{N}'-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}'-]*)*)$/u,
    build: (m) =>
      namesKindOf(m[1] ?? '', 'conveyance', 'device')
        ? [triple('user', 'owns', clean(m[2]), 'person', '')]
        : [],
  },
  {
    pattern: new RegExp(`^${I_AM}\\s+(?:afraid|scared|terrified|frightened)\\s+of\\s+(.+)$`, 'u'),
    build: (m) => objects(m[1]).map((o) => triple('user', 'is_afraid_of', o, 'person', '')),
  },
  {
    // "I'm on a strict keto diet", "I follow a low-carb diet": the kind of diet, not how strict.
    pattern: new RegExp(
      `^(?:${I_AM}\\s+on|[Ii]\\s+(?:follow|keep\\s+to|stick\\s+to))\\s+(?:an?|the|my)\\s+(.+?)\\s+diet$`,
      'u',
    ),
    build: (m) => {
      const kind = withoutDescribingWords(clean(m[1]));
      return kind && !FUNCTION_WORD.test(kind) ? [triple('user', 'diet', kind, 'person', '')] : [];
    },
  },
];

/**
 * Membership of a group, and what its members do when its name says a sport, an exercise or a
 * dance ("a fencing club": the user fences, `does fencing`; "a book club" says no pastime).
 */
function membership(said: string | undefined): ExtractedTriple[] {
  const group = clean(said);
  const activity = group.replace(new RegExp(`\\s+${GROUP_WORDS}$`, 'u'), '');
  const does =
    activity !== group && isPastime(activity) ? [triple('user', 'does', activity, 'person', '')] : [];
  return [triple('user', 'member_of', group, 'person', 'organization'), ...does];
}
