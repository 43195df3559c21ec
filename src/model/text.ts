import { tokenize } from './normalize.js';
/**
 * Light English text handling for retrieval: stop words and a small suffix stemmer, so that
 * "directed", "director" and "directs" meet, and "wrote", "written" and "writer" do too.
 */

/** Words that carry no entity or relation meaning in a question. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but of in on at to for from by with about as into over after before under ' +
    'is are was were be been being am do does did has have had having can could should would will ' +
    'shall may might must what which who whom whose when where why how that this these those there ' +
    'here it its they them their he him his she her we us our you your i me my mine myself ' +
    'some any all each every no not than then so also too very just only same other such'
  ).split(' '),
);

// Irregular past tenses and participles of verbs ("made" is a verb, so "User made a vase").
const IRREGULAR_VERB_FORMS: Record<string, string> = {
  wrote: 'write',
  written: 'write',
  bought: 'buy',
  ate: 'eat',
  eaten: 'eat',
  made: 'make',
  taught: 'teach',
  spoke: 'speak',
  spoken: 'speak',
  knew: 'know',
  known: 'know',
  went: 'go',
  gone: 'go',
  did: 'do',
  done: 'do',
  got: 'get',
  ran: 'run',
  won: 'win',
  met: 'meet',
  built: 'build',
  lost: 'lose',
};

const IRREGULAR: Record<string, string> = {
  ...IRREGULAR_VERB_FORMS,
  writer: 'write',
  writers: 'write',
  screenwriter: 'write',
  screenwriters: 'write',
  screenplay: 'write',
  born: 'birth',
  children: 'child',
  people: 'person',
  lived: 'live',
  lives: 'live',
  living: 'live',
};

/** Whether a word is an irregular past tense or participle of a verb ("made", "ran"). */
export function isIrregularVerbForm(word: string): boolean {
  return Object.hasOwn(IRREGULAR_VERB_FORMS, word);
}

/** The base form of an irregular English word ("wrote" → "write"), or the word itself. */
export function irregularBase(word: string): string {
  return irregularOf(word) ?? word;
}

/**
 * The listed base form of a word, if any. Own keys only: a word such as "constructor" must not
 * read the object's prototype (it returned a function, which broke every search with that word).
 */
function irregularOf(word: string): string | undefined {
  return Object.hasOwn(IRREGULAR, word) ? IRREGULAR[word] : undefined;
}

/**
 * A crude, deterministic English stemmer (plural, -ed, -ing, -er/-or, trailing -e, irregular verbs),
 * good enough to match question words with predicate words.
 */
export function stem(word: string): string {
  const irregular = irregularOf(word);
  let w = irregular ?? word;
  if (w.length <= 3) return w;
  if (irregular) return finish(w);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  for (const suffix of ['ings', 'ing', 'ers', 'ors', 'er', 'or', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return finish(w);
}

// Drops a final "e" and a doubled final consonant ("starr" from "starred" → "star").
function finish(word: string): string {
  let w = word;
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.length > 3 && w.at(-1) === w.at(-2) && !'aeiouls'.includes(w.at(-1) ?? '')) w = w.slice(0, -1);
  return w;
}

/** Stems of the content words of a token list. */
export function contentStems(tokens: readonly string[]): Set<string> {
  const stems = new Set<string>();
  for (const token of tokens) if (!STOP_WORDS.has(token)) stems.add(stem(token));
  return stems;
}

/**
 * The search terms of a text: its content words, stemmed ("I went to the support groups" →
 * `["went", "support", "group"]`); what full-text search indexes and queries.
 */
export function searchTerms(text: string): string[] {
  return tokenize(text)
    .filter((token) => !STOP_WORDS.has(token))
    .map(stem);
}
