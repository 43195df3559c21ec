import { describe, expect, it } from 'vitest';
import { ConceptReader } from '../../src/lexicon/concepts.js';
import { searchTerms } from '../../src/model/text.js';
import { Bm25Index } from '../../src/store/cache/bm25.js';

describe('ConceptReader (WordNet ancestors of a text’s words)', () => {
  const reader = new ConceptReader();

  it('climbs from a word’s most frequent sense to the top of the hierarchy, instances included', () => {
    const violin = reader.ancestors('violin');
    expect(violin).toEqual(
      expect.arrayContaining(['stringed instrument', 'musical instrument', 'instrument', 'entity']),
    );
    expect(reader.ancestors('Paris')).toEqual(expect.arrayContaining(['national capital', 'city']));
    expect(reader.ancestors('swimming')).toEqual(expect.arrayContaining(['sport', 'recreation', 'activity']));
    // The word's own synonyms are not its ancestors.
    expect(violin).not.toContain('fiddle');
  });

  it('skips stop words, very short words and words WordNet does not know', () => {
    expect(reader.conceptsOf('and the of it')).toEqual([]);
    expect(reader.conceptsOf('tv ok')).toEqual([]);
    expect(reader.conceptsOf('Zorblax qwvx')).toEqual([]);
    const concepts = reader.conceptsOf('I play the violin and the cello');
    expect(concepts).toContain('bowed stringed instrument');
    expect(new Set(concepts).size).toBe(concepts.length);
    // What a full-text index of concepts holds: the same, as search terms.
    const terms = reader.conceptTermsOf('I play the violin and the cello');
    expect(terms).toEqual(expect.arrayContaining(searchTerms('bowed stringed instrument')));
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('lets a full-text index weigh a shared concept by how rare it is among the turns', () => {
    const turns = {
      violin: 'I practise the violin every evening.',
      film: 'We watched a film on Sunday.',
      dog: 'Our dog chased the ball in the park.',
    };
    const index = new Bm25Index();
    for (const [uid, text] of Object.entries(turns))
      index.add(uid, searchTerms(reader.conceptsOf(text).join(' ')));
    const hits = index.search(searchTerms('Which instruments?'), 3);
    expect(hits[0]?.uid).toBe('violin');
    // "entity" is an ancestor of every turn: it matches all and weighs next to nothing.
    const general = index.search(searchTerms('entity'), 3);
    expect(general.length).toBe(3);
    expect(Math.max(...general.map((h) => h.score))).toBeLessThan(hits[0]?.score ?? 0);
  });
});
