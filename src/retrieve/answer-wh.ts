import { keyWords } from '../lexicon/base.js';
import { isOccupation, isPersonNoun, namesKindOf } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { tokenize } from '../model/normalize.js';
import { STOP_WORDS } from '../model/text.js';
import type { Fact } from '../model/types.js';
import { questionWordAt } from './answer-kind.js';

/** The kind of answer a question word asks for ("who" a person, "where" a place, …). */
export type WhKind = 'person' | 'place' | 'time' | 'number';

const MONTHS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;
const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** WordNet concepts that tell an object is a place when the question word asks for one. */
export const PLACE_CONCEPTS: ReadonlySet<string> = new Set([
  'location',
  'region',
  'geographical area',
  'city',
  'country',
  'district',
]);
const PERSON_CONCEPTS = new Set(['person']);

/** What {@link whScore} reads an object's kind with (the answer fit's WordNet readers). */
export interface KindReader {
  /** The concepts above a word's most frequent noun sense. */
  ancestors(word: string): readonly string[];
  /** Whether `kind` is above any noun sense of `head` ("location" above Cork, the city). */
  inAnySense(kind: string, head: string): boolean;
}

/** The kind of answer a question's own question word asks for, when it says one. */
export function whKind(tokens: readonly string[]): WhKind | undefined {
  const at = questionWordAt(tokens);
  const token = tokens[at];
  if (token === 'who' || token === 'whom') return 'person';
  if (token === 'where') return 'place';
  if (token === 'when') return 'time';
  if (token === 'how' && ['old', 'many', 'much'].includes(tokens[at + 1] ?? '')) return 'number';
  return undefined;
}

/**
 * The kind of answer a question asks for by the kind it names after "what" or "which", where its
 * question word says none: a period of time ("What date …", "Which year …") asks when.
 */
export function namedWhKind(kindWords: readonly string[]): WhKind | undefined {
  return kindWords.some((word) => namesKindOf(word, 'time_period', 'time_unit')) ? 'time' : undefined;
}

/**
 * How well a fact's object is of the kind a question word asks for, in [0, 1]: a date for "when",
 * a number for "how old", a place for "where", a person for "who". A name WordNet does not know
 * may be a place or a person, and scores `unknownName`.
 */
export function whScore(wh: WhKind, fact: Fact, reader: KindReader, unknownName: number): number {
  const object = fact.object.trim();
  const head = objectHead(object);
  switch (wh) {
    case 'time':
      return isTime(object) ? 1 : 0;
    case 'number':
      return NUMBER.test(object) ? 1 : 0;
    case 'place':
      if (!head) return 0;
      if (reader.ancestors(head).some((a) => PLACE_CONCEPTS.has(a))) return 1;
      // A name (capitalised) is read in its place sense too: "Cork" the city, not the bark; a
      // name WordNet does not know may be a place (a town, a workplace), less surely.
      if (!/^\p{Lu}/u.test(object.split(/\s+/).at(-1) ?? '')) return 0;
      if (reader.inAnySense('location', head)) return 1;
      return unknownNoun(head) ? unknownName : 0;
    case 'person': {
      // A relative, friend or spouse (`sister`, `friend`, `married_to`: a "married" is a person),
      // or an object WordNet knows as a person, but not one that names an occupation: "Who do I
      // work for?" is not answered by a role.
      if (keyWords(fact.key).some((w) => isPersonNoun(w))) return 1;
      if (!head || isOccupation(head)) return 0;
      if (reader.ancestors(head).some((a) => PERSON_CONCEPTS.has(a))) return 1;
      // A name WordNet does not know may be someone (or the firm asked "who" of), less surely.
      return /^\p{Lu}/u.test(object) && unknownNoun(head) ? unknownName : 0;
    }
  }
}

/**
 * Whether an object is of a kind the question word rules out: a time or a number where it asks for
 * a place or a person, or a kind of person ("product manager", "nurse") where it asks where.
 */
export function wrongWh(wh: WhKind | undefined, object: string): boolean {
  if ((wh === 'place' || wh === 'person') && (isTime(object) || NUMBER.test(object.trim()))) return true;
  const head = objectHead(object);
  return wh === 'place' && head !== undefined && !/\p{Lu}/u.test(object) && isPersonNoun(head);
}

/**
 * Whether an object is known not to be of the kind a question word asks for: no time where it asks
 * when; where it asks who, a time or a number, or a common word (written in lower case, under a key
 * naming no person) that WordNet knows as a noun in no person sense ("popcorn"; not "medium", also
 * a spiritualist). A name is never known so (WordNet knows few people by name, and "Mrs. Green" is
 * no colour), nor a place, whose kinds are too many to tell (a gym, a pool, the park).
 */
export function missesWh(wh: WhKind | undefined, fact: Fact, reader: KindReader): boolean {
  if (wh === 'time') return !isTime(fact.object);
  if (wh !== 'person') return false;
  if (wrongWh(wh, fact.object)) return true;
  const head = objectHead(fact.object);
  if (head === undefined || /\p{Lu}/u.test(fact.object) || unknownNoun(head)) return false;
  return !keyWords(fact.key).some((w) => isPersonNoun(w)) && !reader.inAnySense('person', head);
}

/** A time of day by the clock: "10 pm", "7:15 am", "6:30", "9 o'clock". */
const CLOCK = /\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\b\.?|o'clock\b)|\b\d{1,2}:\d{2}\b/i;
/** WordNet concepts a time word is a kind of: a period ("weekends", "summer") or a time of day ("midnight"). */
const TIME_CONCEPTS = ['time_period', 'time_unit', 'clock_time', 'time_of_day'];

/**
 * Whether a phrase names a time: a month or a year ("March 3", "in 2019"), a time by the clock
 * ("10 pm"), or a word WordNet knows as a period or a time of day ("midnight", "weekends").
 */
export function isTime(phrase: string): boolean {
  if (MONTHS.test(phrase) || /\b\d{4}\b/.test(phrase) || CLOCK.test(phrase)) return true;
  const head = objectHead(phrase);
  return head !== undefined && namesKindOf(head, ...TIME_CONCEPTS);
}

/** Whether an object is written in lower case and its head is no noun WordNet knows (an unfamiliar dish, a new sport). */
export function unknownCommonWord(object: string): boolean {
  const head = objectHead(object);
  return head !== undefined && !/\p{Lu}/u.test(object) && unknownNoun(head);
}

/** Whether WordNet knows no noun by a word (a name, an unfamiliar dish): nothing says its kind. */
export function unknownNoun(word: string): boolean {
  return sharedWordNet().lemmas(word, 'noun').length === 0;
}

/**
 * The word an object is a kind of: its last content word, lower case ("the electric cello" →
 * "cello"), or the compound WordNet knows it ends with ("the food bank" → `food_bank`, a place
 * food is given out, no bank; "hot dogs" → `hot_dog`).
 */
export function objectHead(object: string): string | undefined {
  const words = tokenize(object).filter((t) => !STOP_WORDS.has(t));
  const last = words.at(-1);
  if (words.length < 2) return last;
  const [compound] = sharedWordNet().lemmas(words.slice(-2).join('_'), 'noun', false);
  return compound ?? last;
}
