import { NOT_A_NAME, PERSON_RELATIONS, PET_KINDS, RELATIONS } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { objects, petKind, relation, relationType, triple } from './rule-words.js';

// "I have", "I've got", "I have got", "I got" (as a possession, not a purchase: only people follow).
const I_HAVE = "[Ii](?:'ve\\s+got|\\s+have\\s+got|\\s+have|\\s+got)";
const AGE_WORDS = '(?:(?:younger|older|little|big|elder|baby|teenage|grown-up|adult|twin)\\s+)?';
const COUNTS = 'two|three|four|five|six|2|3|4|5|6';
// One pet said by how many and its kind ("a dog", "two little kittens", "a guinea pig").
const ONE_PET = `(?:an?|one|${COUNTS})\\s+(?:(?:new|little|young|old|rescue|pet)\\s+)?\\p{Ll}+(?:\\s+pigs?)?`;
// What is said before a pet's kind: how many and what it is like.
const PET_COUNT = new RegExp(`^(?:an?|one|${COUNTS})\\s+(?:(?:new|little|young|old|rescue|pet)\\s+)?`, 'u');
// Kinds of person one has: the relations of the rules, and children said as such.
const KINDS = `${RELATIONS}|kid|child`;
const PLURAL_KINDS =
  'kids|children|sons|daughters|sisters|brothers|cousins|friends|best friends|colleagues|coworkers|roommates|grandchildren|grandkids|stepsons|stepdaughters|dogs|cats|puppies|kittens';
// The people one may have, one or several, for "I have a sister", "I have two kids" (pets are
// kept by kind, by the first rule).
const PERSON_KINDS = PERSON_RELATIONS;
const PERSON_PLURALS = PLURAL_KINDS.split('|')
  .filter((kind) => !/^(?:dogs|cats|puppies|kittens)$/.test(kind))
  .join('|');
// Plurals that are not the singular and an "s".
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  children: 'child',
  grandchildren: 'grandchild',
  grandkids: 'grandchild',
  puppies: 'puppy',
};

/**
 * The rules about the people a user has, said as having them rather than as "my sister Ana":
 * "I have a daughter, Mia", "I've got a brother called Tom", "I have two kids, Mia and Leo",
 * "My kids are Mia and Leo". Each named person is one fact of the user's relation to them.
 */
export const FAMILY_RULES: Rule[] = [
  {
    // "I have a dog", "We've got two cats", "I have a cat and a dog": a pet of each kind, named or
    // not yet; only when every one said is a pet.
    pattern: new RegExp(
      `^(?:[Ii]|[Ww]e)(?:'ve\\s+got|\\s+have\\s+got|\\s+have|\\s+got|\\s+own)\\s+(${ONE_PET}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*,\\s+and\\s+)${ONE_PET})*)$`,
      'u',
    ),
    // Stored by kind as a named pet's key is: a puppy is a dog (`petKind`).
    build: (m) => {
      const pets = (m[1] ?? '')
        .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
        .map((said) => petSaid(said.replace(PET_COUNT, '')));
      if (pets.some((pet) => pet === undefined)) return [];
      return pets.map((pet) =>
        triple('user', 'has_pet', petKind(pet ?? '').replace(/_/g, ' '), 'person', 'animal'),
      );
    },
  },
  {
    pattern: new RegExp(
      `^${I_HAVE}\\s+(?:an?|one)\\s+${AGE_WORDS}(${KINDS})\\s*(?:,\\s*|\\s+(?:named|called)\\s+)(.+)$`,
      'u',
    ),
    build: (m) => named(m[1], m[2]),
  },
  {
    // "I have two kids, Mia and Leo": as many names as the number says, or the names alone.
    pattern: new RegExp(
      `^${I_HAVE}\\s+(?:${COUNTS})\\s+${AGE_WORDS}(${PLURAL_KINDS})\\s*[,:—–-]\\s*(.+)$`,
      'u',
    ),
    build: (m) => named(singular(m[1]), m[2]),
  },
  {
    pattern: new RegExp(
      `^my\\s+(?:(?:${COUNTS})\\s+)?${AGE_WORDS}(${PLURAL_KINDS})\\s+are\\s+(?:called\\s+|named\\s+)?(.+)$`,
      'u',
    ),
    build: (m) => named(singular(m[1]), m[2]),
  },
  {
    // "I have a sister", "We've got two kids", "I have an older brother": someone of the user's
    // no name is given for yet, kept in the words said (how many and which, "two kids", "older
    // brother"), the way "my sister" is kept when she is said to do something.
    pattern: new RegExp(
      `^(?:[Ii]|[Ww]e)(?:'ve\\s+got|\\s+have\\s+got|\\s+have|\\s+got)\\s+(?:(?:an?|one)\\s+(${AGE_WORDS}(?:${PERSON_KINDS}))|((?:${COUNTS})\\s+${AGE_WORDS}(?:${PERSON_PLURALS})))$`,
      'u',
    ),
    build: (m) => [triple('user', 'has', (m[1] ?? m[2] ?? '').replace(/\s+/g, ' '), 'person', 'person')],
  },
];

/** A plural kind as its singular ("kids" → kid, "children" → child). */
function singular(word: string | undefined): string {
  const lower = (word ?? '').toLowerCase();
  return IRREGULAR_PLURALS[lower] ?? lower.replace(/s$/, '');
}

/** One fact per name in `names` of the user's relation `kind` to them; nothing unless all are names. */
function named(kind: string | undefined, names: string | undefined) {
  const key = relation(kind === 'kid' ? 'child' : kind);
  const people = objects(names);
  const allNames = people.length > 0 && people.every((p) => /^\p{Lu}/u.test(p) && !NOT_A_NAME.test(p));
  return allNames ? people.map((p) => triple('user', key, p, 'person', relationType(kind))) : [];
}

const PETS: ReadonlySet<string> = new Set(PET_KINDS.split('|'));

/** The pet a word names, singular ("puppies" → puppy, "fish" → fish), or undefined. */
function petSaid(word: string | undefined): string | undefined {
  const lower = (word ?? '').toLowerCase();
  const forms = [lower, lower.replace(/ies$/, 'y'), lower.replace(/es$/, ''), lower.replace(/s$/, '')];
  return forms.find((form) => PETS.has(form));
}
