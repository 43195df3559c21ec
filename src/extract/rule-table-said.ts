import {
  isPastime,
  isPersonNoun,
  mayBePastime,
  namesKindInSenses,
  namesPlace,
  namesThoughtOrAct,
  nounAtLeastAsOftenAs,
  onlyDescribes,
  readingsOf,
} from '../lexicon/kinds.js';
import { STOP_WORDS } from '../model/text.js';
import { I_AM, NAME, PRONOUNS } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { clean, gerund, objects, triple } from './rule-words.js';

/**
 * What one cannot or should not have, said in everyday ways ("I can't eat walnuts", "I'm
 * intolerant to lactose", "I avoid gluten", "Shellfish makes me sick"), a home said by the place
 * one moved into ("I just moved into a flat in Porto"), and, last of all rules, anything of the
 * user's said as "My <thing> is <value>" or "<value> is my <thing>" ("My age is 34", "My job
 * title is dentist", "Volleyball is my sport"), kept under the words the user named it by: the
 * relation a question "What is my job title?" is read as.
 */
export const SAID_RULES: Rule[] = [
  {
    pattern: new RegExp(
      `^${I_AM}\\s+intolerant\\s+(?:to|of)\\s+(.+)$|^${I_AM}\\s+(\\p{Ll}+)[\\s-]intolerant$`,
      'u',
    ),
    build: (m) => objects(m[1] ?? m[2]).map((o) => triple('user', 'is_intolerant_to', o, 'person', '')),
  },
  {
    pattern: /^i\s+(?:(?:must|have\s+to|need\s+to|try\s+to|should|always|strictly)\s+)?avoid\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'avoids', o, 'person', '')),
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:${PRONOUNS})\\b)(.+?)\\s+(?:makes?|made|make)\\s+me\\s+(?:feel\\s+)?(?:really\\s+|very\\s+|so\\s+)?(sick|ill|unwell|nauseous)$`,
      'u',
    ),
    build: (m) =>
      objects(m[1]).map((o) => triple('user', `gets_${m[2]}_from`, lowerCommonNoun(o), 'person', '')),
  },
  {
    // Where one lives, said by the home moved into or rented there.
    nameFirst: true,
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved\s+(?:in)?to|rent|am\s+renting|'m\s+renting|bought)\s+(?:a|an|my|our|the)\s+(?:new\s+|little\s+|small\s+|big\s+|tiny\s+)?(?:flat|apartment|house|home|place|condo|studio|loft|cottage)\s+in\s+(\p{Lu}.*)$/u,
    build: (m) => [triple('user', 'lives_in', clean(m[1]), 'person', 'place')],
  },
  {
    // "I'm on a volleyball team", "I'm on the office cricket team": the sport one plays.
    pattern: new RegExp(
      `^${I_AM}\\s+on\\s+(?:a|the|our|my)\\s+(?:(?:local|school|college|university|work|office|club|company)\\s+)?(\\p{Ll}+)\\s+team$`,
      'u',
    ),
    // A team's word read in any sense a sport has ("squash", "cricket"): a team is of a sport.
    build: (m) => (mayBePastime(m[1] ?? '') ? [triple('user', 'plays', m[1] ?? '', 'person', '')] : []),
  },
  {
    // "I swim", "I cycle to work": a verb whose doing is a sport or an exercise.
    pattern: /^i\s+(\p{Ll}+)(?:\s+to\s+work)?$/u,
    build: (m) => {
      const doing = gerund(m[1] ?? '');
      return m[1] !== 'do' && isPastime(doing) ? [triple('user', 'does', doing, 'person', '')] : [];
    },
  },
  {
    // "Kyoto is where I live": the place said first.
    nameFirst: true,
    pattern:
      /^(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})\s+is\s+where\s+I\s+(live|grew\s+up|was\s+born|work)$/u,
    build: (m) =>
      m[2] === 'work'
        ? [triple('user', 'works_in', clean(m[1]), 'person', 'place')]
        : [triple('user', m[2] === 'live' ? 'lives_in' : 'is_from', clean(m[1]), 'person', 'place')],
  },
  {
    // "I'm thirty-four": an age said in words; a small number alone is seldom one ("I'm one").
    pattern: new RegExp(`^${I_AM}\\s+([a-z]+(?:[-\\s][a-z]+)?)(\\s+years?\\s+old)?$`, 'u'),
    build: (m) => {
      const years = numberInWords(m[1] ?? '') ?? 0;
      const said = years >= MIN_AGE_ALONE || (years > 0 && m[2] !== undefined);
      return said ? [triple('user', 'age', String(years), 'person', 'number')] : [];
    },
  },
  {
    // "My go-to drink is …" (a hyphenated word), "My GP is …" (an abbreviation in capitals).
    pattern: /^my\s+((?:[\p{Ll}-]+\s+){0,2}(?:\p{Ll}[\p{Ll}-]*|\p{Lu}{2,4}))\s+is\s+(.+)$/u,
    build: (m) => ownValue(m[1] ?? '', m[2] ?? ''),
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:${PRONOUNS}|The|A|An|My|Our|His|Her|Their|Your)\\b)(${NAME}|\\p{Ll}+(?:\\s+\\p{Ll}+)?)\\s+is\\s+my\\s+((?:[\\p{Ll}-]+\\s+){0,2}(?:\\p{Ll}[\\p{Ll}-]*|\\p{Lu}{2,4}))$`,
      'u',
    ),
    build: (m) => ownValue(m[2] ?? '', asKindOf(m[1] ?? '', m[2] ?? '')),
  },
];

