/**
 * The forms a name is known by beyond its key, for entity resolution: "New York City" and "NYC",
 * "Acme Inc." and "Acme", "Dr. Silva" and "Silva", "The Beatles" and "Beatles", "J.R.R. Tolkien"
 * and "JRR Tolkien", "St. Louis" and "Saint Louis", "Malmö" and "Malmo". Two names are variants of
 * one another when they share a canonical form, or when one is an acronym of the other's words.
 */

import { memoizeByText } from './memo.js';
import { normalizeKey } from './normalize.js';

// Words before a name that do not tell it apart: articles, honorifics and titles.
const LEADING = new Set([
  'the',
  'a',
  'an',
  'dr',
  'doctor',
  'prof',
  'professor',
  'mr',
  'mister',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sir',
  'dame',
  'rev',
  'reverend',
]);
// Legal and corporate suffixes after a company's name.
const TRAILING = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'ltd',
  'limited',
  'gmbh',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'ag',
  'sa',
  'bv',
  'nv',
  'srl',
  'spa',
  'pty',
]);
// Words an acronym leaves out ("Massachusetts Institute of Technology": MIT).
const FUNCTION_WORDS = new Set([
  'of',
  'and',
  '&',
  'the',
  'for',
  'de',
  'del',
  'della',
  'la',
  'le',
  'von',
  'van',
  'y',
]);
// Letters of an acronym, at most.
const MAX_ACRONYM = 6;
const ACRONYM = /^(?:\p{Lu}\.?\s?){2,6}$/u;

/** What a name is known by, each form namespaced by how it was made (see {@link variantLookups}). */
export interface NameForms {
  /** The canonical form: diacritics folded, initials joined, articles, titles and legal suffixes dropped. */
  canonical: string;
  /** The letters when the name is written as an acronym ("NYC", "N.Y.C."). */
  acronym?: string;
  /** The acronyms it may be written as when it is a capitalised name of several words. */
  initials: string[];
}

// Latin letters that Unicode does not decompose into a base letter and a mark.
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
};

/** Latin letters without their diacritics ("Łódź" → "Lodz", "São" → "Sao"). */
function foldDiacritics(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łŁøØđĐßæÆœŒþÞðÐı]/g, (letter) => UNDECOMPOSED[letter] ?? letter);
}

/** Runs of single letters joined into one word ("j r r tolkien" → "jrr tolkien"). */
function joinInitials(words: readonly string[]): string[] {
  const joined: string[] = [];
  let run = '';
  for (const word of words) {
    if (/^\p{L}$/u.test(word)) {
      run += word;
      continue;
    }
    if (run) joined.push(run);
    run = '';
    joined.push(word);
  }
  if (run) joined.push(run);
  return joined;
}

function canonicalOf(name: string): string {
  let words = joinInitials(foldDiacritics(normalizeKey(name)).split(' ').filter(Boolean));
  if (words[0] === 'st' && words.length > 1) words = ['saint', ...words.slice(1)];
  while (words.length > 1 && LEADING.has(words[0] as string)) words = words.slice(1);
  while (words.length > 1 && TRAILING.has(words[words.length - 1] as string)) words = words.slice(0, -1);
  return words.join(' ');
}

/**
 * The acronyms a capitalised name of several words may be written as: the first letters of its
 * words with and without the small words an acronym may skip ("Rio de Janeiro": RDJ, RJ) and with
 * and without a legal suffix ("British Broadcasting Corporation": BBC); a word in capitals gives
 * all its letters ("Washington DC": WDC). None for a phrase or a single word.
 */
function initialsOf(name: string): string[] {
  const words = foldDiacritics(name.normalize('NFKC'))
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean);
  while (words.length > 1 && LEADING.has((words[0] as string).toLowerCase())) words.shift();
  const significant = words.filter((w) => !FUNCTION_WORDS.has(w.toLowerCase()));
  // A name, not a phrase: every significant word starts with a capital.
  if (significant.length < 2 || !significant.every((w) => /^\p{Lu}/u.test(w))) return [];
  const letters = (list: readonly string[]) =>
    list
      .map((w) => (ACRONYM.test(w) ? w : (w[0] ?? '')))
      .join('')
      .toLowerCase();
  const withoutSuffix = (list: readonly string[]) =>
    list.length > 2 && TRAILING.has((list[list.length - 1] as string).toLowerCase())
      ? list.slice(0, -1)
      : list;
  const forms = [
    letters(significant),
    letters(withoutSuffix(significant)),
    letters(words),
    letters(withoutSuffix(words)),
  ];
  return [...new Set(forms)].filter((f) => f.length >= 2 && f.length <= MAX_ACRONYM);
}

