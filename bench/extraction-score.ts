import { NUMBER_WORDS } from '../src/extract/local-output.js';
import type { GoldConversation, GoldFact } from './extraction-gold.js';

/**
 * Scores what a memory stored from a gold conversation (`extraction-gold.ts`) against its gold
 * facts, leniently, as a reader would:
 *
 * - **Names** match when equal after folding case, accents, punctuation, a leading article or
 *   possessive ("the", "a", "my"), a plural "s", and these kin words (`mum`, `mom`, `mother`;
 *   `dad`, `father`) and number words as digits (`three`, `3`); the person talking is `user` (also `I`, `me`, `myself`). A stored name with
 *   one word more or less at either end than the gold one still matches (`2015 Honda Civic` for
 *   `Honda Civic`, `Royal Infirmary` for `the Royal Infirmary hospital`), never two.
 * - **Predicates** match when the stored predicate is the gold one or one of its synonyms
 *   ({@link SYNONYMS}, after folding case, `has_`/`is_` prefixes and separators); `X_of` (and
 *   `is_X_of`) read backwards: `Ana sister_of user` is `user sister Ana`.
 * - **Forbidden** facts match by the same rules, without the one-word leeway, among the current
 *   facts (a corrected value kept closed is history, not a fact held); any stored fact whose
 *   subject or object is a placeholder ("None", "unknown", "N/A") counts as forbidden too.
 */

/** One fact as the memory stored it. */
export interface StoredFact {
  subject: string;
  predicate: string;
  object: string;
  current: boolean;
}

/** What one conversation scored. */
export interface ConversationScore {
  id: string;
  categories: readonly string[];
  /** Gold current facts found among the stored current facts. */
  currentFound: number;
  currentGold: number;
  /** Stored current facts that match a gold current fact, and all stored current facts. */
  storedRight: number;
  storedCurrent: number;
  closedFound: number;
  closedGold: number;
  /** Forbidden facts (or placeholder values) stored. */
  forbidden: number;
  /** Gold closed facts still current. */
  staleCurrent: number;
}

/** Predicate synonyms accepted for each gold predicate (beyond the predicate itself). */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  lives_in: [
    'lives',
    'live_in',
    'resides_in',
    'lives_at',
    'based_in',
    'home',
    'city',
    'moved_to',
    'location',
    'located_in',
  ],
  works_at: [
    'works_for',
    'employer',
    'employed_by',
    'employed_at',
    'works_in',
    'company',
    'job_at',
    'workplace',
  ],
  works_as: ['job', 'occupation', 'profession', 'role', 'job_title', 'position', 'is_a', 'is', 'works'],
  studies_at: [
    'attends',
    'goes_to',
    'student_at',
    'enrolled_at',
    'school',
    'studies_in',
    'university',
    'attending',
  ],
  studies: ['studying', 'major', 'studies_subject', 'field_of_study', 'doing', 'is_studying', 'pursuing'],
  studied: ['studied_subject', 'degree', 'degree_in', 'majored_in', 'studied_at'],
  is_learning: ['learning', 'learns', 'studies', 'studying', 'takes_classes'],
  likes: [
    'loves',
    'enjoys',
    'favorite',
    'favourite',
    'favorite_drink',
    'favourite_drink',
    'favorite_food',
    'favourite_food',
    'prefers',
    'likes_to',
  ],
  dislikes: [
    'hates',
    'does_not_like',
    'doesnt_like',
    'not_likes',
    'cannot_stand',
    'cant_stand',
    'no_longer_likes',
  ],
  diet: ['is', 'is_a', 'follows', 'follows_diet', 'eats', 'diet_type', 'dietary_preference'],
  is_allergic_to: ['allergic_to', 'allergy', 'allergies', 'has_allergy'],
  has_condition: [
    'condition',
    'has',
    'suffers_from',
    'diagnosed_with',
    'has_injury',
    'injury',
    'health_condition',
    'broke',
  ],
  has_pet: ['pet', 'dog', 'cat', 'owns', 'has', 'has_dog', 'has_cat', 'pet_name', 'adopted'],
  is_a: ['is', 'species', 'breed', 'type', 'kind', 'animal'],
  age: ['is_age', 'years_old', 'aged', 'age_is'],
  birthday: ['born_on', 'birth_date', 'date_of_birth', 'birthdate'],
  name: ['full_name', 'is_named', 'called', 'named'],
  speaks: ['language', 'languages', 'knows_language', 'fluent_in', 'speaks_language'],
  plays: ['plays_instrument', 'plays_sport', 'instrument', 'does', 'practices'],
  does: ['practices', 'hobby', 'goes', 'enjoys', 'plays', 'likes', 'sport', 'activity'],
  owns: ['has', 'drives', 'bought', 'possesses', 'car', 'bike', 'vehicle'],
  friend: ['best_friend', 'friends_with', 'knows'],
  partner: ['boyfriend', 'girlfriend', 'lives_with', 'married_to', 'spouse'],
  married_to: ['wife', 'husband', 'spouse', 'partner'],
  mother: ['mom', 'mum', 'mother_is', 'parent'],
  father: ['dad', 'father_is', 'parent'],
  sister: ['sibling'],
  brother: ['sibling'],
  son: ['child', 'kid'],
  daughter: ['child', 'kid'],
  manager: ['boss', 'managed_by', 'reports_to'],
};

