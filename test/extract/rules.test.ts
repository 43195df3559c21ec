import { describe, expect, it } from 'vitest';
import { RuleExtractor } from '../../src/extract/rules.js';
import { scoreRuleExtractor } from '../fixtures/rule-score.js';
import { RULE_SENTENCES } from '../fixtures/rule-sentences.js';

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
