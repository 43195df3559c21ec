import { describe, expect, it } from 'vitest';
import {
  entityKeyOf,
  isSelfReference,
  normalizeKey,
  normalizePredicate,
  tokenize,
  USER_ENTITY_KEY,
} from '../../src/model/normalize.js';
import { factStatement } from '../../src/model/statement.js';
import { irregularBase, searchTerms, stem } from '../../src/model/text.js';

describe('normalisation', () => {
  it.each([
    ['Polar bear', 'polar bear'],
    ['  POLAR   Bear ', 'polar bear'],
    ['Polar-Bear', 'polar bear'],
    ["McDonald's", 'mcdonalds'],
    ['Ｐｏｌａｒ', 'polar'],
    ['Gert Fröbe', 'gert fröbe'],
    ['$', '$'],
    ['(500) Days of Summer', '500 days of summer'],
  ])('normalizeKey(%j) = %j', (input, expected) => {
    expect(normalizeKey(input)).toBe(expected);
  });

  it.each([
    ['lives in', 'lives_in'],
    ['Lives_In', 'lives_in'],
    ['works-at', 'works_at'],
    ['is married to', 'is_married_to'],
    ['---', ''],
  ])('normalizePredicate(%j) = %j', (input, expected) => {
    expect(normalizePredicate(input)).toBe(expected);
  });

  it('maps first-person words and "user" to the user entity', () => {
    for (const word of ['I', 'me', 'My', 'myself', 'user', 'The User']) {
      expect(isSelfReference(word)).toBe(true);
      expect(entityKeyOf(word)).toBe(USER_ENTITY_KEY);
    }
    expect(isSelfReference('Imogen')).toBe(false);
    expect(entityKeyOf('Imogen')).toBe('imogen');
  });

  it('tokenizes questions', () => {
    expect(tokenize("What food should I bring to Polar bear's party?")).toEqual([
      'what',
      'food',
      'should',
      'i',
      'bring',
      'to',
      'polar',
      'bears',
      'party',
    ]);
    expect(tokenize('?!')).toEqual([]);
  });

  it('folds plain ASCII and other text the same way', () => {
    // Plain ASCII takes a shorter path; text with other characters goes through NFKC and Unicode classes.
    expect(tokenize("L'Auberge Espagnole (2002)")).toEqual(['lauberge', 'espagnole', '2002']);
    expect(tokenize('L’Auberge Espagnole (2002)')).toEqual(['lauberge', 'espagnole', '2002']);
    expect(tokenize('don`t STOP_now')).toEqual(['dont', 'stop', 'now']);
    expect(tokenize('Ünïcödé café’s ﬁle')).toEqual(['ünïcödé', 'cafés', 'file']);
    expect(tokenize('tab\tseparated')).toEqual(['tab', 'separated']);
    // Keys are cached per name: the same name always gives the same key.
    expect(normalizeKey('Polar-Bear’s')).toBe(normalizeKey("polar bear's"));
    expect(normalizeKey('x'.repeat(300))).toBe('x'.repeat(300));
  });
});

describe('words that name object properties', () => {
  it('stem and search like any other word', () => {
    for (const word of ['constructor', 'tostring', 'valueof', 'hasownproperty', '__proto__', 'prototype']) {
      expect(typeof stem(word)).toBe('string');
      expect(irregularBase(word)).toBe(word);
    }
    expect(stem('constructor')).toBe(stem('constructors'));
    expect(searchTerms('the constructor').every((t) => typeof t === 'string')).toBe(true);
  });
});

describe('fact statements', () => {
  it.each([
    ['Sasako', 'friend', 'Polar bear', "Sasako's friend is Polar bear"],
    ['I', 'lives_in', 'Paris', 'User lives in Paris'],
    ['Polar bear', 'likes', 'pizza', 'Polar bear likes pizza'],
    ['Inception', 'directed_by', 'Christopher Nolan', 'Inception directed by Christopher Nolan'],
    ['me', 'name', 'Sasako', "User's name is Sasako"],
    ['James', 'sister', 'Ann', "James' sister is Ann"],
    ['I', 'is allergic to', 'peanuts', 'User is allergic to peanuts'],
    ['I', 'made', 'a vase', 'User made a vase'],
    ['I', 'ran', 'a marathon', 'User ran a marathon'],
    ['Ann', 'children', 'Bo', "Ann's children is Bo"],
    ['I', 'not_lives_in', 'Portland', 'User no longer lives in Portland'],
    ['I', 'not_works_at', 'Microsoft', 'User no longer works at Microsoft'],
    ['I', 'not_friend', 'Bob', "User's friend is no longer Bob"],
    ['Tokyo', 'in_language', 'Japanese', "Tokyo's language is Japanese"],
    // A noun ending in "s" is no verb's third person.
    ['I', 'boss', 'Olga Ivanova', "User's boss is Olga Ivanova"],
    ['I', 'address', '12 Elm Street', "User's address is 12 Elm Street"],
    ['I', 'status', 'single', "User's status is single"],
    ['I', 'plays', 'cello', 'User plays cello'],
    ['I', 'watches', 'anime', 'User watches anime'],
  ])('%s %s %s → %s', (subject, predicate, object, expected) => {
    expect(factStatement(subject, predicate, object)).toBe(expected);
  });
});
