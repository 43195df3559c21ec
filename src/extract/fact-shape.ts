import { casual } from 'chrono-node/en';
import { onlyDescribes } from '../lexicon/kinds.js';
import { isSelfReference, normalizePredicate } from '../model/normalize.js';
import { PREFERRED_PREDICATES } from './prompt.js';
import { PERSON_RELATIONS } from './rule-patterns.js';
import type { ExtractionOutput } from './schema.js';

/**
 * Facts whose shape says they are not facts, from a model's answer: what its grammar lets
 * through (valid JSON of the schema) but no reader would store. General rules, not word lists
 * of any conversation:
 *
 * - a **time as the object** of a relation that is not about time: "Luna died Monday", "User
 *   started January", "User climbs weekends" (the time belongs to an event, not to a thing the
 *   user has); a date relation (`birthday`, `born_on`, `since`…) or a person named May keep theirs;
 * - a **relation that is only a preposition**: "User near river", "User at University of Porto";
 * - **a description as the object** of a relation that is not a copula: "User likes loud" (from
 *   "NYC is loud but I like it"), "User dislikes tiny": one word, written in lower case, that
 *   WordNet knows only as an adjective or adverb names no thing to relate to; after a copula
 *   ("Ana is pregnant", "User feels tired") the description is the fact and stays;
 * - **a relation to a person whose object is a place or an organization**: "User mum Nice" (from
 *   "my mum moved to Nice"), "User parents Lyon": a kinship or friendship names a person; where
 *   that person lives is another fact, which the model did not write;
 * - **a number as the relation** ("User two more") or **the user as what someone is** ("Tom is
 *   User"): no relation at all;
 * - **one pair said twice**: the same subject and object under several relations in one answer
 *   keep the preferred one ("User lives_in Porto" over "User moved Porto"), or the first when
 *   none is preferred ("User skiing wrist" over "User sking wrist").
 */

type Fact = ExtractionOutput['facts'][number];

const REFERENCE = new Date(0);
// Units and function words a time is said with beside what chrono-node reads ("every morning",
// "all day", "weekends", "2019").
const TIME_UNITS = /^(?:day|week|weekend|month|year|morning|afternoon|evening|night|hour)s?$/;
const TIME_FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'every',
  'each',
  'all',
  'on',
  'in',
  'at',
  'of',
  'this',
  'last',
  'next',
]);
const YEAR = /^(?:1[89]|20)\d\d$/;
const DATE_RELATION =
  /(?:^|_)(?:birthday|born|birth|date|day|since|until|anniversary|when|year|time|due|deadline|starts?|ends?)(?:_|$)/;
const PREPOSITIONS = new Set([
  'at',
  'in',
  'on',
  'near',
  'by',
  'from',
  'with',
  'to',
  'of',
  'for',
  'about',
  'under',
  'over',
  'into',
  'onto',
  'around',
  'behind',
  'beside',
  'between',
  'inside',
  'outside',
  'through',
  'toward',
  'towards',
]);
const PREFERRED = new Set<string>(PREFERRED_PREDICATES);
// Verbs that link a subject to a description of it rather than to a thing.
const COPULAS = new Set([
  'is',
  'am',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'become',
  'becomes',
  'became',
  'seem',
  'seems',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'sound',
  'sounds',
  'stay',
  'stays',
  'remain',
  'remains',
  'get',
  'gets',
  'got',
]);
// One word as written: letters and inner hyphens, nothing capitalised (a name is not described).
const LOWER_WORD = /^[a-z]+(?:-[a-z]+)*$/;

// The kinds a model gives a place or an organization, never a person's.
const PLACE_OR_ORGANIZATION_TYPES =
  /^(?:place|location|city|town|village|country|region|state|address|neighbou?rhood|organi[sz]ation|company|employer|school|university|institution)$/;
const NUMBER_WORD = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|more|less|fewer|most|few)$/;

// The relations to people the rules read ("my mum", "my best friend"), and the family said as a
// group: a relation of the kind, not a role a company may hold too ("employer", "client").
const KIN = new Set([
  ...PERSON_RELATIONS.split('|').map((r) => r.split(' ').at(-1) ?? r),
  'parent',
  'sibling',
  'child',
  'children',
  'kid',
  'grandparent',
]);

/**
 * Whether a relation that names a kin or a friend ("mum", "best_friend", "parents") has a place or
 * an organization as its object.
 */
function personRelationToAPlace(predicate: readonly string[], objectType: string): boolean {
  const last = predicate.at(-1) ?? '';
  return (
    (KIN.has(last) || KIN.has(last.replace(/s$/, ''))) &&
    PLACE_OR_ORGANIZATION_TYPES.test(objectType.trim().toLowerCase())
  );
}

/** Whether an object only describes and the relation is not a copula (rule three above). */
function descriptionAsThing(predicate: readonly string[], object: string): boolean {
  const word = object.trim();
  if (!LOWER_WORD.test(word) || !onlyDescribes(word)) return false;
  return !(predicate[0] !== undefined && COPULAS.has(predicate[0]));
}

/** Whether a name says only when: a weekday, month, date, year, part of the day or span of time. */
export function onlyATime(name: string): boolean {
  const text = name.trim().toLowerCase();
  if (text.length === 0) return false;
  let rest = text;
  let timed = false;
  for (const found of casual.parse(text, REFERENCE)) {
    rest = rest.replace(found.text.toLowerCase(), ' ');
    timed = true;
  }
  for (const word of rest.split(/[^a-z0-9]+/).filter(Boolean)) {
    if (YEAR.test(word) || TIME_UNITS.test(word)) timed = true;
    else if (!TIME_FUNCTION_WORDS.has(word)) return false;
  }
  return timed;
}

/** The predicate's words (`is_allergic_to` → is, allergic, to). */
const wordsOf = (predicate: string) =>
  predicate
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether one fact of an answer has the shape of a fact (see the module's rules one to five). */
function shapedLikeAFact(f: Fact): boolean {
  const predicate = wordsOf(f.predicate);
  if (predicate.length > 0 && predicate.every((w) => PREPOSITIONS.has(w))) return false;
  if (predicate.length > 0 && predicate.every((w) => NUMBER_WORD.test(w))) return false;
  if (predicate[0] !== undefined && COPULAS.has(predicate[0]) && isSelfReference(f.object)) return false;
  if (personRelationToAPlace(predicate, f.object_type)) return false;
  if (descriptionAsThing(predicate, f.object)) return false;
  const aboutTime = DATE_RELATION.test(predicate.join('_'));
  return aboutTime || f.object_type.toLowerCase() === 'person' || !onlyATime(f.object);
}

/** The facts of an answer that have the shape of facts, one per subject and object (see above). */
export function wellShaped(facts: readonly Fact[]): Fact[] {
  const kept = facts.filter(shapedLikeAFact);
  const pair = (f: Fact) => `${f.subject.trim().toLowerCase()}\u0000${f.object.trim().toLowerCase()}`;
  const preferredPairs = new Set(
    kept.filter((f) => PREFERRED.has(normalizePredicate(f.predicate))).map(pair),
  );
  const seen = new Set<string>();
  return kept.filter((f) => {
    const key = pair(f);
    if (PREFERRED.has(normalizePredicate(f.predicate))) return true;
    if (preferredPairs.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
