import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/model/normalize.js';
import { possessedWords } from '../../src/retrieve/possessed.js';

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