// What starts a clause or a description, never a value ("My plan is to move", "My job is very
// stressful", "My point is that …"); "a" or "an" says what kind the thing is, not its value ("My
// dog is a beagle", "My house is a mess"), and a possessive names another thing ("My home is my
// castle").
const NOT_A_VALUE =
  /^(?:a|an|my|our|his|her|their|your|its|to|that|what|how|when|why|where|who|if|whether|because|so|not|no|also|still|very|really|too|quite|pretty|so|a\s+bit|kind\s+of|sort\s+of|getting|being|going|always|never|in|on|at|with|for|about|from|like|just|here|there|over|done|gone|fine|ok|okay)\b/iu;

/**
 * "My <thing> is <value>" as a triple of the user's, when the thing is a noun (not "my guess"),
 * the value names something (a name, a number, a date, an address, a noun: not "red", "broken"
 * or "to move"), and someone of the user's (a spouse) is named by a name.
 */
function ownValue(thing: string, said: string): ReturnType<typeof triple>[] {
  const words = thing.toLowerCase().split(/\s+/);
  // Every word names part of the thing ("job title", "date of birth"; not "manager there").
  if (words.some((w, at) => (w === 'of' ? at === 0 || at === words.length - 1 : STOP_WORDS.has(w))))
    return [];
  const ofAt = words.indexOf('of');
  const head = (ofAt > 0 ? words[ofAt - 1] : words.at(-1)) ?? '';
  // A word said after another names a thing whatever else it may be ("my usual drink"); alone,
  // it must be a noun more often than not ("my guess" is not a thing of the user's).
  const nounByPlace = words.length > 1 && ofAt < 0 && !namesThoughtOrAct(head);
  if (!nounByPlace && (!nounAtLeastAsOftenAs(head, 'verb') || !nounAtLeastAsOftenAs(head, 'adj'))) return [];
  if (NOT_A_VALUE.test(said.trim())) return [];
  // "My little one is called Mia": the name, not the calling.
  const value = clean(said.replace(/^(?:called|named)\s+/u, ''));
  if (value.length === 0 || value.split(/\s+/).length > MAX_VALUE_WORDS) return [];
  const named = /^[\p{Lu}\d+@]/u.test(value) || /\d|@/u.test(value);
  if (isPersonNoun(head) && !/^\p{Lu}/u.test(value)) return [];
  const last = value.split(/\s+/).at(-1) ?? '';
  // A word WordNet does not know is a name of its own ("chai", "matcha"), not a description; so
  // are several words for something eaten or drunk ("My go-to drink is flat white").
  const unknown = readingsOf(last).length === 0;
  const dish = /\s/.test(value) && namesKindInSenses(head, Number.POSITIVE_INFINITY, FOOD_KINDS);
  if (!named && !unknown && !dish && (onlyDescribes(last) || !nounAtLeastAsOftenAs(last, 'adj'))) return [];
  const objectType = isPersonNoun(head) ? 'person' : '';
  return [triple('user', words.join('_').replace(/-/g, '_'), value, 'person', objectType)];
}

