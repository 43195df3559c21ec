import { isPersonNoun, namesKindOf, namesPlace, relationalAdjectiveKind } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import type { ExtractedTriple } from './base.js';
import {
  ANIMAL_KIND,
  CLAUSE_OBJECT,
  CLAUSE_TAIL,
  COMPANIONS,
  DETERMINER,
  FILLER,
  MAX_OBJECT_WORDS,
  PLACE_SUFFIX,
  PRONOUN_OBJECT,
  PURPOSE_TAIL,
  QUANTITY_PREFIX,
  TIME_SUFFIX,
} from './rule-patterns.js';

/** A pet's kind as stored: young animals as their kind ("puppy" → "dog"). */
export function petKind(word: string | undefined): string {
  const kind = (word ?? '').toLowerCase().replace(/\s+/g, '_');
  return ANIMAL_KIND[kind] ?? kind;
}

/** What a sentence about someone else says: where they live or work, what they are allergic to or like. */
export function aboutOther(
  subject: string,
  verb: string,
  rest: string,
  subjectType: string,
): ExtractedTriple[] {
  const v = verb.toLowerCase();
  if (v === 'lives in') return [triple(subject, 'lives_in', clean(rest), subjectType, 'place')];
  if (v === 'works at' || v === 'works for' || v === 'started working at' || v === 'started working for') {
    const role = /^(.+?)\s+as\s+(?:an?\s+)?(.+)$/u.exec(rest.trim());
    return role
      ? [
          triple(subject, 'works_at', clean(role[1]), subjectType, 'organization'),
          triple(subject, 'works_as', clean(role[2]), subjectType, 'role'),
        ]
      : [triple(subject, 'works_at', clean(rest), subjectType, 'organization')];
  }
  if (v === 'works as')
    return [triple(subject, 'works_as', clean(rest).replace(/^an?\s+/i, ''), subjectType, 'role')];
  if (v === 'moved to') return [triple(subject, 'lives_in', clean(rest), subjectType, 'place')];
  if (v === 'goes to' || v === 'studies at')
    return [triple(subject, 'studies_at', clean(rest), subjectType, 'organization')];
  if (v === 'plays')
    return objects(rest.replace(/^the\s+/i, '')).map((o) => triple(subject, 'plays', o, subjectType, ''));
  if (v === 'is allergic to')
    return objects(rest).map((o) => triple(subject, 'is_allergic_to', o, subjectType, ''));
  return objects(rest).map((o) => triple(subject, preferencePredicate(v), o, subjectType, ''));
}

/** The predicate of a preference verb ("enjoy" → likes, "hate" → hates). */
export function preferencePredicate(verb: string | undefined): string {
  const v = (verb ?? '').toLowerCase().replace(/s$/, '');
  if (v === 'enjoy' || v === 'adore') return 'likes';
  if (v === 'dislike' || v === 'hate') return v === 'hate' ? 'hates' : 'dislikes';
  return `${v}s`;
}

