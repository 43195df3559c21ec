import {
  isDietNoun,
  isEnrollee,
  isOccupation,
  isPersonNoun,
  isQuantity,
  mayBePastime,
} from '../lexicon/kinds.js';
import type { ExtractedTriple } from './base.js';
import {
  EMAIL,
  FAVOURITE_KINDS,
  I_AM,
  LANGUAGE_AMOUNT,
  MODIFIED,
  NAME,
  NOT_A_NAME,
  PAST_ACTIONS,
  PET_KINDS,
  PREFERENCE_VERBS,
  PREFERRED_TO,
  PRONOUNS,
  RELATIONS,
  THIRD_PERSON_VERBS,
} from './rule-patterns.js';
import { EVERYDAY_RULES } from './rule-table-everyday.js';
import { FAMILY_RULES } from './rule-table-family.js';
import { LIFE_RULES } from './rule-table-life.js';
import { DRINK_MANNER_RULE, MORE_RULES } from './rule-table-more.js';
import { PHRASING_RULES } from './rule-table-phrasings.js';
import { lowerFirstCommon, SAID_RULES } from './rule-table-said.js';
import { VERB_NAME_RULES } from './rule-table-verb-name.js';
import { WORK_RULES } from './rule-table-work.js';
import {
  aboutOther,
  clean,
  isPlace,
  jobTriples,
  lowerFirst,
  nameOrNationality,
  objects,
  petKind,
  preferencePredicate,
  relation,
  relationType,
  triple,
  withoutCompanions,
} from './rule-words.js';

/** The triples of the first rule that reads a clause (fixed words matched in lower case). */
export function applyRules(text: string): ExtractedTriple[] {
  const lowered = lowerFirst(text);
  for (const rule of RULES) {
    const match = (rule.nameFirst ? text : lowered).match(rule.pattern);
    if (!match) continue;
    const triples = rule.build(match).filter((t) => t.object.length > 0 && t.subject.length > 0);
    // A rule that matches and finds nothing to keep leaves the clause to the rules after it.
    if (triples.length > 0) return triples;
  }
  return [];
}

// "Karen made us stay late", "It made me proud": a person made to do or feel, no thing done.
const PRONOUN_OBJECT = /^(?:me|us|him|her|them|you)\b/iu;
// What follows "got" when it names a thing got.
const GOT_THING = /^(?:a|an|the|my|our|his|her|their|some|two|three|four|five|new|\d+)\s/iu;

/** One sentence pattern and the triples it gives. */
export interface Rule {
  pattern: RegExp;
  /** Match the sentence as written (its first word is a name), not with its first letter lowered. */
  nameFirst?: boolean;
  build: (match: RegExpMatchArray) => ExtractedTriple[];
}

// "My buddy Polar bear", "my new boss Kim": a relation and the name the user gives.
const RELATED_NAME = new RegExp(
  `^[Mm]y\\s+${MODIFIED}(best\\s+friend|\\p{Ll}[\\p{L}-]*)\\s+(\\p{Lu}.*)$`,
  'u',
);

