import { isDietNoun } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { type ExtractedTriple, type Extraction, type ExtractionInput, Extractor } from './base.js';
import { leadingSubject, startsWithInflectedVerb, verbAfterConjunction } from './clause-carry.js';
import { negated } from './rule-negation.js';
import { asSubject, OtherPeople, withRelations } from './rule-others.js';
import {
  ABLE_TO,
  CORRECTION_LEAD,
  DEGREE_ADVERBS,
  HYPOTHETICAL,
  LEAD_IN,
  LEADING_FILLER,
  MODIFIED,
  NEGATION,
  NEUTRAL_ADVERBS,
  NEUTRAL_LOWER_ADVERBS,
  NEW_VALUE,
  NOT_A_NAME,
  NOT_ALTERNATIVE,
  PERSON_RELATIONS,
  PET_KINDS,
  QUESTION_START,
  RELATIONS,
  REPORTING_LEAD,
  SENTENCE_TIME_SUFFIX,
  TIME_PREFIX,
  USED_TO_BEFORE,
} from './rule-patterns.js';
import { applyRules } from './rule-table.js';
import { cannotConsume } from './rule-table-said.js';
import {
  dedupe,
  lowerFirst,
  objects,
  preferenceAsGerund,
  triple,
  withoutMiddleCompanions,
} from './rule-words.js';

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
    const people = new OtherPeople();
    // The thread's previous turn says whom "she" or "he" in this one is.
    readText(this.userText(input.previous ?? []), people);
    const triples = readText(this.userText(input.messages), people);
    return { triples: dedupe(triples), contradicts: [], summary: '', requests: 0, promptChars: 0 };
  }
}

// "I have a sister who lives in Berlin": said of one the user has, as "My sister lives in Berlin".
const HAVE_ONE_WHO = new RegExp(
  `^I\\s+have\\s+(?:a|an|one)\\s+(${MODIFIED}(?:${PERSON_RELATIONS}))\\s+(?:who|that)\\s+(?=\\p{Ll})`,
  'u',
);

/** The triples of a text, clause by clause, each pronoun read as the person named before it. */
function readText(text: string, people: OtherPeople): ExtractedTriple[] {
  const triples: ExtractedTriple[] = [];
  for (const sentence of splitSentences(text)) {
    for (const raw of eachNamed(withoutApposition(sentence)).flatMap(splitClauses)) {
      const clause = people.resolve(raw.replace(HAVE_ONE_WHO, 'My $1 '));
      const renamed = people.renamed(clause);
      const found = renamed.length > 0 ? renamed : extractSentence(clause);
      const other = people.firstPerson(clause);
      // Someone else's sentence the rules did not read of them: read as they would say it.
      const theirs =
        other && !found.some((t) => t.subject === other.subject)
          ? asSubject(other.subject, extractSentence(other.text))
          : [];
      const all = withRelations(clause, [...found, ...theirs]);
      triples.push(...all);
      people.remember(other?.subject, all);
    }
  }
  return triples;
}

// "Luis, my husband, is a pilot": a name, then how the user relates to them between commas.
const NAME_THEN_RELATION = new RegExp(
  `^(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?),\\s+(?:my|our)\\s+(${MODIFIED}(?:${RELATIONS})),\\s+(?=\\p{Ll})`,
  'u',
);
// "I walk Luna, my dog, every morning": the same, after the sentence's own subject.
const NAME_THEN_RELATION_LATER = new RegExp(
  `\\s(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?),\\s+(?:my|our)\\s+(${MODIFIED}(?:${RELATIONS})),?(?=\\s|[.!]*$)`,
  'u',
);
// "My sister, she lives in Rome": the subject taken up again by its pronoun.
const SUBJECT_TAKEN_UP = new RegExp(
  `^([Mm]y\\s+${MODIFIED}(?:${RELATIONS})),\\s+(?:she|he|they)\\s+(?=\\p{Ll})`,
  'u',
);

