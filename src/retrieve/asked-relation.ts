import { extractSentence } from '../extract/rules.js';
import { keyWords, RelationLexicon } from '../lexicon/base.js';
import { irregularFormsOf } from '../lexicon/exceptions.js';
import { siblingKeys } from '../lexicon/key-siblings.js';
import { canDescribe } from '../lexicon/kinds.js';
import { phrasalVerbs } from '../lexicon/phrasal.js';
import { normalizePredicate, tokenize, USER_ENTITY_KEY } from '../model/normalize.js';
import { STOP_WORDS, stem } from '../model/text.js';
import { readsAsNoun } from './answer-kind.js';
import { followsMy } from './possessive.js';

/** A relation a question asks, and the question's words that ask it. */
export interface AskedRelation {
  /** The predicate key the answering statement is read as. */
  key: string;
  /** The question's words that statement carries ("grow", "up"): they asked this relation. */
  words: readonly string[];
  /**
   * The words of a phrase the statement says after the answer ("I do Zorvanek _for a living_."):
   * the set phrase asked the relation with its verb, and names none by its own words ("living" is
   * no place lived in).
   */
  idiom: readonly string[];
}

/**
 * The relations a first-person question asks, read with the grammar that writes the memory: the
 * question is turned into the statement that would answer it, with a stand-in name where the
 * answer goes ("Where did I grow up?" → "I grew up in Zorvanek."), and the rule extractor reads
 * that statement as it reads a user's turn (`is_from`). Whatever wording the extractor maps to a
 * predicate, the question asked in that wording finds it, and nothing is fitted to questions. A
 * question about someone of the user's ("What does my wife do for a living?") is read as the
 * first person's ("What do I do for a living?": `works_as`), the relation asked of them.
 * Only the question words the reading needs are known here: a wh-word, an auxiliary, "I" or "my".
 */
export function askedRelations(query: string): AskedRelation[] {
  const all = answeringStatements(query);
  const statements = all.filter((s) => !s.unplaced);
  const asked = readAsked(statements);
  if (asked.length > 0) return asked;
  // "Where am I employed?": a place asked "in" that no rule reads may be one asked "at" ("I am
  // employed at …"), read only then: "Where do I work?" keeps the reading "in" gives.
  const at = readAsked(
    statements.flatMap(({ statement, words }) =>
      statement.endsWith(IN_STAND_IN)
        ? [{ statement: `${statement.slice(0, -IN_STAND_IN.length)} at ${STAND_IN}.`, words }]
        : [],
    ),
  );
  // "Where is my home town?": what is the place itself, read when no place in or at it is.
  return at.length > 0 ? at : readAsked(all.filter((s) => s.unplaced));
}

/** A statement that would answer a question, and the question's words it carries. */
export interface AnsweringStatement {
  statement: string;
  words: string[];
  /** The words said after the stand-in, a set phrase of the verb's ("for a living"). */
  idiom?: string[];
  /**
   * A "where" question's answer said as the thing itself, not a place it is in ("My home town is
   * Zorvanek."): read only when no place in or at it is.
   */
  unplaced?: boolean;
}

/** The relations the extractor reads in answering statements, from the user to the stand-in. */
function readAsked(statements: readonly AnsweringStatement[]): AskedRelation[] {
  const asked = new Map<string, AskedRelation>();
  for (const { statement, words, idiom } of statements)
    for (const triple of extractSentence(statement))
      if (
        triple.subject.toLowerCase() === USER_ENTITY_KEY &&
        triple.object.toLowerCase().split(/\s+/).includes(STAND_IN.toLowerCase())
      ) {
        const key = normalizePredicate(triple.predicate);
        asked.set(key, { key, words: tokenize(words.join(' ')), idiom: setPhrase(key, words, idiom ?? []) });
      }
  return [...asked.values()];
}

/**
 * The words said after the answer, when they asked the relation as a set phrase: the key read is
 * none of the verb's words ("I do Zorvanek for a living.": `works_as`, not "do"). After a verb that
 * is the key ("I use Zorvanek for mail": `uses`), they only say what for, and name what they name.
 */
