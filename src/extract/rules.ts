import { isOccupation, isPastime, isPersonNoun, isQuantity } from '../lexicon/kinds.js';
import { type ExtractedTriple, type Extraction, type ExtractionInput, Extractor } from './base.js';

const QUESTION_START =
  /^(do|does|did|is|are|am|was|were|can|could|would|will|should|shall|have|has|what|where|who|whom|whose|when|why|how|which)\b/i;
const HYPOTHETICAL =
  /\b(if|unless|suppose|supposing|imagine|maybe|perhaps|wish|would|could|might|might've|i'd)\b/i;
const NEGATION =
  /\b(not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|cannot)\b|n't\b/i;
const RELATIONS =
  'friend|best friend|buddy|sister|brother|mother|mom|mum|father|dad|wife|husband|partner|girlfriend|boyfriend|fiancé|fiancee|son|daughter|boss|manager|colleague|coworker|roommate|neighbor|neighbour|cousin|aunt|uncle|grandmother|grandfather|grandma|grandpa|dog|puppy|pup|cat|kitten|pet|teacher|doctor|dentist';
// Young animals are kept as their kind ("my puppy Rex": the user's dog).
const ANIMAL_KIND: Readonly<Record<string, string>> = { puppy: 'dog', pup: 'dog', kitten: 'cat' };
// Pets named as they are adopted or got ("We adopted a dog named Biscuit").
const PET_KINDS =
  'dog|puppy|pup|cat|kitten|rabbit|bunny|parrot|hamster|guinea pig|horse|tortoise|turtle|fish|snake';
// A sentence's lead-in before what it says ("Big news: I moved…", "Guess what, I…").
const LEAD_IN =
  /^(?:(?:big|great|good|some|exciting|sad)\s+news|news|update|guess what|fyi|anyway|originally|these days|nowadays|by profession|for work)\s*[:,!—–-]*\s+|^[^:]{1,32}:\s+(?=(?:I|I'm|I've|we|We|my|My|our|Our)\b)/iu;
// When something happens, said before the sentence's subject ("On Saturdays I play rugby").
const TIME_PREFIX =
  /^(?:on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:the\s+)?weekends?)|at\s+(?:the\s+)?weekends?|every\s+(?:day|week|weekend|morning|evening|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|most\s+(?:days|weekends|mornings|evenings|nights)|in\s+the\s+(?:mornings?|evenings?)|after\s+work)\s*,?\s+(?=(?:I|we|my|our)\b)/iu;
// Who one does something with, said after what ("I play rugby with friends"): read only when its
// last word is a person noun, so "I play football with a ball" keeps what it says.
const COMPANIONS =
  /^(.+?)\s+with\s+(?:(?:my|our|some|a\s+few|a\s+couple\s+of|the)\s+)?((?:\p{L}+\s+)*?\p{L}+)$/u;
// Words that start a sentence but name no one ("It is a friend", "He is a good friend of mine").
const PRONOUNS = 'I|It|This|That|There|He|She|They|We|You|Everyone|Someone';
// What a favourite names that is eaten or drunk ("my favourite dish").
const FAVOURITE_KINDS = 'meal|dish|food|snack|dessert|drink|cuisine';
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;
const PREFERENCE_VERBS =
  'like|likes|love|loves|enjoy|enjoys|adore|adores|hate|hates|dislike|dislikes|prefer|prefers';
// What a named third person does agrees with them ("Anna likes"): "Looks like", "Their love"
// and "Sounds like" are not someone liking or loving.
const THIRD_PERSON_VERBS = 'likes|loves|enjoys|adores|hates|dislikes|prefers';
// Words that start a sentence without being anyone's name.
const NOT_A_NAME =
  /^(?:i|i've|i'm|i'd|we|you|they|it|it's|its|he|she|this|that|that's|there|there's|here|here's|what's|everyone|everybody|nobody|people|their|his|her|our|your|my|thanks|thank|looks|sounds|seems|feels)$/i;