/** A relation word as a predicate ("best friend" → best_friend, "pup" → dog). */
export function relation(word: string | undefined): string {
  const key = (word ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  return (Object.hasOwn(ANIMAL_KIND, key) ? ANIMAL_KIND[key] : undefined) ?? key;
}

/** The kind of entity a relation names: an animal for pets, else a person. */
export function relationType(word: string | undefined): string {
  return /^(dog|puppy|pup|cat|kitten|pet)$/i.test(word ?? '') ? 'animal' : 'person';
}

/** Splits "pizza, pasta and sushi" into its items. */
export function objects(text: string | undefined): string[] {
  return (text ?? '')
    .trim()
    .replace(/[.,;:!]+$/, '')
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((o) => nounPhrase(o.replace(ITEM_ADVERB, '')))
    .filter(
      (o) =>
        o.length > 0 &&
        !ASIDE.test(o) &&
        !PRONOUN_OBJECT.test(o) &&
        !CLAUSE_OBJECT.test(o) &&
        o.split(/\s+/).length <= MAX_OBJECT_WORDS,
    );
}

// An adverb an item of a list starts with, not part of the thing ("hiking, and lately pottery").
const ITEM_ADVERB =
  /^(?:also|even|lately|recently|now|nowadays|these days|especially|particularly|mostly|mainly|sometimes|occasionally)\s+(?=\S)/i;

// A list's item that is an aside, not a thing ("penicillin, by the way", "Japanese, slowly").
const ASIDE =
  /^(?:by the way|btw|honestly|though|too|as well|anyway|i think|i guess|slowly|mostly|mainly|really|finally|recently|usually|sometimes|actually|basically|definitely|obviously|of course|at all)$/i;

/** The noun phrase at the start of an object: reasons, purposes and relative clauses cut off. */
export function nounPhrase(text: string): string {
  const cut = text.replace(CLAUSE_TAIL, '').trim();
  const purpose = PURPOSE_TAIL.exec(cut);
  return clean((purpose?.[1] ?? cut).replace(DETERMINER, ''));
}

/** What one does, without who one does it with ("rugby with friends" → "rugby"). */
export function withoutCompanions(text: string | undefined): string {
  const t = (text ?? '').trim().replace(/[.,;:!]+$/, '');
  const m = t.match(COMPANIONS);
  // "with my sister" or "with my sister Ana": a person noun last, or before a name.
  return m && isCompanion(m[2], { nameAlone: false }) ? (m[1] ?? t) : t;
}

/**
 * Whether the words after "with" name someone: a person noun or a group of people last ("my
 * sister", "my family"), or a name —
 * after a person noun ("my sister Ana"), or alone when `nameAlone` ("with Sara in Lyon").
 */
function isCompanion(phrase: string | undefined, { nameAlone }: { nameAlone: boolean }): boolean {
  const words = phrase?.split(/\s+/) ?? [];
  const last = words.at(-1) ?? '';
  // A person, or a group of people ("with my family", "with the team").
  if (isPersonNoun(last) || namesKindOf(last, 'social_group')) return true;
  return /^\p{Lu}/u.test(last) && (nameAlone || isPersonNoun(words.at(-2) ?? ''));
}

/**
 * A clause without who one does it with when that is said between the verb and where ("I live
 * with my girlfriend Sara in Lyon" → "I live in Lyon"): only when the companion's last word is a
 * name or a person noun, so "I work with clay in Leeds" keeps what it says.
 */
export function withoutMiddleCompanions(text: string): string {
  const m = MIDDLE_COMPANIONS.exec(text);
  if (!m || !isCompanion(m[2], { nameAlone: true })) return text;
  return `${m[1]} ${text.slice(m[0].length)}`;
}

const MIDDLE_COMPANIONS =
  /^([Ii](?:'m|\s+am|'ve|\s+have)?\s+\p{Ll}+)\s+with\s+(?:(?:my|our|the)\s+)?((?:[\p{L}'-]+\s+){0,3}?[\p{L}'-]+)\s+(?=(?:in|to|at|near)\s)/u;

/**
 * Whether an object names a place: a name ("Lisbon", "the UK"), or a phrase whose head WordNet
 * knows as a place in its usual sense ("the countryside", "a village near Porto"; not "work").
 */
export function isPlace(text: string): boolean {
  return /^\p{Lu}/u.test(text) || namesPlace(text);
}

/** The text with its first letter in lower case: fixed words are matched so, names keep theirs. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** An object without trailing punctuation, filler, an amount before it, a time or place after it, or a leading article. */
export function clean(text: string | undefined): string {
  let t = (text ?? '')
    .trim()
    .replace(/[.,;:!]+$/, '')
    .replace(CONNECTOR_TAIL, '')
    .replace(CALLED, '')
    .replace(QUANTITY_PREFIX, '');
  while (FILLER.test(t) || TIME_SUFFIX.test(t) || PLACE_SUFFIX.test(t))
    t = t.replace(FILLER, '').replace(TIME_SUFFIX, '').replace(PLACE_SUFFIX, '').trim();
  return t.replace(/^(the|a|an)\s+(?=\p{Ll})/iu, '').trim();
}

// A clause joined to a value ("Porto after the divorce", "Google before Farfetch"): never part of
// the value's name. Lower case only: a title's own "Before" or "After" stays.
// "Oakland and bike to work in San Francisco": "and" before a word in lower case starts a clause
// of its own (a name's own "and" joins names: "Trinidad and Tobago").
const CONNECTOR_TAIL =
  /(?:\s+(?:before|after|until|till|because|'cause|when|while|whereas)\s+.+|\s+and\s+(?:then\s+)?\p{Ll}.*|,\s+\p{Ll}.*|\s+for\s+(?:a|an|the|my|our|work|school|university|college)\b.*)$/u;
// "a startup called Loop", "a dog named Rex": the name is what comes after.
const CALLED = /^.*?\s(?:called|named)\s+(?=\p{Lu})/u;

/** One extracted triple. */
export function triple(
  subject: string,
  predicate: string,
  object: string,
  subjectType: string,
  objectType: string,
): ExtractedTriple {
  return { subject, predicate, object, subjectType, objectType };
}

/**
 * The user's job as said: where they work (`works_at`) and as what (`works_as`), each only when
 * said, both cleaned as objects are.
 */
export function jobTriples(employer: string | undefined, role: string | undefined): ExtractedTriple[] {
  return [
    ...(employer ? [triple('user', 'works_at', clean(employer), 'person', 'organization')] : []),
    ...(role ? [triple('user', 'works_as', clean(role), 'person', 'role')] : []),
  ];
}

/** The triples without repeats (same subject, predicate and object). */
export function dedupe(triples: ExtractedTriple[]): ExtractedTriple[] {
  const seen = new Set<string>();
  return triples.filter((t) => {
    const key = `${t.subject.toLowerCase()}|${t.predicate}|${t.object.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * "I'm Ana Silva" names the user; a word WordNet knows as a relational adjective is never a name:
 * "I'm Brazilian" says where they are from (`nationality`), "I'm Buddhist" their faith
 * (`religion`), and any other ("I'm Jewish") what they are (`is_a`).
 */
export function nameOrNationality(said: string): ExtractedTriple {
  const kind = relationalAdjectiveKind(said);
  if (kind === 'place') return triple('user', 'nationality', said, 'person', '');
  if (kind === 'religion') return triple('user', 'religion', said, 'person', '');
  if (kind === 'other') return triple('user', 'is_a', said, 'person', '');
  return triple('user', 'name', said, 'person', 'person');
}

/**
 * A verb's "-ing" form ("swim" → "swimming", "dance" → "dancing", "cook" → "cooking"): a final
 * consonant after one short vowel doubles in a word of one syllable, a silent "e" goes.
 */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(v) && v.length > 2) return `${v.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(v)) return `${v}${v.at(-1)}ing`;
  return `${v}ing`;
}

// "I like to swim": a preference for doing something, said with "to" and the verb.
const PREFERENCE_TO =
  /^(i\s+(?:really\s+)?(?:like|love|enjoy|hate|prefer|adore))\s+to\s+(?:go\s+(?=\p{Ll}+ing\b))?(\p{Ll}+)\b/iu;

const CLAUSE_VERBS = /^(?:think|believe|say|know|imagine|suppose|hope|guess|tell|admit|point|mention|note)$/i;

/**
 * A preference for doing something said with "to", as it is said with the "-ing" form: "I like
 * to swim" → "I like swimming", "I love to go hiking" → "I love hiking". Only for a word WordNet
 * knows as a verb ("I like to the max" is left as it is); undefined for a verb of thinking or
 * saying ("I like to think so" names nothing liked).
 */
export function preferenceAsGerund(text: string): string | undefined {
  const m = PREFERENCE_TO.exec(text);
  const verb = m?.[2];
  if (!m || !verb) return text;
  // "I like to think so": a verb of thinking or saying takes a clause; no pastime is named.
  if (CLAUSE_VERBS.test(verb)) return undefined;
  const doing = verb.endsWith('ing') ? verb : gerund(verb);
  if (!verb.endsWith('ing') && sharedWordNet().lemmas(verb.toLowerCase(), 'verb')[0] !== verb.toLowerCase())
    return text;
  return `${m[1]} ${doing}${text.slice(m[0].length)}`;
}