function setPhrase(key: string, words: readonly string[], after: readonly string[]): string[] {
  const verb = new Set(words.filter((w) => !after.includes(w)).map(stem));
  const own = keyWords(key).map(stem);
  return own.length > 0 && !own.some((w) => verb.has(w)) ? tokenize(after.join(' ')) : [];
}

// Where the answer goes: a name no dictionary knows, so no rule reads it as a kind of thing.
const STAND_IN = 'Zorvanek';
const IN_STAND_IN = ` in ${STAND_IN}.`;
const WH_WORDS = new Set(['what', 'which', 'where', 'who', 'whom', 'when']);
const AUXILIARIES = new Set(['do', 'did', 'am', 'was', 'is', 'are', 'were']);
// The modal verbs a question may ask with ("What can't I eat?", "What should I avoid?"): the
// answering statement keeps them ("I can't eat Zorvanek.").
const MODALS = new Set(['can', "can't", 'cannot', 'could', "couldn't", 'should', "shouldn't", 'must', 'may']);
// The contractions a wh-question opens with, spelled out so the auxiliary is a word of its own
// ("What's my job?", "What're my hobbies?").
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\b(what|which|where|who|when)'s\b/g, '$1 is'],
  [/\b(what|which|where|who|when)'re\b/g, '$1 are'],
  [/\bi'm\b/g, 'i am'],
];
const PREPOSITION_LAST = /\b(?:in|at|on|to|from|for|with|of|by|about|near)$/;
const PREPOSITION_FIRST = /^(?:in|at|on|from|for|with|by|about|near)\s+\S/;
const NAME_OF_MY = /^(what|which) is the name of my\s+/;
const PREPOSITION_BEFORE_WH = /^(in|at|on|to|from|for|with|by|about|near)\s+(?=(?:what|which|who|whom)\s)/;
// A regular past participle ("called", "named", "based").
const PARTICIPLE = /^\p{L}{2,}ed$/u;
// The wh-words that can ask a verb's object.
const OBJECT_WH_WORDS = new Set(['what', 'which', 'who', 'whom']);

/**
 * The statements that would answer a first-person wh-question (empty for any other): "Which
 * sport do I play?" → "I play Zorvanek."; "Who am I married to?" → "I am married to Zorvanek.";
 * "What's my favourite meal?" → "My favourite meal is Zorvanek."; a past question gives each past
 * form the verb may take ("grew", "grown": the extractor reads the one English uses).
 */
export function answeringStatements(query: string): AnsweringStatement[] {
  let text = query
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[?!.]+\s*$/, '')
    .trim();
  for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  // "In which city was I born?": a preposition before the wh-word is the verb's, read after it
  // ("Which city was I born in?"), as in "For whom do I work?" or "With whom do I live?".
  const fronted = PREPOSITION_BEFORE_WH.exec(text);
  if (fronted) text = `${text.slice(fronted[0].length)} ${fronted[1]}`;
  // "What is the name of my workplace?" asks what "What is my workplace?" asks: a name is the answer.
  text = text.replace(NAME_OF_MY, '$1 is my ');
  const words = text.split(/\s+/).filter(Boolean);
  // "Job?", "Birthplace?": a terse question names what of the user's it asks ("What is my job?").
  if (isTerseQuestion(query, words)) return answeringStatements(`what is my ${words.join(' ')}?`);
  if (words[0] === 'how') return askedHow(words);
  if (!WH_WORDS.has(words[0] ?? '')) return [];
  const mine = askedOfMine(words);
  if (mine.length > 0) return mine.flatMap((question) => answeringStatements(question));
  const asker = askedOfSubject(words);
  if (asker) return [asker];
  const at = words.findIndex((w, i) => i > 0 && (AUXILIARIES.has(w) || MODALS.has(w)));
  const auxiliary = words[at];
  const subject = words[at + 1];
  const rest = words.slice(at + 2);
  if (at < 0 || auxiliary === undefined || rest.length === 0) return [];
  const where = words[0] === 'where';
  let bodies: string[][] = [];
  if (subject === 'i' && (auxiliary === 'do' || auxiliary === 'did')) {
    const [verb = '', ...after] = rest;
    const verbs = auxiliary === 'did' ? pastForms(verb) : [verb];
    bodies = verbs.map((v) => ['I', v, ...after]);
    // "What do I do for a living?": what is asked is the verb's object, before the phrase that
    // follows it ("I do Zorvanek for a living.").
    if (OBJECT_WH_WORDS.has(words[0] ?? '') && PREPOSITION_FIRST.test(after.join(' ')))
      bodies.push(...verbs.map((v) => ['I', v, STAND_IN, ...after]));
  } else if (subject === 'i' && (auxiliary === 'am' || auxiliary === 'was'))
    bodies = [['I', auxiliary, ...rest]];
  // "What can I not eat?" says what "What can't I eat?" says ("I cannot eat …").
  else if (subject === 'i' && MODALS.has(auxiliary))
    bodies = [
      auxiliary === 'can' && rest[0] === 'not'
        ? ['I', 'cannot', ...rest.slice(1)]
        : ['I', auxiliary, ...rest],
    ];
  else if (subject === 'my' && auxiliary !== 'do' && auxiliary !== 'did') {
    // "What's my dog called?": a participle last follows the auxiliary ("My dog is called …").
    const last = rest.at(-1) ?? '';
    bodies =
      rest.length > 1 && PARTICIPLE.test(last)
        ? [['My', ...rest.slice(0, -1), auxiliary, last]]
        : [['My', ...rest, auxiliary]];
  }
  return bodies.flatMap((body) => {
    const text = body.join(' ');
    if (body.includes(STAND_IN))
      return [{ statement: `${text}.`, words: rest, idiom: body.slice(body.indexOf(STAND_IN) + 1) }];
    if (!where || PREPOSITION_LAST.test(text)) return [{ statement: `${text} ${STAND_IN}.`, words: rest }];
    // "Where is my home town?": a place of the user's is the place asked ("My home town is …").
    const placed = [{ statement: `${text} in ${STAND_IN}.`, words: rest }];
    const copula = subject === 'my' && !PARTICIPLE.test(body.at(-1) ?? '');
    return copula ? [...placed, { statement: `${text} ${STAND_IN}.`, words: rest, unplaced: true }] : placed;
  });
}

