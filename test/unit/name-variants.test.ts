import { describe, expect, it } from 'vitest';
import { isShortFormOf, nameForms, variantKeys } from '../../src/model/name-variants.js';

/** Whether a name said after another would be read as a variant of it. */
const variantOf = (later: string, earlier: string) => {
  const stored = new Set(variantKeys(nameForms(earlier)).stored);
  return variantKeys(nameForms(later)).lookups.some((key) => stored.has(key));
};

describe('name variants: one thing under several names, look-alikes apart', () => {
  it.each([
    ['NYC', 'New York City'],
    ['N.Y.C.', 'New York City'],
    ['New York City', 'NYC'],
    ['MIT', 'Massachusetts Institute of Technology'],
    ['RDJ', 'Rio de Janeiro'],
    ['BBC', 'British Broadcasting Corporation'],
    ['WDC', 'Washington DC'],
    ['Acme', 'Acme Inc.'],
    ['Globex Corp', 'Globex'],
    ['Silva', 'Dr. Silva'],
    ['Professor Klein', 'Prof. Klein'],
    ['Beatles', 'The Beatles'],
    ['JRR Tolkien', 'J.R.R. Tolkien'],
    ['Saint Louis', 'St. Louis'],
    ['Malmo', 'Malmö'],
    ['Lodz', 'Łódź'],
  ])('%s is %s', (later, earlier) => {
    expect(variantOf(later, earlier)).toBe(true);
  });

  it.each([
    ['Australia', 'Austria'],
    ['John', 'Jon'],
    ['Paris Hilton', 'Paris'],
    ['C++', 'C'],
    ['C#', 'C'],
    ['JavaScript', 'Java'],
    ['Room 102', 'Room 101'],
    ['New York', 'NYC'],
    ['the meeting notes', 'TMN'],
    ['Ana Souza', 'Ana Silva'],
  ])('%s is not %s', (later, earlier) => {
    expect(variantOf(later, earlier)).toBe(false);
  });

  it('keeps an acronym to capitalised names of several words', () => {
    expect(nameForms('Nina').initials).toEqual([]);
    expect(nameForms('the red car').initials).toEqual([]);
    expect(nameForms('Rio de Janeiro').initials).toEqual(expect.arrayContaining(['rdj', 'rj']));
  });

  it.each([
    ['Man Utd', 'Manchester United', true],
    ['St Pete', 'St Petersburg', true],
    ['Ana S', 'Ana Silva', true],
    ['Man City', 'Manchester United', false],
    ['M U', 'Manchester United', false],
    ['Dr. Silva', 'Dr. Silvan', false],
    ['New York', 'New York City', false],
    ['Person 1', 'Person 18', false],
    ['Room 10', 'Room 101', false],
  ])('"%s" as a short form of "%s": %s', (short, long, expected) => {
    expect(isShortFormOf(short, long)).toBe(expected);
  });
});