// Things done, said in the past tense: each gives (user, <verb>, object), e.g. went_to.
const PAST_ACTIONS =
  'went to|visited|attended|joined|adopted|bought|started|finished|met|watched|read|painted|studied|graduated from|signed up for|volunteered at|travelled to|traveled to|learned|tried|ran|won|lost|got|made|built|wrote|planted|baked|cooked';
const FILLER =
  /\s+(very much|so much|a lot|too|now|nowadays|these days|lately|currently|anymore|again|twice|once|every day)$/i;
// Pronouns are not things to remember on their own ("Rex loves it").
const PRONOUN_OBJECT =
  /^(it|them|that|this|those|these|him|her|one|to|others|myself|yourself|ourselves|everyone|everything|something|anything|all|both|us|you|me)$/i;
// An object that is a clause ("I love how art lets us…", "Looks like you had a great day") is
// an opinion about something said, not a thing to remember.
const CLAUSE_OBJECT =
  /^(?:how|what|when|where|why|whether|if|that|it|it's|you|you're|we|we're|they|they're|he|she|i|i'm|there|being|so)\b/i;
// Where a noun phrase object ends and a reason, purpose or relative clause begins.
const CLAUSE_TAIL =
  /\s+(?:'cause|cause|because|since|so that|which|who|who've|who's|whose|when|while|whenever|where|as if|even though|though|although)\b.*$|\s+that\s+(?!is\b|was\b).*$/i;
// "this painting to show my path": a purpose clause after a determined noun phrase.
const PURPOSE_TAIL = /^((?:this|that|these|those|a|an|the|my|our|some)\s+.+?)\s+to\s+\p{Ll}+\b.*$/iu;
const DETERMINER = /^(?:this|that|these|those)\s+(?=\p{L})/iu;
// Longer than this, an object is a clause the rules did not understand.
const MAX_OBJECT_WORDS = 8;
const NAME = "\\p{Lu}[\\p{L}\\p{N}'.-]*(?:\\s+[\\p{L}\\p{N}'.-]+){0,3}";
// "I am" / "I'm" (the pronoun may be lower case after a greeting).
const I_AM = "[Ii](?:\\s+am|'m)";
/** When something happened, said at the end of a sentence ("… last month", "… on weekends"). */
const TIME_SUFFIX =
  /\s+(?:(?:last|this|next)\s+(?:year|month|week|summer|winter|spring|fall|autumn)|yesterday|today|recently|these\s+days|nowadays|now|(?:on|at)\s+(?:the\s+)?weekends?|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days|every\s+(?:other\s+)?(?:day|week|weekend|morning|evening|night|month|year|summer|winter)|(?:once|twice|(?:two|three|four|five|\d+)\s+times)\s+(?:a|per|every)\s+(?:day|week|month|year)|daily|weekly|most\s+(?:days|weekends|mornings|evenings|nights)|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|in\s+\d{4}|since\s+\d{4}|(?:a|one|two|three|\d+)\s+\w+\s+ago|for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|\d+)\s+(?:years?|months?|weeks?|days?))$/i;
const SENTENCE_TIME_SUFFIX = new RegExp(`(?:${TIME_SUFFIX.source.slice(0, -1)})+$`, 'i');

/**
 * Offline, deterministic extractor for plain first-person English, used when no model is
 * configured. It reads each sentence of the user's messages and understands:
 * - my name is X / I'm X / call me X / I am called X → (user, name, X)
 * - I live in / moved to / relocated to X → lives_in; I am from / come from X → is_from
 * - I work at / for X → works_at; I work as (a) X → works_as
 * - I like / love / enjoy / hate / dislike / prefer X → likes / loves / … ; I am allergic to X
 * - my <relation> (friend, sister, boss, …) is / is called X → (user, relation, X)
 * - my <relation> X likes … / X likes / lives in / works at / is allergic to … (about others)
 * It skips questions, hypotheticals ("if I moved to Rome") and negations, except that
 * "I don't like X" becomes (user, dislikes, X).
 */
export class RuleExtractor extends Extractor {
  readonly description = 'rules (offline, first-person English)';

  override async extract(input: ExtractionInput): Promise<Extraction> {
    const triples: ExtractedTriple[] = [];
    for (const sentence of splitSentences(this.userText(input.messages))) {
      for (const clause of splitClauses(sentence)) triples.push(...extractSentence(clause));
    }
    return { triples: dedupe(triples), contradicts: [], summary: '', requests: 0, promptChars: 0 };
  }
}

/** Splits text into sentences, keeping the final punctuation (questions end in "?"). */
export function splitSentences(text: string): string[] {
  // Titles keep their full stop inside the sentence ("My boss is Mr. Tanaka.").
  // So do full stops inside a word: addresses, numbers, abbreviations ("kim.ng@mail.org", "3.5").
  const guarded = text
    .replace(/\b(Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr)\./g, '$1\u0000')
    .replace(/\.(?=[\p{L}\p{N}])/gu, '\u0000');
  return (guarded.match(/[^.!?\n]+[.!?]*/g) ?? [])
    .map((s) => s.replace(/\u0000/g, '.').trim())
    .filter((s) => s.length > 0);
}

// Words that start a clause of their own after "and", "but", ";" or a comma.
const CLAUSE_SUBJECT =
  "(?:I|I'm|I've|I'd|my|My|we|We|it|It|that|That|this|This|they|They|he|He|she|She|you|You)";
// Verbs that continue a clause whose subject was left out ("I live in Berlin and work at Siemens").
const CLAUSE_VERB =
  "(?:live|lives|lived|work|works|worked|moved|likes|loves|hates|relocated|like|love|enjoy|hate|dislike|prefer|am|come|came|went|visited|attended|joined|adopted|bought|started|finished|met|used to|don't|do not|no longer|never|also|really)";
const CLAUSE_BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?:and|but|while|whereas|so)\\s+(?=${CLAUSE_SUBJECT}\\b)|,\\s+(?=(?:I|I'm|I've|my)\\b)|,?\\s+(?:and|but)\\s+(?=${CLAUSE_VERB}\\b)|,?\\s+(?:and|but)\\s+(?=[\\p{L}-]+(?:\\s+[\\p{L}-]+)?\\s+(?:is|are)\\s+(?:my|\\p{Lu}[\\p{L}'-]*'s)\\s)`,
  'u',
);
const PAIR_SUBJECT = /^(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+and\s+I(?=\s)/u;
const STARTS_WITH_VERB = new RegExp(`^${CLAUSE_VERB}\\b`, 'iu');
const LEADING_SUBJECT = new RegExp(`^(I|${NAME}?)\\s+(?=\\p{Ll})`, 'u');

/**
 * Splits a compound sentence into clauses: at ";", and at "and", "but", "while", "so" or a comma
 * when a new subject follows ("I live in Berlin, and my sister lives in Rome"; "… and sushi is
 * Yuki's favourite dish") or a verb whose
 * subject was left out, which then carries over ("I live in Berlin and work at Siemens" →
 * "I live in Berlin" + "I work at Siemens"). Lists ("pizza, pasta and sushi") stay whole.
 */
export function splitClauses(sentence: string): string[] {
  const trimmed = sentence.trim();
  if (trimmed.endsWith('?')) return [trimmed];
  const end = /[.!]+$/.exec(trimmed)?.[0] ?? '';
  const parts: string[] = [];
  // "Tom and I got married": one subject of two people, not two clauses.
  let rest = trimmed.slice(0, trimmed.length - end.length).replace(PAIR_SUBJECT, '$1\u0001');
  for (let match = CLAUSE_BREAK.exec(rest); match; match = CLAUSE_BREAK.exec(rest)) {
    parts.push(rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
  }
  parts.push(rest);
  const subject = LEADING_SUBJECT.exec(parts[0] ?? '')?.[1];
  return parts
    .map((part) => part.replace(/\u0001/g, ' and I').trim())
    .filter((part) => part.length > 0)
    .map((part, i) => {
      const carried = i > 0 && subject && STARTS_WITH_VERB.test(part) ? `${subject} ${part}` : part;
      return `${carried}${end}`;
    });
}

/** The triples of one sentence (empty for questions, hypotheticals and most negations). */
export function extractSentence(raw: string): ExtractedTriple[] {
  const sentence = raw.replace(/[’]/g, "'").trim();
  if (sentence.endsWith('?') || QUESTION_START.test(sentence)) return [];
  const text = household(
    sentence
      .replace(/[.!]+$/, '')
      .replace(/^(well|so|oh|also|and|but|btw|by the way|actually|hi|hey|hello)[,!]?\s+/i, '')
      .replace(LEAD_IN, '')
      .replace(TIME_PREFIX, ''),
  ).replace(SENTENCE_TIME_SUFFIX, '');
  if (HYPOTHETICAL.test(text)) return [];

  // Fixed words are matched in lower case; names keep their capitals (they mark a name).
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  const negative = lowered.match(/^i\s+(?:don't|do not|no longer)\s+(like|love|enjoy)\s+(.+)$/);
  if (negative) return objects(negative[2] ?? '').map((o) => triple('user', 'dislikes', o, 'person', ''));
  if (NEGATION.test(text)) return negated(text);

  return applyRules(text, lowered);
}

/**
 * "We" and "our" as the user's household: where they live, their pets ("We moved to Porto",
 * "Our puppy, Milo, …"). A "we" doing anything else (watching a film) says nothing about the user.
 */
const OUR_PET = new RegExp(`^our\\s+(?=(?:new\\s+)?(?:${PET_KINDS})\\b)`, 'iu');

function household(text: string): string {
  return text
    .replace(
      /^we(?:'ve|\s+have)?\s+(?=(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated|live|adopted|got|have)\b)/iu,
      'I ',
    )
    .replace(/^we're\s+(?=living\b)/iu, "I'm ")
    .replace(OUR_PET, 'My ');
}

function applyRules(text: string, lowered: string): ExtractedTriple[] {
  for (const rule of RULES) {
    const match = (rule.nameFirst ? text : lowered).match(rule.pattern);
    if (match) return rule.build(match).filter((t) => t.object.length > 0 && t.subject.length > 0);
  }
  return [];
}

// Negated verb forms and their positive forms ("doesn't live" → "lives").
const NEGATED_FORMS: [RegExp, string][] = [
  [/\b(?:doesn't|does not)\s+(live|work|like|love)\b/i, '$1s'],
  [/\b(?:don't|do not|no longer|never)\s+/i, ''],
  [/\b(am|is|are)\s+not\b|\b(?:isn't)\b/i, '$1'],
  [/'m\s+not\b/i, "'m"],
];

/**
 * A negated statement ("I don't live in Paris anymore", "Anna isn't allergic to nuts") gives the
 * negated fact `not_<predicate>`, which closes the positive one when it holds. Names and
 * anything the rules do not read in the positive form give nothing.
 */
function negated(text: string): ExtractedTriple[] {
  let positive = text;
  let changed = false;
  for (const [pattern, replacement] of NEGATED_FORMS) {
    if (!pattern.test(positive)) continue;
    positive = positive.replace(pattern, (...m: string[]) =>
      replacement
        .replace(/\$1/g, m[1] ?? 'is')
        .replace(/^is$/, m[0]?.startsWith('isn') ? 'is' : (m[1] ?? '')),
    );
    changed = true;
    break;
  }
  if (!changed || NEGATION.test(positive)) return [];
  const lowered = positive.charAt(0).toLowerCase() + positive.slice(1);
  return applyRules(positive, lowered)
    .filter((t) => t.predicate !== 'name')
    .map((t) => ({ ...t, predicate: `not_${t.predicate}` }));
}

interface Rule {
  pattern: RegExp;
  /** Match the sentence as written (its first word is a name), not with its first letter lowered. */
  nameFirst?: boolean;
  build: (match: RegExpMatchArray) => ExtractedTriple[];
}

const RULES: Rule[] = [
  // Work: employer and role in one sentence, a new job, being employed, joining a company.
  {
    pattern: /^[Ii]\s+work\s+(?:at|for)\s+(.+?)\s+as\s+(?:an?\s+)?(.+)$/u,
    build: (m) => [
      triple('user', 'works_at', clean(m[1]), 'person', 'organization'),
      triple('user', 'works_as', clean(m[2]), 'person', 'role'),
    ],
  },
  {
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:started|begun|got|landed|accepted|took)\s+(?:a\s+|my\s+|the\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(.+?)(?:\s+as\s+(?:an?\s+)?(.+))?$/u,
    build: (m) => [
      triple('user', 'works_at', clean(m[1]), 'person', 'organization'),
      ...(m[2] ? [triple('user', 'works_as', clean(m[2]), 'person', 'role')] : []),
    ],
  },
  {
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii]\\s+got)\\s+(?:now\\s+)?(?:employed|hired)\\s+(?:by|at)\\s+(.+)$`,
      'u',
    ),
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // Joining a named organisation (not "a club", "the gym") is working there.
    nameFirst: true,
    pattern:
      /^I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?joined\s+(\p{Lu}[\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*){0,3})$/u,
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // Leaving a job closes it: the negated fact closes the one it denies.
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:quit|left|resigned\s+from|stopped\s+working\s+(?:at|for))\s+(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?(.+)$/u,
    build: (m) => {
      const place = clean(m[1]);
      // "I quit smoking", "I left early": only a named employer (or "my job at X") is a job left.
      return /^\p{Lu}/u.test(place) ? [triple('user', 'not_works_at', place, 'person', 'organization')] : [];
    },
  },
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
      /^(?:my\s+birthday\s+is(?:\s+on)?|[Ii]\s+was\s+born\s+on|[Ii]\s+celebrate\s+my\s+birthday\s+on)\s+(.+)$/u,
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
    // "I'm a nurse" (an occupation: the job), "I'm a vegetarian" (something else one is).
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii](?:'ve|\\s+have)\\s+been)\\s+(?:now\\s+)?an?\\s+((?:\\p{Ll}+\\s+)?\\p{Ll}+)(?:\\s+(?:for|since)\\s+.+|\\s+now|\\s+by\\s+profession)?$`,
      'u',
    ),
    build: (m) => {
      const what = clean(m[1]);
      const head = what.split(/\s+/).pop() ?? '';
      if (!isPersonNoun(head)) return [];
      return [triple('user', isOccupation(head) ? 'works_as' : 'is_a', what, 'person', 'role')];
    },
  },
  // Home and roots.
  {
    pattern: /^[Ii](?:'ve|\s+have)\s+been\s+living\s+in\s+(.+?)(?:\s+for\s+.+|\s+since\s+.+)?$/u,
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    pattern: /^[Ii]\s+(?:grew\s+up|was\s+born\s+and\s+raised|was\s+raised)\s+in\s+(.+)$/u,
    build: (m) => [triple('user', 'is_from', clean(m[1]), 'person', 'place')],
  },
  // Pets, as adopted or got ("We adopted a dog named Biscuit").
  {
    nameFirst: true,
    pattern: new RegExp(
      `^[Ii](?:'ve|\\s+have)?\\s+(?:just\\s+|finally\\s+)?(?:adopted|got|have|bought|rescued)\\s+(?:a|an|my|our)\\s+(?:new\\s+|little\\s+)?(${PET_KINDS})\\s+(?:named|called)\\s+(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)`,
      'u',
    ),
    build: (m) => [triple('user', petKind(m[1]), clean(m[2]), 'person', 'animal')],
  },
  // Instruments, sports and pastimes.
  {
    pattern: new RegExp(`^${I_AM}\\s+(?:learning|studying)\\s+(?:to\\s+play\\s+)?(?:the\\s+)?(.+)$`, 'u'),
    // "I'm learning a ton" says how much, not what: amounts (WordNet's noun.quantity) are no subject.
    build: (m) =>
      objects(m[1])
        .filter((o) => !isQuantity(o))
        .map((o) => triple('user', 'is_learning', o, 'person', '')),
  },
  {
    pattern: /^[Ii]\s+(?:play|practise|practice)\s+(?:the\s+)?(.+)$/u,
    build: (m) => objects(withoutCompanions(m[1])).map((o) => triple('user', 'plays', o, 'person', '')),
  },
  {
    // "I do judo": only a sport, an exercise or a dance ("I do the dishes" says nothing kept).
    pattern: /^[Ii]\s+do\s+(?:some\s+)?(.+)$/u,
    build: (m) =>
      objects(withoutCompanions(m[1]))
        .filter((o) => isPastime(o))
        .map((o) => triple('user', 'does', o, 'person', '')),
  },
  {
    pattern: /^[Ii]\s+took\s+up\s+(?:the\s+)?(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'plays', o, 'person', '')),
  },
  // Allergies said another way, favourite things, marriage.
  {
    pattern: /^[Ii]\s+have\s+an?\s+(?:\p{Ll}+\s+)?allergy\s+to\s+(.+)$/u,
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
    pattern:
      /^(?!(?:I|It|This|That|There|He|She|They|We)\b)(.+?)\s+is\s+my\s+favou?rite\s+(?:meal|dish|food|snack|dessert|drink|cuisine)$/u,
    build: (m) =>
      objects(m[1]).map((o) =>
        triple(
          'user',
          'likes',
          o.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()),
          'person',
          '',
        ),
      ),
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
        triple(
          who ? clean(who) : 'user',
          'likes',
          o.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()),
          'person',
          '',
        ),
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
      `^(?:I|i)(?:'m|\\s+am)\\s+married\\s+to\\s+(${NAME})$|^(\\p{Lu}[\\p{L}'-]*)\\s+and\\s+I\\s+(?:got|are|were)\\s+married\\b`,
      'u',
    ),
    build: (m) => [triple('user', 'married_to', clean(m[1] ?? m[2]), 'person', 'person')],
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
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    pattern: /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+(.+)$/u,
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    pattern: new RegExp(`^${I_AM}\\s+from\\s+(.+)$|^[Ii]\\s+come\\s+from\\s+(.+)$`, 'u'),
    build: (m) => [triple('user', 'is_from', clean(m[1] ?? m[2]), 'person', 'place')],
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
      objects(m[2]).map((o) =>
        triple('user', (m[1] ?? '').toLowerCase().replace(/\s+/g, '_'), o, 'person', ''),
      ),
  },
  {
    pattern: /^[Ii]\s+work\s+as\s+(?:an?\s+)?(.+?)(?:\s+(?:at|for)\s+(.+))?$/u,
    build: (m) => [
      triple('user', 'works_as', clean(m[1]), 'person', 'role'),
      ...(m[2] ? [triple('user', 'works_at', clean(m[2]), 'person', 'organization')] : []),
    ],
  },
  {
    pattern: new RegExp(`^(?:[Ii]\\s+work|${I_AM}\\s+working)\\s+(?:at|for)\\s+(.+)$`, 'u'),
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
    build: (m) => objects(m[2]).map((o) => triple('user', preferencePredicate(m[1]), o, 'person', '')),
  },
  {
    pattern: new RegExp(
      `^my\\s+(${RELATIONS})(?:'s name)?\\s+(?:is called|is named|is|'s)\\s+(${NAME})$`,
      'u',
    ),
    build: (m) => [triple('user', relation(m[1]), clean(m[2]), 'person', relationType(m[1]))],
  },
  {
    pattern: new RegExp(
      `^my\\s+(${RELATIONS})\\s+(${NAME}?)\\s+(${PREFERENCE_VERBS}|lives in|works at|works for|is allergic to)\\s+(.+)$`,
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
      const related = /^my\s+(\p{Ll}[\p{L}-]*)\s+(\p{Lu}.*)$/iu.exec(clean(m[1]));
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
    build: (m) => [triple('user', 'name', clean(m[1]), 'person', 'person')],
  },
  {
    // Last: someone named by how they relate to the user, anywhere in a sentence no other rule
    // read ("Our puppy, Milo, chewed…", "I walk my dog Luna every morning", "My younger sister
    // Hana visited us").
    nameFirst: true,
    pattern: new RegExp(
      `\\b[Mm]y\\s+(?:(?:younger|older|little|big|elder|best|new|old)\\s+)?(${RELATIONS}),?\\s+(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)(?=[\\s,.!]|$)`,
      'u',
    ),
    build: (m) => {
      const name = clean(m[2]);
      if (NOT_A_NAME.test(name)) return [];
      return [triple('user', relation(m[1]), name, 'person', relationType(m[1]))];
    },
  },
];