/**
 * The statements answering a question asking how the user does something: by what means ("How
 * do I get to work?" → "I get to work by Zorvanek.") or in what manner ("How do I take my
 * coffee?" → "I take my coffee Zorvanek."). Empty for any other "how" ("How old am I?").
 */
function askedHow(words: readonly string[]): AnsweringStatement[] {
  const [, auxiliary, subject, verb, ...after] = words;
  if ((auxiliary !== 'do' && auxiliary !== 'did') || subject !== 'i' || verb === undefined) return [];
  const rest = [verb, ...after];
  return (auxiliary === 'did' ? pastForms(verb) : [verb]).flatMap((form) => {
    const text = ['I', form, ...after].join(' ');
    return [
      { statement: `${text} by ${STAND_IN}.`, words: rest },
      { statement: `${text} ${STAND_IN}.`, words: rest },
    ];
  });
}

/**
 * The statement answering a question that asks who or what does something to the user, its
 * wh-word the verb's subject: "Which company employs me?" → "Zorvanek employs me.", "Who hired
 * me?" → "Zorvanek hired me.". Undefined when an auxiliary or the user stands before "me" ("What
 * does Ana call me?" asks the verb's object).
 */
function askedOfSubject(words: readonly string[]): { statement: string; words: string[] } | undefined {
  const me = words.indexOf('me');
  if (!OBJECT_WH_WORDS.has(words[0] ?? '') || me < 2) return undefined;
  const before = words.slice(1, me);
  if (
    before.some(
      (w) => AUXILIARIES.has(w) || FIRST_PERSON_AUXILIARY[w] !== undefined || w === 'i' || w === 'my',
    )
  )
    return undefined;
  // The verb stands right before "me", or before the preposition that takes it ("lives with me").
  const verbAt = PREPOSITION_LAST.test(words[me - 1] ?? '') ? me - 2 : me - 1;
  if (verbAt < 1) return undefined;
  const asked = words.slice(verbAt);
  return { statement: `${STAND_IN} ${asked.join(' ')}.`, words: asked };
}

