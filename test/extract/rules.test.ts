import { describe, expect, it } from 'vitest';
import { extractSentence, RuleExtractor } from '../../src/extract/rules.js';
import { scoreRuleExtractor } from '../fixtures/rule-score.js';
import { RULE_SENTENCES } from '../fixtures/rule-sentences.js';
import { EVERYDAY_DEV, EVERYDAY_HELD_APART } from '../fixtures/rule-sentences-everyday.js';

describe('rule extractor', () => {
  it('has a table of at least 100 sentences, compound, negated and past tense among them', () => {
    expect(RULE_SENTENCES.length).toBeGreaterThanOrEqual(100);
  });

  it('reads the table with precision ≥ 0.95 and recall ≥ 0.9', async () => {
    const score = await scoreRuleExtractor();
    expect(score.misses.length, JSON.stringify(score.misses, null, 1)).toBeLessThanOrEqual(8);
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
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

describe('rule extractor on everyday personal facts', () => {
  const read = (sentence: string) =>
    extractSentence(sentence).map((t) => `${t.subject} ${t.predicate} ${t.object}`);

  it('keeps when and with whom out of what one does', () => {
    expect(read('I play rugby twice a week.')).toEqual(['user plays rugby']);
    expect(read('On Saturdays I play rugby with friends.')).toEqual(['user plays rugby']);
    expect(read('Every morning, I play tennis with my sister.')).toEqual(['user plays tennis']);
    // "with" a thing, not a person, is part of what is said.
    expect(read('I play football with a ball.')).toEqual(['user plays football with a ball']);
  });

  it('reads "I do …" only of a sport, an exercise or a dance', () => {
    expect(read('I do judo three times a week.')).toEqual(['user does judo']);
    expect(read('I do the dishes.')).toEqual([]);
    expect(read('I do nothing on Sundays.')).toEqual([]);
  });

  it('reads the everyday sentences it was written against, with precision ≥ 0.95 and recall ≥ 0.9', async () => {
    const score = await scoreRuleExtractor(EVERYDAY_DEV);
    expect(score.precision, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.95);
    expect(score.recall, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
  });

  it('carries to everyday sentences written apart from the rules: precision ≥ 0.9, recall ≥ 0.6', async () => {
    const score = await scoreRuleExtractor(EVERYDAY_HELD_APART);
    expect(score.precision, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
    expect(score.recall, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.6);
  });
});
