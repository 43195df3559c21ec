import { describe, expect, it } from 'vitest';
import { extractSentence, RuleExtractor } from '../../src/extract/rules.js';

type Row = [sentence: string, expected: [string, string, string][]];

// Each sentence and exactly the triples the rule extractor must read out of it.
const TABLE: Row[] = [
  ["Hi, I'm Sasako.", [['user', 'name', 'Sasako']]],
  ['My name is Ann Lee.', [['user', 'name', 'Ann Lee']]],
  ["My name's Tom", [['user', 'name', 'Tom']]],
  ['Call me Max.', [['user', 'name', 'Max']]],
  ['I am Priya', [['user', 'name', 'Priya']]],
  ['I live in Paris.', [['user', 'lives_in', 'Paris']]],
  ["I'm living in Kyoto now.", [['user', 'lives_in', 'Kyoto']]],
  ['I moved to Berlin last year.', [['user', 'lives_in', 'Berlin']]],
  ["Hey, I've moved to Oslo!", [['user', 'lives_in', 'Oslo']]],
  ['I relocated to New York City in 2024.', [['user', 'lives_in', 'New York City']]],
  ["I'm from Osaka.", [['user', 'is_from', 'Osaka']]],
  ['I come from Lagos', [['user', 'is_from', 'Lagos']]],
  ['I work at Acme Robotics.', [['user', 'works_at', 'Acme Robotics']]],
  ['I work for Google.', [['user', 'works_at', 'Google']]],
  ['I work as a nurse.', [['user', 'works_as', 'nurse']]],
  [
    'I work as an engineer at Volvo.',
    [
      ['user', 'works_as', 'engineer'],
      ['user', 'works_at', 'Volvo'],
    ],
  ],
  ['I like jazz.', [['user', 'likes', 'jazz']]],
  [
    'I love sushi and ramen.',
    [
      ['user', 'loves', 'sushi'],
      ['user', 'loves', 'ramen'],
    ],
  ],
  ['I really love jazz.', [['user', 'loves', 'jazz']]],
  ['I enjoy hiking very much.', [['user', 'likes', 'hiking']]],
  ['I hate mornings.', [['user', 'hates', 'mornings']]],
  ['I dislike olives.', [['user', 'dislikes', 'olives']]],
  ['I prefer window seats.', [['user', 'prefers', 'window seats']]],
  ["I'm allergic to peanuts.", [['user', 'is_allergic_to', 'peanuts']]],
  [
    'I am allergic to cats, dogs and dust.',
    [
      ['user', 'is_allergic_to', 'cats'],
      ['user', 'is_allergic_to', 'dogs'],
      ['user', 'is_allergic_to', 'dust'],
    ],
  ],
  ["I don't like crowded trains.", [['user', 'dislikes', 'crowded trains']]],
  ['I do not like horror films.', [['user', 'dislikes', 'horror films']]],
  ['My sister is called Giulia.', [['user', 'sister', 'Giulia']]],
  ['My boss is Mr. Tanaka.', [['user', 'boss', 'Mr. Tanaka']]],
  ["My best friend's name is Ravi.", [['user', 'best_friend', 'Ravi']]],
  [
    'My friend Polar bear likes Pizza.',
    [
      ['user', 'friend', 'Polar bear'],
      ['Polar bear', 'likes', 'Pizza'],
    ],
  ],
  [
    'My dog Rex loves bones.',
    [
      ['user', 'dog', 'Rex'],
      ['Rex', 'loves', 'bones'],
    ],
  ],
  [
    'My brother Sam lives in Leeds.',
    [
      ['user', 'brother', 'Sam'],
      ['Sam', 'lives_in', 'Leeds'],
    ],
  ],
  ['Giulia lives in Turin.', [['Giulia', 'lives_in', 'Turin']]],
  ['Polar bear likes fish.', [['Polar bear', 'likes', 'fish']]],
  ['Sam works at the bakery.', [['Sam', 'works_at', 'bakery']]],
  ['Anna is allergic to shellfish.', [['Anna', 'is_allergic_to', 'shellfish']]],
  // Questions, hypotheticals, negations and small talk: nothing.
  ['Do I live in Paris?', []],
  ['Where do I live', []],
  ['What food should I bring to Polar bear’s party?', []],
  ['If I moved to Rome I would be happy.', []],
  ['Maybe I like jazz.', []],
  ['I would love a coffee.', []],
  ["I don't live in Paris anymore.", []],
  ['I never eat meat.', []],
  ["I'm not a fan of rain.", []],
  ["I'm tired.", []],
  ['My sister is nice.', []],
  ['The weather is nice today.', []],
  ['Thanks!', []],
  ['They like pizza.', []],
];

describe('rule extractor', () => {
  it('has a table of at least 40 sentences', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s', (sentence, expected) => {
    const triples = extractSentence(sentence).map((t) => [t.subject, t.predicate, t.object]);
    expect(triples).toEqual(expected);
  });

  it('reads only user messages, sentence by sentence, with no model request', async () => {
    const extraction = await new RuleExtractor().extract({
      messages: [
        { role: 'user', content: 'Hi, I’m Sasako. My friend Polar bear likes Pizza! Do you like pizza?' },
        { role: 'assistant', content: 'I live in the cloud.' },
      ],
      known: [],
      at: new Date(),
    });
    expect(extraction.triples.map((t) => [t.subject, t.predicate, t.object])).toEqual([
      ['user', 'name', 'Sasako'],
      ['user', 'friend', 'Polar bear'],
      ['Polar bear', 'likes', 'Pizza'],
    ]);
    expect(extraction.requests).toBe(0);
  });
});
