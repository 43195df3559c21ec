import { describe, expect, it } from 'vitest';
import { namesAny, redactTurn } from '../../src/memory/redact.js';

const user = (content: string) => ({ role: 'user' as const, content });

describe('redactTurn: the sentences naming what is forgotten go', () => {
  it.each([
    [
      'a name the segmenter cuts in two',
      'My dentist is Dr. Silva. I live in Porto.',
      ['Dr. Silva'],
      'I live in Porto.',
    ],
    ['any case and marks between words', 'we met at NEW-YORK city. It rained.', ['New York'], 'It rained.'],
    ['every sentence naming it', 'Ana is here. I like tea! Ana left?', ['Ana'], 'I like tea!'],
    ['an alias (a stored key)', 'I saw dr silva today. Fine.', ['dr silva'], 'Fine.'],
  ])('%s', (_, content, names, left) => {
    expect(redactTurn([user(content)], names, true)).toEqual({ kind: 'redacted', messages: [user(left)] });
  });

  it('never matches inside a longer word', () => {
    expect(redactTurn([user('I ate a banana.')], ['Ana'], false)).toEqual({ kind: 'unchanged' });
  });

  it('removes a turn with nothing else left, or one that said the fact in other words', () => {
    expect(redactTurn([user('My dentist is Dr. Silva.')], ['Dr. Silva'], true)).toEqual({ kind: 'removed' });
    expect(redactTurn([user('She fixes my teeth.')], ['Dr. Silva'], true)).toEqual({ kind: 'removed' });
    // A turn that only mentions another entity is kept as it is when it names none of them.
    expect(redactTurn([user('She fixes my teeth.')], ['Dr. Silva'], false)).toEqual({ kind: 'unchanged' });
  });

  it("keeps a turn only while the user's own words are left", () => {
    const turn = [
      user('Ana is my sister.'),
      { role: 'assistant' as const, content: 'Noted, Ana is your sister. Anything else?' },
    ];
    expect(redactTurn(turn, ['Ana'], true)).toEqual({ kind: 'removed' });
    const kept = [
      user('Ana is my sister. I live in Oslo.'),
      { role: 'assistant' as const, content: 'Noted about Ana.' },
    ];
    expect(redactTurn(kept, ['Ana'], true)).toEqual({
      kind: 'redacted',
      messages: [user('I live in Oslo.')],
    });
  });

  it('tells whether a line names any of the names', () => {
    expect(namesAny('User dentist Dr. Silva', ['dr silva'])).toBe(true);
    expect(namesAny('User lives in Porto', ['dr silva'])).toBe(false);
  });
});
