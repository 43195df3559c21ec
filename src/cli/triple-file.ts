import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import { type CheckedTriple, checkTriple } from '../model/triple.js';

/** Formats of triple files. */
export type TripleFormat = 'tsv' | 'jsonl';

/** One line of a triple file, parsed. */
export type TripleLine = { line: number; triple: CheckedTriple } | { line: number; error: string };

/** Picks the format from the file name: `.jsonl`, `.ndjson` and `.json` are JSON lines, the rest TSV. */
export function formatOf(path: string): TripleFormat {
  return /\.(jsonl|ndjson|json)$/i.test(path) ? 'jsonl' : 'tsv';
}

/**
 * Reads a triple file line by line: TSV (`subject<TAB>predicate<TAB>object`, `#` comments) or
 * JSON lines (`{"subject","predicate","object"}`, `object_` accepted). Blank lines are skipped;
 * a line that cannot be a triple (wrong field count, bad JSON, empty part, over-long part,
 * binary or non-UTF-8 bytes) is yielded as an error naming the line.
 */
export async function* readTripleFile(path: string, format: TripleFormat): AsyncGenerator<TripleLine> {
  const input = path === '-' ? process.stdin : createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim().length === 0) continue;
    if (format === 'tsv' && text.startsWith('#')) continue;
    yield parseLine(text, line, format);
  }
}

/** Parses one line; never throws. */
export function parseLine(text: string, line: number, format: TripleFormat): TripleLine {
  try {
    let raw: unknown;
    if (format === 'tsv') {
      const fields = text.split('\t');
      if (fields.length !== 3) {
        return {
          line,
          error: `expected 3 tab-separated fields (subject, predicate, object), found ${fields.length}`,
        };
      }
      raw = { subject: fields[0], predicate: fields[1], object: fields[2] };
    } else {
      try {
        raw = JSON.parse(text);
      } catch {
        return { line, error: 'not valid JSON (expected {"subject", "predicate", "object"})' };
      }
    }
    const triple = checkTriple(raw, 0, 'import');
    if (entityKeyOf(triple.subject).length === 0 || entityKeyOf(triple.object).length === 0) {
      return { line, error: 'subject or object is blank after normalisation' };
    }
    if (normalizePredicate(triple.predicate).length === 0) {
      return { line, error: 'predicate has no letters or digits' };
    }
    return { line, triple };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { line, error: message.replace(/^import \(triple #1\): /, '') };
  }
}

/** Counts the lines of a file quickly (for the progress bar total). */
export async function countLines(path: string): Promise<number> {
  let count = 0;
  let last = 10;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) count++;
    last = chunk[chunk.length - 1] ?? 10;
  }
  return last === 10 ? count : count + 1;
}
