import { readFileSync } from 'node:fs';
import { UsageError } from './context.js';

/** A fact as `kgmem export` writes it (the parts an import needs). */
export interface ExportedFact {
  subject: string;
  predicate: string;
  object: string;
  validFrom: string;
  validTo: string | null;
}

/** The format tag `kgmem export` writes. */
export const EXPORT_FORMAT = 'kgmem-export/1';

/**
 * Reads a `kgmem export` document, or returns `undefined` when the file is not one (a triple
 * file). A document that says it is an export but is malformed is a usage error naming the fact.
 */
export function readExport(path: string): { userId: string; facts: ExportedFact[] } | undefined {
  if (path === '-') return undefined;
  const text = readFileSync(path, 'utf8');
  if (!text.trimStart().startsWith('{')) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined; // JSON lines: one object per line, not one document
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    (document as { format?: unknown }).format !== EXPORT_FORMAT
  )
    return undefined;
  const { userId, facts } = document as { userId?: unknown; facts?: unknown };
  if (!Array.isArray(facts)) throw new UsageError(`${path}: a ${EXPORT_FORMAT} document needs a facts array`);
  const checked = facts.map((raw, i) => {
    const f = raw as Partial<ExportedFact>;
    const fine =
      typeof f.subject === 'string' &&
      typeof f.predicate === 'string' &&
      typeof f.object === 'string' &&
      typeof f.validFrom === 'string' &&
      !Number.isNaN(Date.parse(f.validFrom)) &&
      (f.validTo === null || (typeof f.validTo === 'string' && !Number.isNaN(Date.parse(f.validTo))));
    if (!fine)
      throw new UsageError(`${path}: fact ${i + 1} needs subject, predicate, object, validFrom and validTo`);
    return f as ExportedFact;
  });
  return { userId: typeof userId === 'string' ? userId : '', facts: checked };
}
