import { casual } from 'chrono-node/en';

// Characters of a text read for a time (a turn that says when says it near its subject).
const READ_CHARS = 2_000;

// Any reference date serves: only whether a time is said matters, not which.
const REFERENCE = new Date(0);

/**
 * chrono-node's English parser, taught one everyday span it leaves out: a count of weekends
 * before now ("two weekends ago"), through its documented custom-parser hook.
 */
const parser = casual.clone();
parser.parsers.push({
  pattern: () => /\b(?:a|an|one|two|three|four|five|several|few|couple of|\d+)\s+weekends?\s+ago\b/i,
  extract: (context) => context.createParsingComponents({ day: context.reference.instant.getDate() }),
});

/**
 * Whether a text says when something happened: a date or a time relative to when it was said
 * ("yesterday", "last Friday", "two weekends ago", "in May", "on 3 March 2023"), read by
 * chrono-node. "When did Melanie go to the museum?" is answered by the turn that says "Yesterday
 * I took the kids to the museum", not by the one that only mentions it.
 */
export function saysWhen(text: string): boolean {
  return parser.parse(text.slice(0, READ_CHARS), REFERENCE).length > 0;
}