// "We got a puppy last week, his name is Bolt": someone or something got, then its name.
const NAME_AFTER_COMMA =
  /^(.*\b(?:a|an)\s+(?:new\s+|little\s+|baby\s+)?\p{Ll}+)(\s[^,]*)?,\s+(?:and\s+)?(?:his|her|its|their)\s+name(?:'s|\s+is)\s+(\p{Lu}[\p{L}'-]*)(\s.*|[.!]*)$/u;

// "I got a puppy and named it Bolt": someone or something got, then named.
const NAMED_AFTER_AND =
  /^(.*\b(?:a|an)\s+(?:new\s+|little\s+|baby\s+)?\p{Ll}+)(\s[^,]*?)?,?\s+and\s+(?:we\s+|I\s+)?(?:named|called)\s+(?:it|him|her|them)\s+(\p{Lu}[\p{L}'-]*)(\s.*|[.!]*)$/u;

/**
 * A sentence with its subject said once, as the rules read it: "Luis, my husband, is a pilot" →
 * "My husband Luis is a pilot"; "My sister, she lives in Rome" → "My sister lives in Rome"; "We
 * got a puppy last week, his name is Bolt" (or "and named him Bolt") → "We got a puppy named
 * Bolt last week". Names that
 * are not names ("This, my friend, is …") are left as they are.
 */
function withoutApposition(sentence: string): string {
  const called = NAME_AFTER_COMMA.exec(sentence) ?? NAMED_AFTER_AND.exec(sentence);
  if (called?.[3] && !NOT_A_NAME.test(called[3]))
    return `${called[1]} named ${called[3]}${called[2] ?? ''}${called[4] ?? ''}`;
  const named = NAME_THEN_RELATION.exec(sentence);
  if (named?.[1] && !named[1].split(/\s+/).some((w) => NOT_A_NAME.test(w)))
    return `My ${named[2]} ${named[1]} ${sentence.slice(named[0].length)}`;
  const later = NAME_THEN_RELATION_LATER.exec(sentence);
  if (later?.[1] && !later[1].split(/\s+/).some((w) => NOT_A_NAME.test(w)))
    return `${sentence.slice(0, later.index)} my ${later[2]} ${later[1]}${sentence.slice(later.index + later[0].length)}`;
  const taken = SUBJECT_TAKEN_UP.exec(sentence);
  return taken ? `${taken[1]} ${sentence.slice(taken[0].length)}` : sentence;
}

// "We have a cat called Miso and a dog called Rex": two things got, each with its name.
const TWO_NAMED =
  /^(.*?\b(?:have|has|got|adopted|rescued|own)\s+)(an?\s+[^,]+?\s+(?:called|named)\s+\p{Lu}[\p{L}'-]*),?\s+and\s+(an?\s+[^,]+?\s+(?:called|named)\s+\p{Lu}[\p{L}'-]*)(.*)$/u;

/** A sentence naming two things got, as one sentence for each ("I have a cat called Miso" + "I have a dog called Rex"). */
function eachNamed(sentence: string): string[] {
  const m = TWO_NAMED.exec(sentence);
  if (!m) return [sentence];
  const [, got = '', first = '', second = '', rest = ''] = m;
  return [`${got}${first}${rest}`, `${got}${second}${rest}`];
}

/** Splits text into sentences, keeping the final punctuation (questions end in "?"). */
export function splitSentences(text: string): string[] {
  // Titles keep their full stop inside the sentence ("My boss is Mr. Tanaka.").
  // So do full stops inside a word: addresses, numbers, abbreviations ("kim.ng@mail.org", "3.5").
  const guarded = text
    .replace(/\b(Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr)\./g, '$1\u0000')
    // So does a middle initial after a name ("Ursula K. Le Guin", "John F. Kennedy").
    .replace(/(?<=\b\p{Lu}\p{Ll}+\s\p{Lu})\.(?=\s+\p{Lu}\p{Ll})/gu, '\u0000')
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
  "(?:live|lives|lived|work|works|worked|moved|likes|loves|hates|relocated|like|love|enjoy|hate|dislike|prefer|am|come|came|went|visited|attended|joined|adopted|bought|started|finished|met|used to|don't|do not|no longer|never|also|really|became|retrained)";
const CLAUSE_BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?:and|but|while|whereas|so)\\s+(?=${CLAUSE_SUBJECT}\\b)|,\\s+(?=(?:I|I'm|I've|my|it)\\b)|,?\\s+(?:and|but)\\s+(?=${CLAUSE_VERB}\\b)|,?\\s+(?:and|but)\\s+(?=[\\p{L}-]+(?:\\s+[\\p{L}-]+)?\\s+(?:is|are)\\s+(?:my|\\p{Lu}[\\p{L}'-]*'s)\\s)`,
  'u',
);
// Someone and the user as one subject: by name ("Tom and I", "My partner Alex and I") or by how
// they relate ("My wife and I").
const NAME_AND_I = String.raw`(?:(?:[Mm]y\s+(?:${RELATIONS})\s+)?(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)|[Mm]y\s+(${PERSON_RELATIONS}))\s+and\s+I`;
const PAIR_SUBJECT = new RegExp(`^${NAME_AND_I}(?=\\s)`, 'u');
// A clause whose subject is someone and the user ("Tom and I work at Google").
const PAIR_CLAUSE = new RegExp(`^${NAME_AND_I}\\s+(.+)$`, 'u');
// Verbs of a change in one's life said without "I" ("Moved to Cork", "Left Stripe", "Sold the car"):
// capitalised at a sentence's start, or after a comma in one that began so.
const TERSE_PAST_VERBS = 'moved|relocated|left|quit|joined|started|bought|sold|adopted|switched';
const TERSE_PAST = new RegExp(
  `^(?:(?:Just|Finally|Recently)\\s+(?=(?:${TERSE_PAST_VERBS}|turned|became|got)\\s)|(?:${TERSE_PAST_VERBS.replace(/\b\w/g, (c) => c.toUpperCase())})\\s)`,
  'u',
);
// "Me and my wife live in Graz", "Me and Tom …": the pair as "my wife and I" says it.
const ME_AND = new RegExp(
  `^Me\\s+and\\s+((?:my\\s+(?:${PERSON_RELATIONS}))|\\p{Lu}[\\p{L}'-]*)\\s+(?=\\p{Ll})`,
  'u',
);
// "Been vegetarian for years", "Been at Shopify since 2019": a state kept until now, said without "I've".
const TERSE_BEEN = /^Been\s+(?=\p{Ll})/u;
const TERSE_NEXT = new RegExp(`,\\s+(?=(?:${TERSE_PAST_VERBS})\\s)`, 'u');
const STARTS_WITH_VERB = new RegExp(`^${CLAUSE_VERB}\\b`, 'iu');

// A state said without "I'm": a participle ("Working at Zalando now") or a describing word before
// a preposition or alone ("Allergic to nuts", "Retired now"), or a diet ("Vegetarian since 2020").
const TERSE_STATE = /^(\p{Lu}\p{Ll}+)(?:\s+(to|in|at|of|from|with|for|since|on|now)\b|[.!]*$)/u;
// Verbs a clause is finite with ("Living in Lyon is expensive": the participle is its subject).
const FINITE =
  /\b(?:is|are|was|were|has|had|can|could|will|would|makes|made|feels|seems|sucks|means|takes)\b/i;

/**
 * A state said of oneself without a subject, as "I'm" would say it ("Allergic to nuts" → "I'm
 * allergic to nuts"; "Working at Zalando now" → "I'm working at Zalando now"); undefined when the
 * first word is a name or no state ("Sunny lives in Rome", "Living in Lyon is expensive").
 */
function terseState(said: string): string | undefined {
  const m = TERSE_STATE.exec(said);
  const word = m?.[1]?.toLowerCase();
  if (!m || !word || NOT_A_NAME.test(word) || QUESTION_START.test(word) || FINITE.test(said))
    return undefined;
  const wordnet = sharedWordNet();
  const participle = word.endsWith('ing') && (wordnet.lemmas(word, 'verb')[0] ?? word) !== word;
  const describing = wordnet.lemmas(word, 'adj').length > 0 || isDietNoun(word);
  return participle || describing ? `I'm ${lowerFirst(said)}` : undefined;
}

/**
 * Splits a compound sentence into clauses: at ";", and at "and", "but", "while", "so" or a comma
 * when a new subject follows ("I live in Berlin, and my sister lives in Rome"; "… and sushi is
 * Yuki's favourite dish") or a verb whose
 * subject was left out, which then carries over ("I live in Berlin and work at Siemens" →
 * "I live in Berlin" + "I work at Siemens"). Lists ("pizza, pasta and sushi") stay whole.
 */
export function splitClauses(sentence: string): string[] {
  // "Moved to Cork.", "Sold the Civic, bought a Kia.": a terse past said of oneself.
  const said = sentence
    .trim()
    .replace(REPORTING_LEAD, '')
    .replace(ME_AND, (_, who: string) => `${who.charAt(0).toUpperCase()}${who.slice(1)} and I `);
  const trimmed = TERSE_PAST.test(said)
    ? `I ${lowerFirst(said)}`
    : TERSE_BEEN.test(said)
      ? said.replace(TERSE_BEEN, "I've been ")
      : (terseState(said) ?? said);
  if (trimmed.endsWith('?')) return [trimmed];
  const end = /[.!]+$/.exec(trimmed)?.[0] ?? '';
  const parts: string[] = [];
  // "Tom and I got married": one subject of two people, not two clauses.
  const terse = trimmed !== said;
  let rest = trimmed
    .slice(0, trimmed.length - end.length)
    .replace(PAIR_SUBJECT, (pair, name: string | undefined) =>
      // "I'm Maria and I work …": two clauses of the user's, not Maria and the user.
      name?.split(/\s+/).some((w) => NOT_A_NAME.test(w)) ? pair : pair.replace(/\s+and\s+I$/, '\u0001'),
    );
  const breaks = (text: string) =>
    CLAUSE_BREAK.exec(text) ?? (terse ? TERSE_NEXT.exec(text) : null) ?? verbAfterConjunction(text);
  for (let match = breaks(rest); match; match = breaks(rest)) {
    parts.push(rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
  }
  parts.push(rest);
  const subject = leadingSubject(parts[0] ?? '');
  return parts
    .map((part) => part.replace(/\u0001/g, ' and I').trim())
    .filter((part) => part.length > 0)
    .map((part, i) => {
      const carried =
        i > 0 && subject && (STARTS_WITH_VERB.test(part) || startsWithInflectedVerb(part))
          ? `${subject} ${part}`
          : part;
      return `${carried}${end}`;
    });
}

/** The triples of one sentence (empty for questions, hypotheticals and most negations). */
export function extractSentence(raw: string): ExtractedTriple[] {
  let sentence = raw.replace(/[’]/g, "'").trim();
  if (sentence.endsWith('?') || QUESTION_START.test(sentence)) return [];
  for (let lead = CORRECTION_LEAD.exec(sentence); lead; lead = CORRECTION_LEAD.exec(sentence))
    sentence = sentence.slice(lead[0].length);
  if (!sentence || QUESTION_START.test(sentence)) return [];
  const before = USED_TO_BEFORE.exec(sentence.replace(/[.!]+$/, ''));
  if (before) {
    const [, verb, preposition, past, later] = before;
    return dedupe([
      ...extractSentence(`I used to ${verb} ${preposition} ${past}.`),
      ...extractSentence(`I ${verb} ${preposition} ${later}.`),
    ]);
  }
  const timed = household(
    sentence
      .replace(/[.!]+$/, '')
      .replace(LEADING_FILLER, '')
      .replace(/\s+(?:too|as well)$/i, '')
      .replace(LEAD_IN, '')
      .replace(NEW_VALUE, '$1 ')
      .replace(TIME_PREFIX, ''),
  );
  const born = BORN_IN_YEAR.exec(timed);
  if (born) return bornInYear(born[2] ?? '', born[1]);
  // "I could eat sushi every day": no supposition but a liking.
  const craved = COULD_EAT_ALWAYS.exec(timed);
  if (craved) return objects(craved[1]).map((o) => triple('user', 'likes', o, 'person', ''));
  // "My birthday is in June": the time said is the value itself, not when it was so.
  const untimed = SAYS_BIRTHDAY.test(timed) ? timed : timed.replace(SENTENCE_TIME_SUFFIX, '');
  // "I've lived in Rome for five years": lived there all that time, and still does.
  const lasting = /\b(?:for|since)\b/i.test(timed.slice(untimed.length));
  const text = lasting
    ? untimed
        .replace(PERFECT_WITH_DURATION, (_, verb: string) => `I ${verb}`)
        .replace(BEEN_AT_WITH_DURATION, 'I work at ')
    : untimed;
  if (HYPOTHETICAL.test(text)) return [];
  // "Marta lives in Valencia, not Madrid": the value ruled out is not read as part of it.
  const stated = NEGATION.test(text.replace(NOT_ALTERNATIVE, '')) ? text : text.replace(NOT_ALTERNATIVE, '');
  return readStatement(
    stated.replace(NEUTRAL_ADVERBS, '').replace(NEUTRAL_LOWER_ADVERBS, '').replace(DEGREE_ADVERBS, ''),
  );
}

// A birthday said, whose time is its value ("My birthday is in June", "My date of birth is …").
const SAYS_BIRTHDAY = /^my\s+(?:birthday|b-?day|date\s+of\s+birth|birth\s+date)\b/i;
// "I was born in 1990", "I was born in Bilbao in 1990": the year, and the place where said.
const BORN_IN_YEAR = /^I\s+was\s+born\s+(?:in\s+(\p{Lu}[^,]*?),?\s+)?in\s+(\d{4})$/iu;

const COULD_EAT_ALWAYS =
  /^I\s+could\s+(?:eat|live\s+on)\s+(.+?)\s+(?:every\s+(?:single\s+)?day|every\s+meal|all\s+day(?:\s+long)?|forever)$/iu;

/** The year one was born in, and where, when the sentence says it too. */
function bornInYear(year: string, place: string | undefined): ExtractedTriple[] {
  const when = triple('user', 'birth_year', year, 'person', 'date');
  return place ? dedupe([...extractSentence(`I was born in ${place}.`), when]) : [when];
}

/** The triples of a statement once its lead-in, time and asides are read off. */
function readStatement(said: string): ExtractedTriple[] {
  const text = preferenceAsGerund(
    said
      .replace(BEEN_DOING, (_, verb: string) => `I ${PLAIN_FORM[verb] ?? verb}`)
      .replace(ABLE_TO, 'I $1 $2'),
  );
  if (text === undefined) return [];
  // Fixed words are matched in lower case; names keep their capitals (they mark a name).
  const lowered = lowerFirst(text);
  const negative = lowered.match(/^i\s+(?:don't|do not|no longer)\s+(like|love|enjoy)\s+(.+)$/);
  const cannotStand = lowered.match(/^i\s+(?:can't|cannot|can\s+not)\s+(?:stand|bear)\s+(.+)$/);
  const disliked = negative?.[2] ?? cannotStand?.[1];
  if (disliked) return objects(disliked).map((o) => triple('user', 'dislikes', o, 'person', ''));
  const cannot = cannotConsume(lowered);
  if (cannot.length > 0) return cannot;
  if (NEGATION.test(text)) return negated(text);
  // "I stopped playing tennis", "I gave up smoking cigars": what one did, no longer done.
  const stopped = STOPPED_DOING.exec(lowered);
  const verb = stopped?.[1] && sharedWordNet().lemmas(stopped[1], 'verb')[0];
  if (stopped && verb && verb !== stopped[1])
    return applyRules(`I ${verb} ${stopped[2]}`).map((t) => ({ ...t, predicate: `not_${t.predicate}` }));
  const became = BECAME.exec(text)?.[1];
  if (became)
    return readStatement(`I'm ${/^(?:an?|the)\s/i.test(became) ? '' : 'a '}${became}`).filter(
      (t) => t.predicate === 'works_as',
    );
  // "I used to be a teacher", "I worked as a nurse at St Mary's": a job (or diet) that is over.
  const past = PAST_ROLE.exec(text);
  if (past?.[2]) return pastRoles(readStatement(`${past[1] ? 'I work as' : "I'm"} ${past[2]}`));
  // "Tom and I live in Leeds": what is said of the two is said of each.
  const pair = PAIR_CLAUSE.exec(text);
  const other = pair?.[1] ?? pair?.[2];
  if (pair && other && !other.split(/\s+/).some((w) => NOT_A_NAME.test(w))) {
    const mine = readStatement(`I ${pair[3]}`);
    if (mine.length > 0) return [...mine, ...asSubject(other, mine)];
  }
  return applyRules(withoutMiddleCompanions(text));
}

// "I've lived …", "I have worked …", "I've played …", "I've loved …": with a duration, a home, a
// job, a game or a liking held until now.
const PERFECT_WITH_DURATION = /^I(?:'ve|\s+have)\s+(live|work|play|love|like|enjoy|hate)(?:d|ed)?\b/u;
// "I've been at Microsoft for six years": an employer named, where one has worked all that time.
const BEEN_AT_WITH_DURATION = /^I(?:'ve|\s+have)\s+been\s+at\s+(?=\p{Lu})/u;
// "I became a teacher", "I retrained as a nurse": a role taken up, read as now.
const BECAME =
  /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:became|become|retrained\s+as|qualified\s+as)\s+(.+)$/u;
// "I've been playing guitar (since I was 12)", "I started playing tennis in college": a pastime
// kept up until now, or taken up, read as now.
const BEEN_DOING =
  /^I(?:(?:'ve|\s+have)\s+been|(?:\s+just|\s+recently)?\s+(?:started|began))\s+(playing|practising|practicing|doing|collecting)\b/u;
const PLAIN_FORM: Readonly<Record<string, string>> = {
  playing: 'play',
  practising: 'practise',
  practicing: 'practice',
  doing: 'do',
  collecting: 'collect',
};
// A role said as over: "I used to be a teacher", "I was once a nurse", "My dad was a pilot"; "I
// worked as a nurse".
const PAST_ROLE =
  /^[Ii]\s+(?:used\s+to\s+be|was\s+once|was\s+formerly|was(?=\s+an?\s)|(worked\s+as))\s+(.+)$/u;
// What a present reading of such a role says, as over: a job held, a place worked, a diet kept.
const PAST_OF: Readonly<Record<string, string>> = {
  works_as: 'worked_as',
  works_at: 'worked_at',
  diet: 'not_diet',
};

/** The user's roles read as now, said as over ("works_as teacher" → "worked_as teacher"); the rest dropped. */
function pastRoles(now: readonly ExtractedTriple[]): ExtractedTriple[] {
  return now.flatMap((t) => {
    const past = t.subject === 'user' ? PAST_OF[t.predicate] : undefined;
    return past ? [{ ...t, predicate: past }] : [];
  });
}

// Giving up an activity, said with its verb's -ing form and what it is done to.
const STOPPED_DOING = /^i\s+(?:stopped|quit|gave\s+up)\s+(\p{Ll}+ing)\s+(.+)$/u;

/**
 * "We" and "our" as the user's household: where they live, their pets and children ("We moved to Porto",
 * "Our puppy, Milo, …"). A "we" doing anything else (watching a film) says nothing about the user.
 */
const OUR_PET = new RegExp(
  `^our\\s+(?=(?:new\\s+|little\\s+|eldest\\s+|youngest\\s+|oldest\\s+)?(?:${PET_KINDS}|son|daughter|kids|children|baby|twins)\\b)`,
  'iu',
);

function household(text: string): string {
  return text
    .replace(
      /^we(?:'ve|\s+have)?\s+(?=(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated|live|adopted|got|have)\b)/iu,
      'I ',
    )
    .replace(/^we're\s+(?=living\b)/iu, "I'm ")
    .replace(OUR_PET, 'My ');
}
