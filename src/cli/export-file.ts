import { readFileSync } from 'node:fs';
import { UsageError } from './context.js';

// An export starts with its format field (kgmem export writes it first).
const EXPORT_START = /^\s*\{\s*"format"\s*:\s*"kgmem-export\//;

/**
 * Reads a `kgmem export` file as parsed JSON, or returns `undefined` when the file is not one (a
 * triple file: TSV or JSON lines). A file that starts as an export but does not parse as one
 * JSON document (cut short, or damaged) is a usage error: nothing of it is imported.
 */
export function readExportFile(path: string): unknown | undefined {
  if (path === '-') return undefined;
  const text = readFileSync(path, 'utf8');
  if (!text.trimStart().startsWith('{')) return undefined;
  const looksLikeExport = EXPORT_START.test(text.slice(0, 200));
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    if (!looksLikeExport) return undefined; // JSON lines: one object per line, not one document
    throw new UsageError(
      `${path} is a kgmem export that does not parse as JSON (${error instanceof Error ? error.message : String(error)}): the file is incomplete or damaged; nothing was imported`,
    );
  }
  if (typeof document !== 'object' || document === null) return undefined;
  const format = (document as { format?: unknown }).format;
  return typeof format === 'string' && format.startsWith('kgmem-export/') ? document : undefined;
}
