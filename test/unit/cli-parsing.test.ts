import { describe, expect, it } from 'vitest';
import { parseParam } from '../../src/cli/commands/cypher.js';
import { formatTable } from '../../src/cli/table.js';
import { formatOf, parseLine } from '../../src/cli/triple-file.js';

describe('triple file lines', () => {
  it('parses TSV and JSON lines', () => {
    expect(parseLine('A\tlikes\tB', 1, 'tsv')).toMatchObject({
      triple: { subject: 'A', predicate: 'likes', object: 'B' },
    });
    expect(parseLine('{"subject":"A","predicate":"p","object_":"B"}', 2, 'jsonl')).toMatchObject({
      triple: { object: 'B' },
    });
  });

  it.each([
    ['A\tB', 'tsv', /3 tab-separated fields/],
    ['A\tB\tC\tD', 'tsv', /found 4/],
    ['A\t\tC', 'tsv', /predicate must be a non-empty string/],
    ['{"subject": "A"}', 'jsonl', /predicate/],
    ['[1,2,3]', 'jsonl', /subject/],
    ['nope', 'jsonl', /not valid JSON/],
    ['A\t!!!\tC', 'tsv', /predicate has no letters/],
  ] as const)('rejects %j', (text, format, message) => {
    const line = parseLine(text, 7, format);
    expect('error' in line && line.error).toMatch(message);
    expect(line.line).toBe(7);
  });

  it('guesses the format from the extension', () => {
    expect(formatOf('kb.tsv')).toBe('tsv');
    expect(formatOf('triples.JSONL')).toBe('jsonl');
    expect(formatOf('data.txt')).toBe('tsv');
  });
});

describe('console helpers', () => {
  it('parses parameters as JSON when possible', () => {
    expect(parseParam('n=3')).toEqual({ n: 3 });
    expect(parseParam('u=alice', { n: 3 })).toEqual({ n: 3, u: 'alice' });
    expect(parseParam('list=["a","b"]')).toEqual({ list: ['a', 'b'] });
    expect(() => parseParam('novalue')).toThrow(/name=value/);
  });

  it('formats tables', () => {
    const text = formatTable(
      ['a', 'b'],
      [
        { a: 1, b: 'x' },
        { a: null, b: new Date('2026-01-01T00:00:00Z') },
      ],
    );
    expect(text.split('\n')).toEqual([
      'a  b',
      '-  ------------------------',
      '1  x',
      '   2026-01-01T00:00:00.000Z',
      '(2 rows)',
    ]);
    expect(formatTable([], [])).toBe('(no rows)');
  });
});