/** The kind of a pet as kept: its kind, young ones as grown ("puppy" → dog). */
function petKind(word: string | undefined): string {
  const kind = (word ?? '').toLowerCase().replace(/\s+/g, '_');
  return ANIMAL_KIND[kind] ?? kind;
}

function aboutOther(subject: string, verb: string, rest: string, subjectType: string): ExtractedTriple[] {
  const v = verb.toLowerCase();
  if (v === 'lives in') return [triple(subject, 'lives_in', clean(rest), subjectType, 'place')];
  if (v === 'works at' || v === 'works for')
    return [triple(subject, 'works_at', clean(rest), subjectType, 'organization')];
  if (v === 'is allergic to')
    return objects(rest).map((o) => triple(subject, 'is_allergic_to', o, subjectType, ''));
  return objects(rest).map((o) => triple(subject, preferencePredicate(v), o, subjectType, ''));
}

function preferencePredicate(verb: string | undefined): string {
  const v = (verb ?? '').toLowerCase().replace(/s$/, '');
  if (v === 'enjoy' || v === 'adore') return 'likes';
  if (v === 'dislike' || v === 'hate') return v === 'hate' ? 'hates' : 'dislikes';
  return `${v}s`;
}

function relation(word: string | undefined): string {
  const key = (word ?? '').toLowerCase().replace(/\s+/g, '_');
  return (Object.hasOwn(ANIMAL_KIND, key) ? ANIMAL_KIND[key] : undefined) ?? key;
}