/** The rules, tried in order: the first that matches a clause gives its triples. */
export const RULES: Rule[] = [
  DRINK_MANNER_RULE,
  ...WORK_RULES,
  ...EVERYDAY_RULES,
  ...PHRASING_RULES,
  // Identity: age, birthday, contact details, what one is.
  {
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii]\\s+(?:just\\s+)?turned)\\s+(\\d{1,3})(?:\\s+(?:years?\\s+old|years\\s+of\\s+age))?$`,
      'u',
    ),
    build: (m) => [triple('user', 'age', m[1] ?? '', 'person', 'number')],
  },
  {
    pattern:
      /^(?:my\s+(?:birthday|b-?day|date\s+of\s+birth|birth\s+date)(?:\s+is|\s+falls|'s)(?:\s+coming\s+up)?(?:\s+on|\s+in)?|[Ii]\s+was\s+born\s+on|[Ii]\s+celebrate\s+my\s+birthday\s+on)\s+(.+)$/u,
    build: (m) => [triple('user', 'birthday', clean(m[1]), 'person', 'date')],
  },
  {
    pattern:
      /^(?:my\s+(?:e-?mail|e-?mail\s+address)\s+is|(?:you\s+can\s+)?(?:reach|contact|e-?mail|write\s+to)\s+me\s+at)\s+(\S+)$/u,
    build: (m) => {
      const address = EMAIL.exec(m[1] ?? '')?.[0];
      return address ? [triple('user', 'email', address, 'person', 'email')] : [];
    },
  },
  {
    pattern:
      /^my\s+(?:phone|phone\s+number|mobile|mobile\s+number|cell|cell\s+number|number)\s+is\s+([+(\d][\d\s().-]{4,})$/u,
    build: (m) => [triple('user', 'phone', (m[1] ?? '').trim(), 'person', 'phone')],
  },
  {
    // "I'm a nurse" (an occupation: the job), "I'm a vegetarian" (something else one is); where,
    // by name ("at Google", "at a startup called Nimbus").
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii](?:'ve|\\s+have)\\s+been)\\s+(?:now\\s+)?an?\\s+((?:[\\p{L}+#.-]+\\s+)?\\p{Ll}+)(?:\\s+(?:for|since)\\s+.+|\\s+now|\\s+by\\s+(?:profession|trade)|\\s+at\\s+(\\p{Lu}.*|(?:a|an)\\s+[^,]+?\\s+(?:called|named)\\s+\\p{Lu}.*)|\\s+in\\s+\\p{Lu}.*)?$`,
      'u',
    ),
    build: (m) => {
      const what = clean(m[1]);
      const head = what.split(/\s+/).pop() ?? '';
      if (!isPersonNoun(head)) return [];
      if (isDietNoun(head)) return [triple('user', 'diet', what, 'person', 'diet')];
      // "I'm a student at Leeds": where one studies.
      if (m[2] && isEnrollee(head))
        return [
          triple('user', 'is_a', what, 'person', 'role'),
          triple('user', 'studies_at', clean(m[2]), 'person', 'organization'),
        ];
      // Said with where ("I'm a software engineer at Google"), what one is is one's job.
      if (!isOccupation(head) && !m[2]) return [triple('user', 'is_a', what, 'person', 'role')];
      return jobTriples(m[2], m[1]);
    },
  },
  {
    // "I'm vegan", "Tom is vegetarian (, so no meat)": what someone eats, said of them.
    nameFirst: true,
    pattern: new RegExp(
      `^(${I_AM}|[Ii](?:'ve|\\s+have)\\s+been|${NAME}?\\s+is)\\s+(?:an?\\s+)?(\\p{Ll}+)(?:\\s+(?:since|for)\\s+.+)?(?:\\s*,.*)?$`,
      'u',
    ),
    build: (m) => {
      const word = (m[2] ?? '').toLowerCase();
      if (!isDietNoun(word)) return [];
      const who = /^(?:I|i)(?:\s+am|'m|'ve\s+been|\s+have\s+been)$/.test(m[1] ?? '')
        ? 'user'
        : clean((m[1] ?? '').replace(/\s+is$/, ''));
      if (who !== 'user' && who.split(/\s+/).some((w) => NOT_A_NAME.test(w))) return [];
      return [triple(who, 'diet', word, 'person', 'diet')];
    },
  },
  // Home and roots.
  {
    pattern: /^[Ii](?:'ve|\s+have)\s+been\s+living\s+in\s+(.+?)(?:\s+for\s+.+|\s+since\s+.+)?$/u,
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    pattern:
      /^[Ii]\s+(?:grew\s+up|was\s+born\s+and\s+(?:raised|bred|brought\s+up)|was\s+(?:raised|brought\s+up))\s+in\s+(.+)$/u,
    build: (m) => [triple('user', 'is_from', clean(m[1]), 'person', 'place')],
  },
  // Pets, as adopted or got ("We adopted a dog named Biscuit", "I rescued a cat, Miso").
  {
    nameFirst: true,
    pattern: new RegExp(
      `^[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|finally\\s+)?(?:adopted|got|have|bought|rescued)\\s+(?:a|an|my|our)\\s+(?:new\\s+|little\\s+)?(${PET_KINDS})(?:\\s+(?:named|called)|,)\\s+(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)`,
      'u',
    ),
    build: (m) => [triple('user', petKind(m[1]), clean(m[2]), 'person', 'animal')],
  },
  ...FAMILY_RULES,
  // Languages and belongings.
  {
    pattern: /^[Ii]\s+(?:can\s+)?speak\s+(.+)$/u,
    build: (m) =>
      objects((m[1] ?? '').replace(/\s+(?:fluently|well|a\s+bit|a\s+little|some)$/i, ''))
        .map((o) => o.replace(LANGUAGE_AMOUNT, ''))
        .filter((o) => /^\p{Lu}/u.test(o))
        .map((o) => triple('user', 'speaks', o, 'person', 'language')),
  },
  {
    pattern: /^[Ii]\s+own\s+(.+)$/u,
    build: (m) =>
      objects(m[1]).map((o) => triple('user', 'owns', o.replace(/^(?:an?|my)\s+/i, ''), 'person', '')),
  },
  // Instruments, sports and pastimes.
  {
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|recently\\s+)?(?:started|begun|began|been))\\s+(?:learning|studying)\\s+(?:to\\s+play\\s+)?(?:the\\s+)?(.+)$`,
      'u',
    ),
    // "I'm learning a ton" says how much, not what: amounts (WordNet's noun.quantity) are no subject;
    // "studying for my exam" or "learning to cook" names no subject in those words.
    build: (m) =>
      objects((m[1] ?? '').replace(/\s+at\s+\p{Lu}.*$/u, ''))
        .filter((o) => !isQuantity(o) && !/^(?:for|to|with|about|on|in|at|my|your)\b/i.test(o))
        .map((o) => triple('user', 'is_learning', o, 'person', '')),
  },
  {
    pattern:
      /^[Ii]\s+(?:play|practise|practice)\s+(?:the\s+)?(?!(?:with|around|outside|in|on|for|at|against|as)\b)(.+)$/u,
    // "I play tennis in college", "… in Lisbon": where one plays is not part of the game.
    build: (m) =>
      objects(withoutCompanions(m[1]).replace(WHERE_PLAYED, '')).map((o) =>
        triple('user', 'plays', o, 'person', ''),
      ),
  },
  {
    // "I do judo": only a sport, an exercise or a dance ("I do the dishes" says nothing kept).
    pattern: /^[Ii]\s+do\s+(?:some\s+|any\s+)?(.+)$/u,
    build: (m) =>
      objects(withoutCompanions(m[1]))
        .filter((o) => mayBePastime(o))
        .map((o) => triple('user', 'does', o, 'person', '')),
  },
  {
    pattern: /^[Ii]\s+took\s+up\s+(?:the\s+)?(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'plays', o, 'person', '')),
  },
  // Allergies said another way, favourite things, marriage.
  {
    pattern: /^[Ii](?:\s+have|'ve\s+got|\s+have\s+got|\s+got)\s+an?\s+(?:\p{Ll}+\s+)?allergy\s+to\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'is_allergic_to', o, 'person', '')),
  },
  {
    nameFirst: true,
    pattern: /^(.+?)\s+(?:gives?|give)\s+me\s+(?:an?\s+)?(?:\p{Ll}+\s+)?allergic\s+reactions?$/u,
    build: (m) =>
      objects(m[1]).map((o) =>
        triple(
          'user',
          'is_allergic_to',
          o.replace(/^\p{Lu}/u, (c) => c.toLowerCase()),
          'person',
          '',
        ),
      ),
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:I|It|This|That|There|He|She|They|We)\\b)(.+?)\\s+is\\s+my\\s+favou?rite\\s+(?:${FAVOURITE_KINDS})$`,
      'u',
    ),
    build: (m) => objects(m[1]).map((o) => triple('user', 'likes', lowerFirstCommon(o), 'person', '')),
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?:[Mm]y|(${NAME}?)'s)\\s+(?:absolute\\s+)?favou?rite\\s+(?:${FAVOURITE_KINDS})\\s+is\\s+(.+)$|^(?!(?:${PRONOUNS})\\b)((?:(?!\\s+is\\s).)+?)\\s+is\\s+(${NAME}?)'s\\s+(?:absolute\\s+)?favou?rite\\s+(?:${FAVOURITE_KINDS})$`,
      'u',
    ),
    // "My favourite dish is paella", "Kofi's favourite dish is lasagna", "sushi is Yuki's favourite dish".
    build: (m) => {
      const who = m[1] ?? m[4];
      return objects(m[2] ?? m[3]).map((o) =>
        triple(who ? clean(who) : 'user', 'likes', lowerFirstCommon(o), 'person', ''),
      );
    },
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:${PRONOUNS})\\b)(${NAME}?)\\s+is\\s+(?:a|an|my)\\s+(?:(?:good|close|old|dear|great|best)\\s+)?friend(?:\\s+of\\s+mine)?$`,
      'u',
    ),
    build: (m) => [triple('user', 'friend', clean(m[1]), 'person', 'person')],
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?:I|i)(?:'m|\\s+am|'ve\\s+been|\\s+have\\s+been|\\s+(?:just\\s+|recently\\s+)?got)\\s+married\\s+to\\s+(${NAME})$|^(\\p{Lu}[\\p{L}'-]*)\\s+and\\s+I\\s+(?:got|are|were)\\s+married\\b|^I\\s+(?:just\\s+|recently\\s+)?(?:married|wed)\\s+(${NAME})$`,
      'u',
    ),
    build: (m) => [triple('user', 'married_to', clean(m[1] ?? m[2] ?? m[3]), 'person', 'person')],
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)\\s+is\\s+my\\s+(${RELATIONS})'s\\s+name$`,
      'u',
    ),
    build: (m) => [triple('user', relation(m[2]), clean(m[1]), 'person', relationType(m[2]))],
  },
  {
    pattern: new RegExp(`^(?:my name is|my name's|call me|${I_AM} called|people call me)\\s+(.+)$`, 'u'),
    build: (m) => [triple('user', 'name', clean(m[1]), 'person', 'person')],
  },
  {
    pattern: new RegExp(`^(?:[Ii]\\s+live|${I_AM}\\s+living)\\s+in\\s+(.+)$`, 'u'),
    build: (m) => [triple('user', 'lives_in', clean(withoutCompanions(m[1])), 'person', 'place')],
  },
  {
    pattern: /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+(.+)$/u,
    build: (m) => [triple('user', 'lives_in', clean(withoutCompanions(m[1])), 'person', 'place')],
  },
  {
    // "I recently settled in Tartu": a home made there; a place, not a manner ("I settled in fast").
    pattern: /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?settled\s+(?:down\s+)?in\s+(.+)$/u,
    build: (m) => {
      const place = clean(withoutCompanions(m[1]));
      return /^\p{Lu}/u.test(place) || isPlace(place)
        ? [triple('user', 'lives_in', place, 'person', 'place')]
        : [];
    },
  },
  {
    // A place: a name, or what WordNet knows as a location ("a small town in Kenya"), not "work"
    // ("My friend is from work") or "a big family"; one's home town is where one is from.
    pattern: new RegExp(
      `^${I_AM}\\s+from\\s+(.+)$|^[Ii]\\s+come\\s+from\\s+(.+)$|^[Mm]y\\s+(?:home\\s*town|birthplace|place\\s+of\\s+birth)\\s+is\\s+(.+)$`,
      'u',
    ),
    build: (m) => {
      const place = clean(m[1] ?? m[2] ?? m[3]);
      return isPlace(place) ? [triple('user', 'is_from', place, 'person', 'place')] : [];
    },
  },
  {
    pattern: /^[Ii]\s+(?:used\s+to\s+live|lived)\s+in\s+(.+)$/u,
    build: (m) => [triple('user', 'lived_in', clean(m[1]), 'person', 'place')],
  },
  {
    pattern: /^[Ii]\s+(?:used\s+to\s+work|worked)\s+(?:at|for)\s+(.+)$/u,
    build: (m) => [triple('user', 'worked_at', clean(m[1]), 'person', 'organization')],
  },
  {
    pattern: new RegExp(
      `^[Ii]\\s+(?:just\\s+|recently\\s+|finally\\s+|also\\s+)?(${PAST_ACTIONS})\\s+(.+)$`,
      'u',
    ),
    build: (m) =>
      // "I got lucky", "I got home late", "I got divorced": a state or a place one came to, not a
      // thing got; a thing got is said with a determiner or a number ("a cat", "my licence").
      (m[1]?.toLowerCase() === 'got' && !GOT_THING.test(m[2] ?? '')) || PRONOUN_OBJECT.test(m[2] ?? '')
        ? []
        : objects(m[2]).map((o) =>
            triple('user', (m[1] ?? '').toLowerCase().replace(/\s+/g, '_'), o, 'person', ''),
          ),
  },
  {
    // "I work as a nurse in Leeds" (or "in a hospital"): where the work is, not part of the role.
    pattern:
      /^[Ii]\s+work\s+as\s+(?:an?\s+)?(.+?)(?:\s+(?:at|for)\s+(.+)|\s+in\s+(\p{Lu}.*|(?:a|an|the)\s+.+))?$/u,
    build: (m) => [
      ...jobTriples(m[2], m[1]),
      ...(m[3] ? [triple('user', 'works_in', clean(m[3]), 'person', '')] : []),
    ],
  },
  {
    // "I work at home" says where, not for whom.
    pattern: new RegExp(`^(?:[Ii]\\s+work|${I_AM}\\s+working)\\s+(?:at|for)\\s+(?!home\\b)(.+)$`, 'u'),
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    pattern: new RegExp(`^${I_AM}\\s+allergic\\s+to\\s+(.+)$`, 'u'),
    build: (m) => objects(m[1]).map((o) => triple('user', 'is_allergic_to', o, 'person', '')),
  },
  {
    pattern: new RegExp(
      `^[Ii]\\s+(?:really\\s+|absolutely\\s+|also\\s+)?(${PREFERENCE_VERBS})\\s+(.+)$`,
      'u',
    ),
    // "I prefer tea to coffee": what is preferred, not what it is preferred to. "I love playing the
    // violin": the liking, and the game or instrument one plays.
    build: (m) =>
      objects(/^prefers?$/i.test(m[1] ?? '') ? (m[2] ?? '').replace(PREFERRED_TO, '') : m[2]).flatMap((o) => {
        const liked = triple('user', preferencePredicate(m[1]), o, 'person', '');
        const played = FOND_OF.test(m[1] ?? '') ? PLAYING.exec(o)?.[1] : undefined;
        return played ? [liked, triple('user', 'plays', played, 'person', '')] : [liked];
      }),
  },
  {
    pattern: new RegExp(
      `^my\\s+${MODIFIED}(${RELATIONS})(?:'s name)?(?:\\s+is called|\\s+is named|'s called|'s named|\\s+is|'s)\\s+(${NAME})$`,
      'u',
    ),
    build: (m) => [triple('user', relation(m[1]), clean(m[2]), 'person', relationType(m[1]))],
  },
  {
    pattern: new RegExp(
      `^my\\s+${MODIFIED}(${RELATIONS})\\s+(${NAME}?)\\s+(${PREFERENCE_VERBS}|lives in|works at|works for|is allergic to)\\s+(.+)$`,
      'u',
    ),
    build: (m) => {
      const name = clean(m[2]);
      return [
        triple('user', relation(m[1]), name, 'person', relationType(m[1])),
        ...aboutOther(name, m[3] ?? '', m[4] ?? '', relationType(m[1])),
      ];
    },
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(${NAME}?)\\s+(${THIRD_PERSON_VERBS}|lives in|works at|works for|is allergic to)\\s+(.+)$`,
      'u',
    ),
    build: (m) => {
      // "My buddy Polar bear adores pizza": someone the user names by how they relate to them.
      // A word before the relation tells one apart ("my new boss Kim"); a name is capitalised.
      const related = RELATED_NAME.exec(clean(m[1]));
      if (related) {
        const name = clean(related[2]);
        return [
          triple('user', relation(related[1]), name, 'person', 'person'),
          ...aboutOther(name, m[2] ?? '', m[3] ?? '', 'person'),
        ];
      }
      const name = clean(m[1]);
      if (name.split(/\s+/).some((word) => NOT_A_NAME.test(word))) return [];
      return aboutOther(name, m[2] ?? '', m[3] ?? '', 'person');
    },
  },
  {
    pattern: new RegExp(`^${I_AM}\\s+(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,2})$`, 'u'),
    build: (m) => [nameOrNationality(clean(m[1]))],
  },
  {
    // Last: someone named by how they relate to the user, anywhere in a sentence no other rule
    // read ("Our puppy, Milo, chewed…", "I walk my dog Luna every morning", "My younger sister
    // Hana visited us").
    nameFirst: true,
    pattern: new RegExp(
      `\\b[Mm]y\\s+${MODIFIED}(${RELATIONS}),?\\s+(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)(?=[\\s,.!]|$)`,
      'u',
    ),
    build: (m) => {
      const name = clean(m[2]);
      if (NOT_A_NAME.test(name)) return [];
      return [triple('user', relation(m[1]), name, 'person', relationType(m[1]))];
    },
  },
  ...MORE_RULES,
  ...LIFE_RULES,
  ...SAID_RULES,
  ...VERB_NAME_RULES,
];

// The preferences that say one does what is liked ("I love playing chess": one plays chess).
const FOND_OF = /^(?:like|likes|love|loves|enjoy|enjoys|adore|adores)$/i;
const PLAYING =
  /^playing\s+(?:the\s+)?(?!(?:with|in|at|on|for|around|outside|by|to|about|it|them|this|that)\b)(\p{L}[\p{L}\s-]*)$/u;
// Where a game is played, said after it: a school or a named place.
const WHERE_PLAYED =
  /\s+(?:in|at)\s+(?:college|school|high\s+school|university|uni|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)$/u;
