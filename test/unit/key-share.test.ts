import { describe, expect, it } from 'vitest';
import { relationLexicon } from '../../src/lexicon/resolve.js';
import { tokenize } from '../../src/model/normalize.js';
import { AskedLexicon, withAskedRelations } from '../../src/retrieve/asked-relation.js';
import { keyShareReader } from '../../src/retrieve/key-share.js';
import { OFFLINE_RECIPE } from '../../src/retrieve/recipe.js';
import { RelationMatcher } from '../../src/retrieve/relations.js';

const lexicon = relationLexicon();

/** The shares as recall reads them: the question's relation words, asked relations included. */
function shares(query: string, vocabulary: readonly string[]): Record<string, number> {
  const tokens = tokenize(query);
  const { words, asked } = withAskedRelations(query, tokens, vocabulary);
  const matcher = new RelationMatcher(
    words,
    [],
    vocabulary,
    asked.length > 0 ? new AskedLexicon(lexicon) : lexicon,
    [],
    OFFLINE_RECIPE.relations,
  );
  const read = keyShareReader(matcher, words, lexicon, OFFLINE_RECIPE.relations.strongMatch);
  return Object.fromEntries(
    matcher.relevantKeys
      .map((key) => [key, read(key)])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

describe('keyShareReader: how much of each key the question names it reads', () => {
  it.each([
    // The verb only: the key's other word is not read.
    ['Which group do I love?', ['loves_flower', 'works_at'], { loves_flower: 0.5 }],
    // A key read whole by one word.
    ['Who do I love?', ['loves'], { loves: 1 }],
    // Both words read, one by WordNet ("bicycle": a bike).
    ['Which bike do I ride?', ['rides_bike', 'owns_console'], { rides_bike: 1 }],
    // Half of each: a loose link ("own" and "console", "bicycle" and "ride") reads no word of a key.
    ['Which bicycle brand do I own?', ['rides_bike', 'owns_console'], { owns_console: 0.5, rides_bike: 0.5 }],
    // A word that only describes is not counted: the friend is read, "best" is no "closest".
    ['Who is my best mate?', ['closest_friend', 'boyfriend'], { closest_friend: 1 }],
    // A relation the grammar reads whole, whatever words asked it.
    ['What do I do for a living?', ['works_as', 'likes'], { works_as: 1 }],
    ['Where do I live?', ['lives_in', 'loves_flower'], { lives_in: 1 }],
  ])('%s', (query, vocabulary, expected) => {
    expect(shares(query, vocabulary)).toEqual(expected);
  });

  it('leaves out the keys the question reads no word of', () => {
    expect(shares('Which group do I love?', ['plays_board_game', 'works_at'])).toEqual({});
  });
});