// WordNet concepts above something eaten or drunk ("drink", "breakfast", "snack").
export const FOOD_KINDS = ['food', 'beverage', 'foodstuff', 'nutriment', 'dish'];

// The least number read as an age without "years old" ("I'm ten"; not "I'm one").
const MIN_AGE_ALONE = 10;

// A value longer than this is a description, not a thing named.
const MAX_VALUE_WORDS = 4;

/**
 * A common word said first in its sentence, in lower case ("Shellfish" → "shellfish"); names
 * keep their capitals (a place or a person WordNet knows by its name: "Paris", "Turkey").
 */
export function lowerCommonNoun(word: string): string {
  const lower = word.toLowerCase();
  const common = !/\s/.test(word) && nounAtLeastAsOftenAs(lower, 'verb') && !namesPlace(lower);
  return common && !isPersonNoun(lower) ? lower : word;
}

/**
 * A value said first in a sentence, its capital read off when its first word is a common noun
 * ("Sushi is my favourite" → sushi, "Pad thai" → pad thai), kept where it names a people or a
 * name ("Thai", "Nobu").
 */
export function lowerFirstCommon(value: string): string {
  const first = value.split(/\s/)[0] ?? '';
  return /^\p{Lu}\p{Ll}/u.test(first) && lowerCommonNoun(first) !== first
    ? `${value.charAt(0).toLowerCase()}${value.slice(1)}`
    : value;
}

// Negated in form, a fact in meaning: what one cannot eat or drink ("I can't eat walnuts").
const CANNOT_CONSUME =
  /^i\s+(?:can't|cannot|can\s+not|mustn't|must\s+not|shouldn't|should\s+not|am\s+not\s+allowed\s+to|'m\s+not\s+allowed\s+to)\s+(eat|drink|have)\s+(.+)$/u;

/**
 * What one cannot eat or drink, read before a negation drops the sentence ("I can't eat walnuts"
 * → `cannot_eat walnuts`): a restriction to keep, not a fact denied. "I don't drink coffee" is a
 * habit denied, read as nothing (the gold sets' reading). Empty for anything else.
 * @param lowered The statement with its first letter in lower case.
 */
export function cannotConsume(lowered: string): ReturnType<typeof triple>[] {
  const m = CANNOT_CONSUME.exec(lowered);
  return m ? eitherOf(m[2]).map((o) => triple('user', `cannot_${m[1]}`, o, 'person', '')) : [];
}

// What is no food or drink but an amount or a manner ("I can't eat much", "… anything after 8").
const NO_FOOD =
  /^(?:much|many|a\s+lot|lots|enough|anything|everything|something|that|this|it|them|well|healthy|out|late|early|properly|right)\b/;

/** The things a negated restriction names, "or" joining them as "and" does ("walnuts or peanuts": neither). */
function eitherOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\s+or\s+/)
    .flatMap((part) => objects(part))
    .filter((o) => !NO_FOOD.test(o));
}

/**
 * A value said first in its sentence, in lower case when WordNet knows it as a kind of the thing
 * it is named as ("Volleyball is my sport" → "volleyball"); any other keeps its capital ("Cork is
 * my hometown": a city's name, though cork is also a material).
 */
function asKindOf(value: string, thing: string): string {
  const lower = value.toLowerCase();
  const head = thing.split(/\s+/).at(-1) ?? '';
  const kind = /^\p{Lu}\p{Ll}+$/u.test(value) && namesKindInSenses(lower, Number.POSITIVE_INFINITY, [head]);
  return kind ? lower : value;
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number from 1 to 99 said in words ("thirty-four", "twelve"), or undefined. */
export function numberInWords(words: string): number | undefined {
  const [first = '', second] = words.toLowerCase().split(/[-\s]/);
  const tens = TENS.indexOf(first);
  if (tens >= 2) {
    if (second === undefined) return tens * 10;
    const unit = UNITS.indexOf(second);
    return unit > 0 ? tens * 10 + unit : undefined;
  }
  if (second !== undefined) return undefined;
  const teen = TEENS.indexOf(first);
  if (teen >= 0) return 10 + teen;
  const unit = UNITS.indexOf(first);
  return unit > 0 ? unit : undefined;
}
