import { describe, expect, it } from 'vitest';
import { formatContributions } from '../../src/cli/explain.js';

describe('kgmem recall --explain: what each scorer added', () => {
  it('prints the noisy-OR signals as chances, then what changed the score after them, in order', () => {
    const line = formatContributions({
      graph: 0.108,
      'fact-similarity': 0.3935,
      'answer-fit': 0.149,
      'fit-tie-break': -0.0119,
      // Joined after the fit: a change of the score, not a chance of the noisy-OR.
      'relation-similarity': 0.0441,
      recency: 0.0001,
    });
    expect(line).toBe(
      'graph 0.108, fact-similarity 0.394, answer-fit +0.149, fit-tie-break −0.012, relation-similarity +0.044',
    );
  });

  it('prints nothing for a result without contributions', () => {
    expect(formatContributions(undefined)).toBe('');
  });
});
