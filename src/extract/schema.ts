import { z } from 'zod';

/**
 * What the model must return, validated strictly: unknown fields or wrong types are rejected
 * (and retried once with the validation error), never stored.
 */
export const ExtractionOutput = z
  .object({
    facts: z
      .array(
        z
          .object({
            subject: z
              .string()
              .min(1)
              .describe('who or what the fact is about; "user" for the person speaking'),
            predicate: z
              .string()
              .min(1)
              .describe('short snake_case relation: lives_in, works_at, likes, friend, …'),
            object: z.string().min(1).describe('the value or other entity'),
            subject_type: z.string().describe('person, place, organization, food, animal, thing, …'),
            object_type: z.string().describe('type of the object, as for subject_type'),
          })
          .strict(),
      )
      .describe('durable facts stated by the user in this turn; nothing from questions or hypotheticals'),
    contradicted: z
      .array(z.string())
      .describe('ids (F1, F2, …) of known facts that this turn shows are no longer true'),
    summary: z.string().describe('one short line about the turn, or ""'),
  })
  .strict();

/** The parsed model output. */
export type ExtractionOutput = z.infer<typeof ExtractionOutput>;

/** The tool / function name the structured output is requested under. */
export const EXTRACTION_TOOL_NAME = 'record_memory';
