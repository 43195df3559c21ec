import { describe, expect, it } from 'vitest';
import { readTurn } from '../helpers/read-turn.js';

describe('everyday turns the rules read whole (nothing said dropped or run together)', () => {
  it.each([
    // "I'm <name> and I …": two clauses of the user's, not a pair "I'm Maria" and the user.
    [
      "I'm Maria and I work as a nurse at St Mary's Hospital.",
      ['user|name|Maria', "user|works_at|St Mary's Hospital", 'user|works_as|nurse'],
    ],
    ['Tom and I live in Leeds.', ['user|lives_in|Leeds', 'Tom|lives_in|Leeds']],
    // "but" or "and" before a verb's inflected form: the subject carries over.
    ['I was born in Glasgow but grew up in Edinburgh.', ['user|is_from|Glasgow', 'user|is_from|Edinburgh']],
    ['I bought a house and moved to Bath.', ['user|bought|house', 'user|lives_in|Bath']],
    // One named with how they relate is who the next verb is about; "our" is the household's.
    ['My son Jake is 12 and loves football.', ['user|son|Jake', 'Jake|age|12', 'Jake|loves|football']],
    ['Our daughter Mia plays piano.', ['user|daughter|Mia', 'Mia|plays|piano']],
    ['Our neighbour Bob works at Tesco.', ['user|neighbour|Bob', 'Bob|works_at|Tesco']],
    // One named with how they relate who died: had, and no longer (the fact kept as history).
    ['Our old dog Bruno passed away in March.', ['user|dog|Bruno', 'user|not_dog|Bruno']],
    ['My grandfather Joe died last year.', ['user|grandfather|Joe', 'user|not_grandfather|Joe']],
    // Two verbs of one clause are one clause.
    ['I was born and raised in Aarhus.', ['user|is_from|Aarhus']],
    // A list of things stays a list.
    ['I like fish and chips.', ['user|likes|fish', 'user|likes|chips']],
    // A car with the words said of it; a bus driven is a job, not read.
    ['I drive a blue Honda Civic.', ['user|owns|blue Honda Civic']],
    ['I drive a bus.', []],
    // Where one works, named after "called".
    ["I'm a nurse at a hospital called St Anne's.", ["user|works_at|St Anne's", 'user|works_as|nurse']],
    // What one has at a meal, under the meal; a meeting at lunch is not eaten.
    ['I usually have porridge for breakfast.', ['user|breakfast|porridge']],
    ['I eat a salad for lunch.', ['user|lunch|salad']],
    ['I have a meeting for lunch.', []],
    // A height by its unit, without "tall"; a weight.
    ["I'm 5 foot 9.", ['user|height|5 foot 9']],
    ['I weigh 70 kg.', ['user|weight|70 kg']],
    ["I'm 34.", ['user|age|34']],
  ])('%s', async (sentence, expected) => {
    expect(await readTurn(sentence)).toEqual(expected);
  });
});