function formsOf(name: string): NameForms {
  const trimmed = name.trim();
  if (ACRONYM.test(trimmed))
    return {
      canonical: canonicalOf(trimmed),
      acronym: trimmed.replace(/[.\s]/g, '').toLowerCase(),
      initials: [],
    };
  return { canonical: canonicalOf(trimmed), initials: initialsOf(trimmed) };
}

/** The words of a name's canonical form (memoised with the forms). */
const wordsOf = memoizeByText((name: string) => nameForms(name).canonical.split(' '), {
  limit: 100_000,
  maxLength: 200,
});

/**
 * Whether `short` is an everyday short form of `long`, word for word: as many words, each the
 * same or cut down to letters of it in order, starting with its first letter, and at most
 * {@link SHORT_SHARE} of its length ("Man Utd": "Manchester United"; "St Pete": "St Petersburg"),
 * at least one word cut, and one kept whole unless every cut word keeps a few letters. "Man City" is not "Manchester United";
 * "Silva" is not short for "Silvan".
 */
export function isShortFormOf(short: string, long: string): boolean {
  const a = wordsOf(short);
  const b = wordsOf(long);
  if (a.length < 2 || a.length !== b.length) return false;
  let cut = 0;
  let whole = 0;
  let shortest = Number.POSITIVE_INFINITY;
  for (const [i, word] of a.entries()) {
    const full = b[i] as string;
    if (word === full) whole++;
    else if (abbreviates(word, full)) {
      cut++;
      shortest = Math.min(shortest, word.length);
    } else return false;
  }
  // Every word cut: each must keep a few letters ("Man Utd"), not one ("M U").
  return cut > 0 && (whole > 0 || shortest >= MIN_CUT_LETTERS);
}

// A cut word keeps at most this share of the word's letters.
const SHORT_SHARE = 0.6;
const ONLY_LETTERS = /^\p{L}+$/u;
// Letters each cut word keeps when no word is whole.
const MIN_CUT_LETTERS = 3;

function abbreviates(word: string, full: string): boolean {
  // Only words of letters are cut short: "1" is not short for "18".
  if (!ONLY_LETTERS.test(word) || !ONLY_LETTERS.test(full)) return false;
  if (word[0] !== full[0] || word.length > full.length * SHORT_SHARE) return false;
  let at = 0;
  for (const letter of full) if (letter === word[at]) at++;
  return at === word.length;
}

/** The forms of a name (memoised: resolution reads the forms of every entity of a user). */
export const nameForms: (name: string) => NameForms = memoizeByText(formsOf, {
  limit: 100_000,
  maxLength: 200,
});

/**
 * The index keys a name is stored under (`canonical:…`, `acronym:…`, `initials:…`) and those a
 * new name looks for: its canonical form among canonical forms, its acronym among others'
 * initials, its initials among others' acronyms.
 */
export function variantKeys(forms: NameForms): { stored: string[]; lookups: string[] } {
  const stored = [`canonical:${forms.canonical}`];
  const lookups = [`canonical:${forms.canonical}`];
  if (forms.acronym) {
    stored.push(`acronym:${forms.acronym}`);
    lookups.push(`initials:${forms.acronym}`);
  }
  for (const initials of forms.initials) {
    stored.push(`initials:${initials}`);
    lookups.push(`acronym:${initials}`);
  }
  return { stored, lookups };
}

/**
 * What tells two names apart beyond their letters: their numbers and the symbols keys keep.
 * Names that differ in them ("Room 101", "Room 102"; "C", "C++") are never the same thing.
 */
export function distinguishingMarks(name: string): string {
  return (normalizeKey(name).match(/[\p{N}+#&@]+/gu) ?? []).join(' ');
}
