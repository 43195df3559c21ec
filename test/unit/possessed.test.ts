import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/model/normalize.js';
import { possessedWords, withoutOthersWords } from '../../src/retrieve/possessed.js';

describe("words said of someone of the user's by a possessive", () => {
  it.each([
    ["What's my girlfriend's name?", [{ ownerAt: 2, wordAt: 3 }]],
    ["What is my older brother's job?", [{ ownerAt: 4, wordAt: 5 }]],
    ['What is my boss’s name?', [{ ownerAt: 3, wordAt: 4 }]],
  ])('"%s" → %j', (query, expected) => {
    expect(possessedWords(query, tokenize(query))).toEqual(expected);
  });

  it.each([["What's my name?"], ['What are my friends called?'], ["What's Ana's name?"]])(
    '"%s" says nothing of someone of the user\'s',
    (query) => {
      expect(possessedWords(query, tokenize(query))).toEqual([]);
    },
  );
});

describe('relation words without those said of someone no relation names', () => {
  const query = "What's my girlfriend's name?";
  const tokens = tokenize(query);
  // What relation matching found, as the function reads it, with the words it was matched over.
  interface Matched {
    mentions: readonly { position: number }[];
    words: readonly string[];
  }
  const rematched = (words: readonly string[]): Matched => ({ mentions: [], words });

  it('reads the word said of an owner no relation names as nothing', () => {
    const found: Matched = { mentions: [{ position: 3 }], words: tokens };
    const read = withoutOthersWords(query, tokens, tokens, found, rematched);
    expect(read.othersWords).toEqual(['name']);
    expect(read.words[3]).not.toBe('name');
    expect(read.relations.words).toEqual(read.words);
  });

  it('keeps it where a relation names the owner (a chain: "my sister\'s job")', () => {
    const found: Matched = { mentions: [{ position: 2 }], words: tokens };
    const read = withoutOthersWords(query, tokens, tokens, found, rematched);
    expect(read).toEqual({ words: tokens, relations: found, othersWords: [] });
  });

  it('leaves a possessive to the asked relation that carried its owner', () => {
    // The asked relation's stand-in took the owner's place: the possessive is that relation's.
    const words = tokens.map((t, at) => (at === 2 ? 'asked-stand-in' : t));
    const found: Matched = { mentions: [], words };
    const read = withoutOthersWords(query, tokens, words, found, rematched);
    expect(read).toEqual({ words, relations: found, othersWords: [] });
  });
});