/**
 * Whether a question is a noun alone, or with the words that describe it: "Job?", "Current
 * city?", "Favourite food?". A word of a sentence's grammar (a wh-word, an auxiliary, a pronoun)
 * or a last word read more often as a verb ("Cook?") makes it no such question.
 */
function isTerseQuestion(query: string, words: readonly string[]): boolean {
  if (!query.trim().endsWith('?') || words.length === 0) return false;
  const grammar = words.some((w) => WH_WORDS.has(w) || AUXILIARIES.has(w) || STOP_WORDS.has(w));
  return (
    !grammar &&
    readsAsNoun(words.at(-1) ?? '') &&
    words.slice(0, -1).every((w) => canDescribe(w) || readsAsNoun(w))
  );
}

// The auxiliaries a question about someone of the user's may ask with, and the first person's.
const FIRST_PERSON_AUXILIARY: Readonly<Record<string, string>> = {
  do: 'do',
  does: 'do',
  did: 'did',
  is: 'am',
  was: 'was',
};
// Words a relation noun after "my" may take before it ("my older brother", "my best friend").
const MAX_MINE_WORDS = 2;

/**
 * The first-person questions that ask of the user what a question asks of someone of theirs:
 * "What does my wife do for a living?" asks of her what "What do I do for a living?" asks of the
 * user, and "Which city is my brother based in?" what "Which city am I based in?" does. The
 * extractor's first-person grammar then reads the relation (`works_as`, `lives_in`), and the walk
 * goes on to it from them. A "be" question is read so only when a preposition ends it (a
 * participle's: "based in", "married to"); "What's my dog called?" asks the dog's name, no
 * relation of the user's. Empty for any other question.
 */
function askedOfMine(words: readonly string[]): string[] {
  const at = words.findIndex((w, i) => i > 0 && FIRST_PERSON_AUXILIARY[w] !== undefined);
  const auxiliary = FIRST_PERSON_AUXILIARY[words[at] ?? ''];
  if (at < 0 || auxiliary === undefined || words[at + 1] !== 'my') return [];
  const be = auxiliary === 'am' || auxiliary === 'was';
  if (be && !PREPOSITION_LAST.test(words.join(' '))) return [];
  const questions: string[] = [];
  for (let length = 1; length <= MAX_MINE_WORDS; length++) {
    const rest = words.slice(at + 2 + length);
    // The relation noun ends the user's own words ("my older _brother_").
    if (rest.length > 0 && followsMy(words, at + 1 + length))
      questions.push([...words.slice(0, at), auxiliary, 'i', ...rest].join(' '));
  }
  return questions;
}

/** The past forms a verb may take: WordNet's irregular ones, else the regular "-ed". */
function pastForms(verb: string): string[] {
  const irregular = irregularFormsOf(verb, 'verb');
  if (irregular.length > 0) return [...irregular];
  if (verb.endsWith('e')) return [`${verb}d`];
  if (/[^aeiou]y$/.test(verb)) return [`${verb.slice(0, -1)}ied`];
  return [`${verb}ed`];
}

// Start and end of a token that stands for an asked predicate key: control characters, which no
// question's words hold and no stemmer strips.
const ASKED = '\u0001asks:';
const ASKED_END = '\u0001';

/**
 * The token that stands, among a question's words, for a relation it asks, and for the keys its
 * words name as surely besides (see {@link AskedLexicon}).
 */
export function askedToken(keys: readonly string[]): string {
  return `${ASKED}${keys.join(' ')}${ASKED_END}`;
}

/** Whether a word among a question's relation words is the token of an asked relation ({@link askedToken}). */
export function isAskedToken(word: string): boolean {
  return word.startsWith(ASKED);
}

/**
 * The other keys a gerund the asked relation carries right after its verb names by its stem: "do
 * I enjoy _playing_" asks what is liked, as the extractor reads it, and what is played, as a
 * save tool may have written it (`plays`). One relation read two ways, not a chain of two.
 */