const KIN: Readonly<Record<string, string>> = {
  mum: 'mother',
  mom: 'mother',
  mommy: 'mother',
  dad: 'father',
  daddy: 'father',
};
// Number words read as their digits ("he is three" states age 3).
const DIGITS_OF: Readonly<Record<string, string>> = Object.fromEntries(
  NUMBER_WORDS.map((word, n) => [word, String(n)]),
);
const USER = new Set(['user', 'i', 'me', 'myself', 'the user']);
const FILLER = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'her', 'their']);

/** A name folded for comparison, as words. */
export function nameWords(name: string): string[] {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (USER.has(folded)) return ['user'];
  const words = folded.split(' ').filter((w) => w && !FILLER.has(w));
  return words.map(
    (w) =>
      KIN[w] ?? DIGITS_OF[w] ?? (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w),
  );
}

/** Whether a stored name names the gold one (see the module comment). */
export function sameName(gold: string, stored: string, strict = false): boolean {
  const a = nameWords(gold);
  const b = nameWords(stored);
  if (a.join(' ') === b.join(' ')) return a.length > 0;
  if (strict || a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  return long.slice(1).join(' ') === short.join(' ') || long.slice(0, -1).join(' ') === short.join(' ');
}

function predicateWords(predicate: string): string {
  return predicate
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The forms a stored predicate may be read as: itself, without has_/is_, and read backwards when it ends in _of. */
function readings(predicate: string): { key: string; backwards: boolean }[] {
  const key = predicateWords(predicate);
  const out = [{ key, backwards: false }];
  const bare = key.replace(/^(has|is|have)_/, '');
  if (bare !== key) out.push({ key: bare, backwards: false });
  const of = /^(?:is_)?(.+)_of$/.exec(key);
  if (of?.[1]) out.push({ key: of[1], backwards: true });
  return out;
}

/** Whether a stored fact states a gold fact. */
export function matches(gold: GoldFact, stored: StoredFact, strict = false): boolean {
  const [subject, predicate, object] = gold;
  const accepted = new Set([predicate, ...(SYNONYMS[predicate] ?? [])]);
  for (const reading of readings(stored.predicate)) {
    if (!accepted.has(reading.key)) continue;
    const [s, o] = reading.backwards ? [stored.object, stored.subject] : [stored.subject, stored.object];
    if (sameName(subject, s, strict) && sameName(object, o, strict)) return true;
  }
  return false;
}

const PLACEHOLDER = /^(none|null|nil|unknown|n\/a|not specified|not mentioned|unspecified|-|\?)$/i;

/** Scores one conversation's stored facts. */
export function scoreConversation(gold: GoldConversation, stored: readonly StoredFact[]): ConversationScore {
  const current = stored.filter((f) => f.current);
  const closed = stored.filter((f) => !f.current);
  const closedGold = gold.closed ?? [];
  return {
    id: gold.id,
    categories: gold.categories,
    currentGold: gold.current.length,
    currentFound: gold.current.filter((g) => current.some((f) => matches(g, f))).length,
    storedCurrent: current.length,
    storedRight: current.filter((f) => gold.current.some((g) => matches(g, f))).length,
    closedGold: closedGold.length,
    closedFound: closedGold.filter((g) => closed.some((f) => matches(g, f))).length,
    staleCurrent: closedGold.filter((g) => current.some((f) => matches(g, f))).length,
    forbidden:
      (gold.forbidden ?? []).filter((g) => current.some((f) => matches(g, f, true))).length +
      stored.filter((f) => PLACEHOLDER.test(f.subject.trim()) || PLACEHOLDER.test(f.object.trim())).length,
  };
}

/** Totals over conversations: precision, recall and F1 of current facts, and the counts. */
export interface ScoreTotals {
  conversations: number;
  precision: number;
  recall: number;
  f1: number;
  closedRecall: number;
  forbidden: number;
  staleCurrent: number;
}

export function totals(scores: readonly ConversationScore[]): ScoreTotals {
  const sum = (f: (s: ConversationScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  const precision =
    sum((s) => s.storedRight) /
    Math.max(
      1,
      sum((s) => s.storedCurrent),
    );
  const recall =
    sum((s) => s.currentFound) /
    Math.max(
      1,
      sum((s) => s.currentGold),
    );
  return {
    conversations: scores.length,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    closedRecall:
      sum((s) => s.closedFound) /
      Math.max(
        1,
        sum((s) => s.closedGold),
      ),
    forbidden: sum((s) => s.forbidden),
    staleCurrent: sum((s) => s.staleCurrent),
  };
}
