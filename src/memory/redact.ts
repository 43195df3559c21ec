import type { Episode } from '../model/types.js';

/** What forgetting leaves of a stored turn. */
export type RedactedTurn =
  /** No message names what was forgotten (the turn is kept as it is). */
  | { kind: 'unchanged' }
  /** The sentences naming it are gone; the rest is kept. */
  | { kind: 'redacted'; messages: Episode['messages'] }
  /** Nothing but what was forgotten was said: the turn goes. */
  | { kind: 'removed' };

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
const WORD = /[\p{L}\p{N}]+/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * A pattern that finds a name in text whatever its case and the marks between its words
 * ("Dr. Silva" finds "dr silva" and "DR SILVA"; "New York" finds "New-York"), never inside a
 * longer word ("Ana" does not find "Banana").
 */
function namePattern(name: string): RegExp | undefined {
  const words = name.normalize('NFKC').match(WORD);
  if (!words) return undefined;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Character spans [start, end) of every occurrence of any of the names in the text. */
function nameSpans(text: string, patterns: readonly RegExp[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of patterns)
    for (const match of text.normalize('NFKC').matchAll(pattern))
      spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/**
 * The text less every sentence that overlaps a name's occurrence (a name the segmenter cut in
 * two, "Dr. | Silva.", takes both parts), or `undefined` when no name occurs in it.
 */
function withoutSentences(text: string, patterns: readonly RegExp[]): string | undefined {
  const folded = text.normalize('NFKC');
  const spans = nameSpans(folded, patterns);
  if (spans.length === 0) return undefined;
  const kept: string[] = [];
  for (const { segment, index } of SENTENCES.segment(folded)) {
    const end = index + segment.length;
    if (!spans.some(([s, e]) => s < end && e > index)) kept.push(segment);
  }
  return kept.join('').trim();
}

/**
 * What forgetting the given names leaves of a turn: each message loses the sentences that name
 * any of them; a message left empty is dropped, and a turn left with no words is removed. A
 * turn that says what was forgotten only in other words than its names (`names` not found
 * anywhere though the forgotten fact came from it) is removed whole when `sourceOfForgotten`:
 * no sentence of it can be shown not to say it.
 */
export function redactTurn(
  messages: Episode['messages'],
  names: readonly string[],
  sourceOfForgotten: boolean,
): RedactedTurn {
  const patterns = names.flatMap((n) => namePattern(n) ?? []);
  let found = false;
  const left: Episode['messages'] = [];
  for (const message of messages) {
    const rest = withoutSentences(message.content, patterns);
    if (rest === undefined) {
      left.push(message);
      continue;
    }
    found = true;
    if (HAS_WORD.test(rest)) left.push({ ...message, content: rest });
  }
  if (!found) return sourceOfForgotten ? { kind: 'removed' } : { kind: 'unchanged' };
  // A turn the user spoke in is kept only while the user's own words are left in it.
  const spoke = messages.some((m) => m.role === 'user');
  const kept = left.some((m) => (!spoke || m.role === 'user') && HAS_WORD.test(m.content));
  return kept ? { kind: 'redacted', messages: left } : { kind: 'removed' };
}

/** Whether a line of text (a turn's summary or error) names any of the names. */
export function namesAny(text: string, names: readonly string[]): boolean {
  const patterns = names.flatMap((n) => namePattern(n) ?? []);
  return nameSpans(text, patterns).length > 0;
}

/** The text with every occurrence of the names blanked out (what else it names can then be asked). */
export function withoutNames(text: string, names: readonly string[]): string {
  const patterns = names.flatMap((n) => namePattern(n) ?? []);
  return patterns.reduce((left, pattern) => left.replace(pattern, ' '), text.normalize('NFKC'));
}
