import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import { type ExtractedTriple, type Extraction, type ExtractionInput, Extractor } from './base.js';
import { RuleExtractor } from './rules.js';

/**
 * A model's extraction with the rule extractor's beside it: what the rules read of a turn is
 * kept, and the model adds what the rules do not read. Where both read the same thing they
 * disagree on (the same subject and relation, or the same subject and object), the rules' reading
 * is kept: they read only sentences whose shape they know, and on the gold sets they are the more
 * precise of the two; a small model is the one that reads what they have no rule for. What either
 * says a turn contradicts is closed.
 *
 * The model's failures are the turn's, as without the rules: the episode is kept as failed and a
 * retry extracts it again, rules and model together, so nothing is stored twice or half.
 */
export class RulesBackedExtractor extends Extractor {
  readonly description: string;
  private readonly rules: Extractor;

  /** @param model the extractor whose facts the rules' are completed with (a model's). */
  constructor(
    readonly model: Extractor,
    rules: Extractor = new RuleExtractor(),
  ) {
    super();
    this.rules = rules;
    this.description = `${model.description} + rules`;
  }

  override async extract(input: ExtractionInput): Promise<Extraction> {
    const byRules = await this.rules.extract(input);
    const byModel = await this.model.extract(input);
    return {
      triples: [...byRules.triples, ...notReadByRules(byModel.triples, byRules.triples)],
      contradicts: [...new Set([...byRules.contradicts, ...byModel.contradicts])],
      summary: byModel.summary || byRules.summary,
      requests: byModel.requests,
      promptChars: byModel.promptChars,
    };
  }
}

/**
 * The model's triples that say something the rules' do not: none with a subject and relation,
 * or a subject and object, the rules already read (names and relations compared by their keys).
 */
export function notReadByRules(
  model: readonly ExtractedTriple[],
  rules: readonly ExtractedTriple[],
): ExtractedTriple[] {
  const relations = new Set(
    rules.map((t) => `${entityKeyOf(t.subject)}\u0000${normalizePredicate(t.predicate)}`),
  );
  const pairs = new Set(rules.map((t) => `${entityKeyOf(t.subject)}\u0000${entityKeyOf(t.object)}`));
  return model.filter(
    (t) =>
      !relations.has(`${entityKeyOf(t.subject)}\u0000${normalizePredicate(t.predicate)}`) &&
      !pairs.has(`${entityKeyOf(t.subject)}\u0000${entityKeyOf(t.object)}`),
  );
}
