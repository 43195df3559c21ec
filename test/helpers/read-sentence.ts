import { extractSentence } from '../../src/extract/rules.js';

/**
 * What the rule extractor keeps of one sentence, each triple written
 * `subject<separator>predicate<separator>object`, for tests that compare readings as strings.
 */
export function readSentence(sentence: string, separator = '|'): string[] {
  return extractSentence(sentence).map((t) => [t.subject, t.predicate, t.object].join(separator));
}
