/**
 * Words a model writes where it has no value ("None", "null", "unknown", "N/A"): never a name.
 * A triple with one as its subject or object is not a fact (`isPlaceholderTriple`).
 */
const PLACEHOLDERS = new Set([
  '',
  'none',
  'null',
  'nil',
  'undefined',
  'unknown',
  'n/a',
  'not applicable',
  'not specified',
  'not mentioned',
  'unspecified',
  'nothing',
  'no one',
  'nobody',
  '-',
  '--',
  '?',
  '...',
  '…',
]);

/** Whether a name is a placeholder for "no value" (compared trimmed, without case or quotes). */
export function isPlaceholder(name: string): boolean {
  return PLACEHOLDERS.has(
    name
      .trim()
      .replace(/^["'`“”‘’(<[]+|["'`“”‘’)>\].]+$/g, '')
      .toLowerCase(),
  );
}

/** Whether a triple names a placeholder as its subject or object. */
export function isPlaceholderTriple(triple: { subject: string; object: string }): boolean {
  return isPlaceholder(triple.subject) || isPlaceholder(triple.object);
}
