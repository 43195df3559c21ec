import { RuleExtractor } from '../../src/extract/rules.js';

/** A whole user turn as the rule extractor reads it (apposition and clauses included), as `subject|predicate|object`. */
export async function readTurn(text: string): Promise<string[]> {
  const { triples } = await new RuleExtractor().extract({
    messages: [{ role: 'user', content: text }],
    known: [],
    at: new Date(Date.UTC(2026, 0, 1)),
  });
  return triples.map((t) => `${t.subject}|${t.predicate}|${t.object}`);
}