function relationType(word: string | undefined): string {
  return /^(dog|puppy|pup|cat|kitten|pet)$/i.test(word ?? '') ? 'animal' : 'person';
}

/** Splits "pizza, pasta and sushi" into its items. */
function objects(text: string | undefined): string[] {
  return (text ?? '')
    .trim()
    .replace(/[.,;:!]+$/, '')
    .split(/\s*,\s*|\s+and\s+/i)
    .map((o) => nounPhrase(o))
    .filter(
      (o) =>
        o.length > 0 &&
        !PRONOUN_OBJECT.test(o) &&
        !CLAUSE_OBJECT.test(o) &&
        o.split(/\s+/).length <= MAX_OBJECT_WORDS,
    );
}

/** The noun phrase at the start of an object: reasons, purposes and relative clauses cut off. */
function nounPhrase(text: string): string {
  const cut = text.replace(CLAUSE_TAIL, '').trim();
  const purpose = PURPOSE_TAIL.exec(cut);
  return clean((purpose?.[1] ?? cut).replace(DETERMINER, ''));
}

/** What one does, without who one does it with ("rugby with friends" → "rugby"). */
function withoutCompanions(text: string | undefined): string {
  const t = (text ?? '').trim().replace(/[.,;:!]+$/, '');
  const m = t.match(COMPANIONS);
  return m && isPersonNoun(m[2]?.split(/\s+/).at(-1) ?? '') ? (m[1] ?? t) : t;
}

function clean(text: string | undefined): string {
  let t = (text ?? '').trim().replace(/[.,;:!]+$/, '');
  while (FILLER.test(t) || TIME_SUFFIX.test(t)) t = t.replace(FILLER, '').replace(TIME_SUFFIX, '').trim();
  return t.replace(/^(the|a|an)\s+(?=\p{Ll})/iu, '').trim();
}

function triple(
  subject: string,
  predicate: string,
  object: string,
  subjectType: string,
  objectType: string,
): ExtractedTriple {
  return { subject, predicate, object, subjectType, objectType };
}

function dedupe(triples: ExtractedTriple[]): ExtractedTriple[] {
  const seen = new Set<string>();
  return triples.filter((t) => {
    const key = `${t.subject.toLowerCase()}|${t.predicate}|${t.object.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
