import { type ExtractedTriple, type Extraction, type ExtractionInput, Extractor } from './base.js';

const QUESTION_START =
  /^(do|does|did|is|are|am|was|were|can|could|would|will|should|shall|have|has|what|where|who|whom|whose|when|why|how|which)\b/i;
const HYPOTHETICAL =
  /\b(if|unless|suppose|supposing|imagine|maybe|perhaps|wish|would|could|might|might've|i'd)\b/i;
const NEGATION =
  /\b(not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|cannot)\b|n't\b/i;
const RELATIONS =
  'friend|best friend|sister|brother|mother|mom|mum|father|dad|wife|husband|partner|girlfriend|boyfriend|son|daughter|boss|manager|colleague|coworker|roommate|neighbor|neighbour|cousin|aunt|uncle|grandmother|grandfather|grandma|grandpa|dog|cat|pet|teacher|doctor|dentist';
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
const TIME_SUFFIX =
  /\s+(?:(?:last|this|next)\s+(?:year|month|week|summer|winter|spring|fall|autumn)|yesterday|today|recently|in\s+\d{4}|since\s+\d{4}|(?:a|one|two|three|\d+)\s+\w+\s+ago|for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|\d+)\s+(?:years?|months?|weeks?|days?))$/i;

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
  const guarded = text.replace(/\b(Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr)\./g, '$1\u0000');
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
  `\\s*;\\s*|,?\\s+(?:and|but|while|whereas|so)\\s+(?=${CLAUSE_SUBJECT}\\b)|,\\s+(?=(?:I|I'm|I've|my)\\b)|,?\\s+(?:and|but)\\s+(?=${CLAUSE_VERB}\\b)`,
  'u',
);
const STARTS_WITH_VERB = new RegExp(`^${CLAUSE_VERB}\\b`, 'iu');
const LEADING_SUBJECT = new RegExp(`^(I|${NAME}?)\\s+(?=\\p{Ll})`, 'u');

/**
 * Splits a compound sentence into clauses: at ";", and at "and", "but", "while", "so" or a comma
 * when a new subject follows ("I live in Berlin, and my sister lives in Rome") or a verb whose
 * subject was left out, which then carries over ("I live in Berlin and work at Siemens" →
 * "I live in Berlin" + "I work at Siemens"). Lists ("pizza, pasta and sushi") stay whole.
 */
export function splitClauses(sentence: string): string[] {
  const trimmed = sentence.trim();
  if (trimmed.endsWith('?')) return [trimmed];
  const end = /[.!]+$/.exec(trimmed)?.[0] ?? '';
  const parts: string[] = [];
  let rest = trimmed.slice(0, trimmed.length - end.length);
  for (let match = CLAUSE_BREAK.exec(rest); match; match = CLAUSE_BREAK.exec(rest)) {
    parts.push(rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
  }
  parts.push(rest);
  const subject = LEADING_SUBJECT.exec(parts[0] ?? '')?.[1];
  return parts
    .map((part) => part.trim())
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
  const text = sentence
    .replace(/[.!]+$/, '')
    .replace(/^(well|so|oh|also|and|but|btw|by the way|actually|hi|hey|hello)[,!]?\s+/i, '');
  if (HYPOTHETICAL.test(text)) return [];

  // Fixed words are matched in lower case; names keep their capitals (they mark a name).
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  const negative = lowered.match(/^i\s+(?:don't|do not|no longer)\s+(like|love|enjoy)\s+(.+)$/);
  if (negative) return objects(negative[2] ?? '').map((o) => triple('user', 'dislikes', o, 'person', ''));
  if (NEGATION.test(text)) return negated(text);

  return applyRules(text, lowered);
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
];

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
  return (word ?? '').toLowerCase().replace(/\s+/g, '_');
}

function relationType(word: string | undefined): string {
  return /^(dog|cat|pet)$/i.test(word ?? '') ? 'animal' : 'person';
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