function gerundKeys(
  tokens: readonly string[],
  carried: ReadonlySet<string>,
  vocabulary: readonly string[],
  asked: string,
): string[] {
  const verbBefore = (at: number) => {
    const before = tokens[at - 1] ?? '';
    return carried.has(before) && !STOP_WORDS.has(before);
  };
  const gerunds = tokens
    .filter((word, at) => word.endsWith('ing') && carried.has(word) && verbBefore(at))
    .map(stem);
  return vocabulary.filter((key) => key !== asked && keyWords(key).some((w) => gerunds.includes(stem(w))));
}

/**
 * A lexicon that knows the tokens of asked relations ({@link askedToken}): each names its own
 * predicate key, as sure as a shared stem, and nothing else; every other word is `base`'s.
 * `base` is prepared by its owner before it is wrapped (the asked tokens need no preparing).
 */
export class AskedLexicon extends RelationLexicon {
  constructor(private readonly base: RelationLexicon) {
    super();
  }

  override score(word: string, key: string): number {
    if (word.startsWith(ASKED))
      return word.slice(ASKED.length, -ASKED_END.length).split(' ').includes(key) ? SURE : 0;
    return this.base.score(word, key);
  }

  override usualScore(word: string, key: string): number {
    if (word.startsWith(ASKED)) return this.score(word, key);
    return this.base.usualScore(word, key);
  }
}

// As sure as a shared stem.
const SURE = 1;

/**
 * A question's words for relation matching with the relations it asks ({@link askedRelations},
 * those the user's vocabulary has): each word that asked one is replaced, in place, by that
 * relation's token (then a stop word), so positions stay those of the question's words. The
 * token names the asked key, the keys a gerund it carries names, and the key's siblings in the
 * vocabulary (`siblingKeys`).
 */
export function withAskedRelations(
  query: string,
  tokens: readonly string[],
  vocabulary: readonly string[],
): {
  words: string[];
  asked: readonly string[];
  idiom: readonly string[];
  unheld: readonly string[];
  phrasal: readonly string[];
} {
  const known = new Set(vocabulary);
  const read = askedRelations(query);
  const asked = read.filter((r) => known.has(r.key));
  const idiom = new Set(read.flatMap((r) => r.idiom));
  // A phrasal verb is one verb ("work out" is to exercise): its words name no relation apart,
  // unless the relation asked carries them or a key of the user's spells them (`works_out_at`).
  const carriedByAsked = new Set(asked.flatMap((r) => r.words));
  const phrasal = phrasalVerbs(tokens)
    .filter((p) => !p.words.some((w) => carriedByAsked.has(w)) && !spelledByKey(p.words, vocabulary))
    .flatMap((p) => p.words);
  for (const word of phrasal) idiom.add(word);
  // A set phrase that asked a relation the user's memory does not hold names no other one by its
  // words ("for a living" is no place lived in): its words are read as nothing.
  const words = tokens.map((word) => (idiom.has(word) ? FILLER : word));
  const askedKeys = new Set<string>();
  for (const relation of asked) {
    const carried = new Set(relation.words);
    askedKeys.add(relation.key);
    const keys = [
      relation.key,
      // The same relation as the extractor writes it by other verbs ("What's my favourite meal?"
      // asks `likes`, and "I love pho" was written `loves`): walked as surely, and read by the
      // answer fit as the question's own words name it, so the key asked wins a tie.
      ...siblingKeys(relation.key, vocabulary),
      ...gerundKeys(tokens, carried, vocabulary, relation.key),
    ];
    let placed = false;
    for (const [position, word] of words.entries()) {
      if (!carried.has(word)) continue;
      words[position] = placed ? FILLER : askedToken(keys);
      placed = true;
    }
    if (!placed) words.push(askedToken(keys));
  }
  const unheld = [...new Set(read.filter((r) => !known.has(r.key)).map((r) => r.key))];
  return { words, asked: [...askedKeys], idiom: [...idiom], unheld, phrasal };
}

// What a carried word becomes once its relation's token stands in the question: a stop word.
const FILLER = 'the';

/** Whether a key of the vocabulary spells both words (a verb and its particle) as it is written. */
function spelledByKey(words: readonly string[], vocabulary: readonly string[]): boolean {
  const stems = words.map(stem);
  return vocabulary.some((key) => {
    const own = key.split('_').map(stem);
    return stems.every((s) => own.includes(s));
  });
}
