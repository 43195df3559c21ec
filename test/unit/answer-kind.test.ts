import { describe, expect, it } from 'vitest';
import { compoundNouns } from '../../src/lexicon/compounds.js';
import { tokenize } from '../../src/model/normalize.js';
import { answerKindWords, questionWordOf, withQuestionWords } from '../../src/retrieve/answer-kind.js';
import { objectHead } from '../../src/retrieve/answer-wh.js';

const kinds = (question: string, names: string[] = []) =>
  answerKindWords(withQuestionWords(tokenize(question)), (t) => names.includes(t));

describe('answer kind: the kind a question names right after "what" or "which"', () => {
  it.each([
    ['What firm do I have a job with?', ['firm']],
    ['Which organisation am I with for work?', ['organisation']],
    ['Which team sport or game do I take part in?', ['team', 'sport', 'game']],
    ['What kind of music do I like?', ['music']],
    // After "kind of" a noun follows, though "work" is more often a verb.
    ['What kind of work do I do?', ['work']],
    ['What sort of food does Ana cook?', ['food']],
    ['Which city does Marta live in?', ['city']],
    // A word that describes the kind is said before it; the kind is the noun.
    ['What physical activity do I enjoy?', ['activity']],
    ['Which foreign language do I speak?', ['language']],
  ])('%s → %j', (question, expected) => {
    expect(kinds(question)).toEqual(expected);
  });

  it.each([
    // A verb after the question word, a function word, another question word: no kind named.
    'What makes me ill if I eat it?',
    'What do I do for a living?',
    "What's my line of work?",
    'Who is my partner?',
    'Where is my place at the moment?',
    'Is there anything I cannot eat?',
  ])('%s → none', (question) => {
    expect(kinds(question)).toEqual([]);
  });

  it('never takes a name the question links for the kind', () => {
    expect(kinds('Which Lisbon bakery do I like?', ['lisbon'])).toEqual([]);
  });
});

describe('question words, contractions included', () => {
  it('spells out a contracted question word and leaves other words alone', () => {
    expect(questionWordOf('whats')).toBe('what');
    expect(questionWordOf('whos')).toBe('who');
    expect(questionWordOf('wheres')).toBe('where');
    expect(questionWordOf('which')).toBe('which');
    expect(questionWordOf('hows')).toBeUndefined();
    expect(questionWordOf('was')).toBeUndefined();
    expect(withQuestionWords(tokenize("Who's my other half?"))).toEqual(['who', 'my', 'other', 'half']);
  });
});

describe('compound nouns: adjacent question words WordNet knows as one noun', () => {
  it('finds the longest compound and the words it covers', () => {
    expect(compoundNouns(tokenize("What's my line of work?"))).toEqual([
      { compound: 'line_of_work', words: ['line', 'of', 'work'] },
    ]);
    expect(compoundNouns(tokenize('Who is my better half?'))).toEqual([
      { compound: 'better_half', words: ['better', 'half'] },
    ]);
  });

  it('finds none in words that only stand side by side, nor one that starts or ends with a function word', () => {
    expect(compoundNouns(tokenize('Where do I work now?'))).toEqual([]);
    expect(compoundNouns(tokenize('What is it of?'))).toEqual([]);
  });
});

describe("an object's head: the word, or the compound WordNet knows, it is a kind of", () => {
  it.each([
    ['the electric cello', 'cello'],
    // A food bank is no bank, a hot dog no dog: the compound is the head.
    ['the food bank', 'food_bank'],
    ['hot dogs', 'hot_dog'],
    ['Red Cross', 'red_cross'],
    // Words WordNet knows as no compound: the last one.
    ['Crunch Fitness', 'fitness'],
    ['Monzo', 'monzo'],
  ])('"%s" → %s', (object, head) => {
    expect(objectHead(object)).toBe(head);
  });
});
