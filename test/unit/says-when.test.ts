import { describe, expect, it } from 'vitest';
import { saysWhen } from '../../src/model/says-when.js';

describe('saysWhen', () => {
  it.each([
    'Yesterday I took the kids to the museum.',
    'Last Friday I went to a council meeting.',
    'Last Fri I finally took my kids to a pottery workshop.',
    'We went camping with my fam two weekends ago.',
    "Here's a self-portrait I made last week.",
    'That roadtrip this past weekend was insane!',
    'I started playing guitar about five years ago.',
    'We moved here on 3 March 2021.',
    'The concert is in July.',
  ])('reads a time in %j', (text) => {
    expect(saysWhen(text)).toBe(true);
  });

  it.each([
    'I love camping trips with my family.',
    'I just contacted my mentor for adoption advice.',
    'I may go to the store.',
    'Anything coming up you are looking forward to?',
    'I have a second chance at this.',
    '',
  ])('reads no time in %j', (text) => {
    expect(saysWhen(text)).toBe(false);
  });
});
