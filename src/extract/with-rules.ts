import { DEFAULT_FUNCTIONAL_PREDICATES } from '../model/functional-predicates.js';
import { entityKeyOf, normalizePredicate } from '../model/normalize.js';
import { searchTerms } from '../model/text.js';
import { type ExtractedTriple, type Extraction, type ExtractionInput, Extractor } from './base.js';
import { RuleExtractor } from './rules.js';

/**
 * A model's extraction with the rule extractor's beside it: what the rules read of a turn is
 * kept, and the model adds what the rules do not read. Where both read the same thing they
 * disagree on, the rules' reading is kept: they read only sentences whose shape they know, and on
 * the gold sets they are the more precise of the two; a small model is the one that reads what
 * they have no rule for. What either says a turn contradicts is closed. See
 * `notReadByRules` for when two readings are of the same thing.
 *
 * The model's failures are the turn's, as without the rules: the episode is kept as failed and a
 * retry extracts it again, rules and model together, so nothing is stored twice or half.
 */
export class RulesBackedExtractor extends Extractor {
  readonly description: string;
  private readonly rules: Extractor;
  /** The keys of the relations that hold one value at a time (see `notReadByRules`). */
  readonly functionalPredicates: ReadonlySet<string>;

  /**
   * @param model the extractor whose facts the rules' are completed with (a model's).
   * @param rules the rule extractor.
   * @param functionalPredicates the relations that hold one value at a time (the memory's
   *   `functionalPredicates`): a model's other value of one the rules read is not kept.
   */
  constructor(
    readonly model: Extractor,
    rules: Extractor = new RuleExtractor(),
    functionalPredicates: Iterable<string> = DEFAULT_FUNCTIONAL_PREDICATES,
  ) {
    super();
    this.rules = rules;
    this.functionalPredicates = predicateKeys(functionalPredicates);
    this.description = `${model.description} + rules`;
  }

  override async extract(input: ExtractionInput): Promise<Extraction> {
    const byRules = await this.rules.extract(input);
    const byModel = await this.model.extract(input);
    return {
      triples: [
        ...byRules.triples,
        ...notReadByRules(byModel.triples, byRules.triples, this.functionalPredicates),
      ],
      contradicts: [...new Set([...byRules.contradicts, ...byModel.contradicts])],
      summary: byModel.summary || byRules.summary,
      requests: byModel.requests,
      promptChars: byModel.promptChars,
    };
  }
}

/**
 * The model's triples that say something the rules' do not. A model's triple is the rules'
 * reading said another way, and left out, when it has:
 * - the subject and object of one of the rules' (the rules chose the relation);
 * - the subject and relation of one, and the relation holds one value at a time
 *   (`functionalPredicates`: a second home read by the model is not kept beside the rules' home);
 * - the subject and relation of one, and an object sharing a content word with the rules' object
 *   ("the river" beside "swimming in the river").
 * Another value of a relation that holds many ("likes pottery" beside the rules' "likes hiking")
 * is the model's reading of something the rules did not read, and is kept. Names, relations and
 * words are compared by their keys and stems.
 */
export function notReadByRules(
  model: readonly ExtractedTriple[],
  rules: readonly ExtractedTriple[],
  functionalPredicates: ReadonlySet<string> = predicateKeys(DEFAULT_FUNCTIONAL_PREDICATES),
): ExtractedTriple[] {
  const relationKey = (t: ExtractedTriple) =>
    `${entityKeyOf(t.subject)}\u0000${normalizePredicate(t.predicate)}`;
  const pairs = new Set(rules.map((t) => `${entityKeyOf(t.subject)}\u0000${entityKeyOf(t.object)}`));
  const objectWords = new Map<string, Set<string>>();
  for (const t of rules) {
    const words = objectWords.get(relationKey(t)) ?? new Set<string>();
    for (const word of searchTerms(t.object)) words.add(word);
    objectWords.set(relationKey(t), words);
  }
  return model.filter((t) => {
    if (pairs.has(`${entityKeyOf(t.subject)}\u0000${entityKeyOf(t.object)}`)) return false;
    const read = objectWords.get(relationKey(t));
    if (!read) return true;
    if (functionalPredicates.has(normalizePredicate(t.predicate))) return false;
    return !searchTerms(t.object).some((word) => read.has(word));
  });
}

function predicateKeys(predicates: Iterable<string>): ReadonlySet<string> {
  return new Set([...predicates].map(normalizePredicate));
}
