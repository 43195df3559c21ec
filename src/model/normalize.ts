/**
 * Name and predicate normalisation: the one place that decides when two spellings are the
 * same entity key or the same predicate key.
 */

import { memoizeByText } from './memo.js';

const SELF_REFERENCES = new Set(['i', 'me', 'my', 'myself', 'mine', 'user', 'the user']);

/** The key of the user's own entity, which "I", "me", "my" and "user" resolve to. */
export const USER_ENTITY_KEY = 'user';

/**
 * Folds a name to its lookup key: Unicode NFKC, lower case, punctuation dropped (apostrophes
 * removed inside words, other marks become spaces), whitespace collapsed. The symbols that tell
 * names apart stay (`+`, `#`, `&`, `@`): C, C++ and C# are three keys, AT&T is not "at t".
 *
 * @example normalizeKey("  Polar-Bear's ") === "polar bears"
 * @example normalizeKey("C++") === "c++"
 */
export function normalizeKey(name: string): string {
  return cachedKey(name);
}

// The keys of names up to this long are kept, up to this many.
const KEY_CACHE = { limit: 100_000, maxLength: 200 };
const cachedKey = memoizeByText((name) => foldName(name), KEY_CACHE);

function foldName(name: string, kept: RegExp = KEY_DROPS): string {
  const folded = name.normalize('NFKC').toLowerCase();
  const key = folded
    .replace(/['’`´]/g, '')
    .replace(kept, ' ')
    .trim();
  // A name made only of symbols ("$", "%") keeps its symbols rather than becoming empty.
  return key.length > 0 ? key : folded.replace(/\s+/g, ' ').trim();
}

// What a key drops: every run of characters other than letters, digits and the symbols that
// tell names apart.
const KEY_DROPS = /[^\p{L}\p{N}+#&@]+/gu;
// What keys dropped before they kept those symbols (databases written then are re-keyed once).
const LEGACY_KEY_DROPS = /[^\p{L}\p{N}]+/gu;

/**
 * The key a name had before keys kept `+`, `#`, `&` and `@` ("C++" was "c"): what the one-time
 * re-keying of an older database compares stored keys with.
 */
export function legacyEntityKeyOf(name: string): string {
  const key = foldName(name, LEGACY_KEY_DROPS);
  return SELF_REFERENCES.has(key) ? USER_ENTITY_KEY : key;
}

/**
 * Splits text into normalised word tokens (the same folding as {@link normalizeKey}).
 *
 * @example tokenize("Who directed Inception?") // ["who", "directed", "inception"]
 */
export function tokenize(text: string): string[] {
  // Printable ASCII is its own NFKC form, and its letters and digits are [a-z0-9] once lower
  // cased: the same folding without the Unicode tables (most names and statements).
  const key = PRINTABLE_ASCII.test(text)
    ? text
        .toLowerCase()
        .replace(/['`]/g, '')
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
    : text
        .normalize('NFKC')
        .toLowerCase()
        .replace(/['’`´]/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
  return key.length === 0 ? [] : key.split(' ');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Folds a predicate to its key: words joined with underscores.
 *
 * @example normalizePredicate("Lives in") === "lives_in"
 */
export function normalizePredicate(predicate: string): string {
  return cachedPredicateKey(predicate);
}

// A memory says few predicates, each many times (every line of a bulk import checks its own).
const cachedPredicateKey = memoizeByText(
  (predicate) => tokenize(predicate.replace(/_/g, ' ')).join('_'),
  KEY_CACHE,
);

/** Whether a name refers to the user themself ("I", "me", "my", "user", …). */
export function isSelfReference(name: string): boolean {
  return SELF_REFERENCES.has(normalizeKey(name));
}

/** Resolves a name to its entity key, mapping self references to {@link USER_ENTITY_KEY}. */
export function entityKeyOf(name: string): string {
  const key = normalizeKey(name);
  return SELF_REFERENCES.has(key) ? USER_ENTITY_KEY : key;
}

/** Human-readable predicate: `lives_in` → `lives in`. */
export function predicateWords(predicateKey: string): string {
  return predicateKey.replace(/_/g, ' ');
}
