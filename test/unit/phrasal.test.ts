import { describe, expect, it } from 'vitest';
import { phrasalVerbs } from '../../src/lexicon/phrasal.js';
import { tokenize } from '../../src/model/normalize.js';

describe('phrasal verbs (WordNet)', () => {
  it.each([
    ['Where do I work out?', 'work_out', ['work', 'out']],
    ['Who am I going out with?', 'go_out', ['going', 'out']],
    ['Who looks after my teeth?', 'look_after', ['looks', 'after']],
  ])('reads "%s" as one verb, %s', (question, lemma, words) => {
    expect(phrasalVerbs(tokenize(question))).toEqual([{ lemma, words }]);
  });

  it.each([
    // The first sense of "sign up" is to sign: the particle only stresses the verb.
    ['When did I sign up?'],
    // WordNet's tagged texts use "ring up" once, for a sale rung up: the question means a call.
    ['How do I get rung up?'],
    // A preposition opening its own phrase makes no verb with the one before it.
    ['Where did I go to school?'],
    ['Where do I work?'],
  ])('reads "%s" word by word', (question) => {
    expect(phrasalVerbs(tokenize(question))).toEqual([]);
  });
});
