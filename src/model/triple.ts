import { InvalidInputError } from './errors.js';
import { checkText } from './validate.js';

/**
 * A (subject, predicate, object) statement to remember. `object_` is accepted as a synonym of
 * `object` so LangChain's `KnowledgeTriple` shape can be passed as is.
 */
export interface Triple {
  subject: string;
  predicate: string;
  object: string;
  /** Optional entity types (`"person"`, `"food"`, …). */
  subjectType?: string;
  objectType?: string;
  /** 0..1, default 1. */
  confidence?: number;
}

/** The KnowledgeTriple shape from the LangChain memory tutorial. */
export interface KnowledgeTriple {
  subject: string;
  predicate: string;
  object_: string;
}

/** A triple whose parts have been checked and trimmed. */
export type CheckedTriple = Required<Pick<Triple, 'subject' | 'predicate' | 'object'>> & {
  subjectType: string;
  objectType: string;
  confidence: number;
  /** Said as over ("I used to live in Lisbon"): set by the write path of conversations only. */
  ended?: boolean;
};

/**
 * Validates one triple (as given by a caller, an importer or a model) and trims its parts.
 *
 * @param index - position in the batch, named in the error
 * @throws InvalidInputError naming the triple and the part that is wrong
 */
export function checkTriple(input: unknown, index: number, where: string): CheckedTriple {
  if (typeof input !== 'object' || input === null) {
    throw new InvalidInputError(
      `${where}: triple #${index + 1} must be an object {subject, predicate, object}`,
    );
  }
  const raw = input as Record<string, unknown>;
  const object = raw.object ?? raw.object_;
  const at = `${where} (triple #${index + 1})`;
  const confidence = raw.confidence ?? 1;
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) {
    throw new InvalidInputError(`${at}: confidence must be a number between 0 and 1`);
  }
  return {
    subject: checkText(raw.subject, 'subject', at),
    predicate: checkText(raw.predicate, 'predicate', at),
    object: checkText(object, 'object', at),
    subjectType: optionalType(raw.subjectType, 'subjectType', at),
    objectType: optionalType(raw.objectType, 'objectType', at),
    confidence,
  };
}

function optionalType(value: unknown, field: string, where: string): string {
  if (value === undefined || value === null || value === '') return '';
  return checkText(value, field, where).toLowerCase();
}
