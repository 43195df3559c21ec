import { z } from 'zod';
import { instructionsTextField } from '../memory/instructions.js';
import { limitField } from '../model/limit-field.js';
import {
  MAX_MESSAGE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TURN_MESSAGES,
  MAX_USER_ID_LENGTH,
  SURFACE_CAPS,
} from '../model/limits.js';

const CAPS = SURFACE_CAPS.mcp;

/** Rows an `explore` call returns at most. */
export const CYPHER_MAX_ROWS = 200;

const shortText = (what: string) => z.string().trim().min(1).max(MAX_TEXT_LENGTH).describe(what);
/** Text kept exactly as sent (thread ids): not trimmed, but not blank either. */
const exactText = (what: string) =>
  z
    .string()
    .max(MAX_TEXT_LENGTH)
    .refine((s) => s.trim().length > 0, 'must not be blank')
    .describe(what);
const isoDate = (what: string) =>
  z
    .string()
    .refine(
      (s) => !Number.isNaN(Date.parse(s)),
      'must be an ISO 8601 date such as 2026-11-23 or 2026-11-23T10:00:00Z',
    )
    .describe(what);

const message = z.strictObject({
  role: z.enum(['user', 'assistant', 'system']).describe('who said it'),
  content: z.string().min(1).max(MAX_MESSAGE_LENGTH).describe('what was said'),
  name: z.string().max(MAX_TEXT_LENGTH).optional().describe("the speaker's display name, if known"),
});

const triple = z.strictObject({
  subject: shortText('who or what the fact is about ("I" for the user)'),
  predicate: shortText('the relation, a short verb phrase ("lives in", "works at")'),
  object: shortText('the value or the other entity ("Paris")'),
});

/** The `user_id` argument, present only on a `--multi-user` server. */
const userIdShape = {
  user_id: z
    .string()
    .min(1)
    .max(MAX_USER_ID_LENGTH)
    .refine((id) => id === id.trim(), 'has leading or trailing whitespace: user ids are exact')
    .describe('the memory user to read or write (this server serves several users)'),
};

/**
 * Input shapes of the MCP tools, with descriptions a model can follow. On a single-user server
 * the objects are strict: a `user_id` argument is an error, never silently honoured or ignored.
 */
export function toolInputs(multiUser: boolean) {
  const scoped = <T extends z.ZodRawShape>(shape: T) =>
    multiUser ? z.strictObject({ ...userIdShape, ...shape }) : z.strictObject(shape);
  return {
    remember: scoped({
      messages: z
        .array(message)
        .min(1)
        .max(MAX_TURN_MESSAGES)
        .optional()
        .describe('the turn as chat messages (give this or text)'),
      text: z
        .string()
        .min(1)
        .max(MAX_MESSAGE_LENGTH)
        .optional()
        .describe('one user message as plain text (give this or messages)'),
      thread_id: exactText('the conversation this turn belongs to').optional(),
      at: isoDate('when the turn happened; default now').optional(),
    }),
    add_facts: scoped({
      facts: z
        .array(triple)
        .min(1)
        .max(CAPS.triplesPerCall)
        .describe('facts to store as they are, no model call'),
      at: isoDate('when these facts became true; default now').optional(),
    }),
    recall: scoped({
      query: z
        .string()
        .trim()
        .min(1)
        .max(MAX_TEXT_LENGTH)
        .describe('the question or topic to recall memories for'),
      limit: limitField(CAPS.recallLimit, 'most facts to return; default 10'),
      as_of: isoDate('recall what was true at this time instead of now').optional(),
      include_history: z.boolean().optional().describe('include facts that are no longer true'),
    }),
    search_entities: scoped({
      query: shortText('a name or description of people, places or things to find'),
      limit: limitField(CAPS.searchLimit, 'most entities to return; default 10'),
    }),
    get_entity: scoped({
      name_or_uid: shortText('the entity name ("Paris") or its uid from another tool'),
    }),
    update_fact: scoped({
      uid: shortText('uid of the fact to correct (from recall); or give subject and predicate').optional(),
      subject: shortText('subject of the current fact to correct, with predicate').optional(),
      predicate: shortText('predicate of the current fact to correct, with subject').optional(),
      object: shortText('the right value'),
      kind: z
        .enum(['change', 'correction'])
        .optional()
        .describe('"change" (default): the old value held until now; "correction": it was never true'),
    }),
    forget_fact: scoped({
      uid: shortText('uid of the fact to delete (from recall or get_entity)'),
    }),
    forget_entity: scoped({
      name_or_uid: shortText('the entity to delete with every fact touching it'),
    }),
    merge_entities: scoped({
      keep: shortText('the entity that stays (name or uid)'),
      other: shortText('the entity that is the same thing under another name; its facts move to keep'),
      reason: shortText('why they are one thing ("the user said Bob is Robert")').optional(),
    }),
    split_entity: scoped({
      name_or_uid: shortText('the entity to split'),
      alias: shortText('the other name to give an entity of its own again'),
    }),
    get_instructions: scoped({
      agent_id: shortText('the agent whose instructions to read; default "kgmem-agent"').optional(),
    }),
    update_instructions: scoped({
      agent_id: shortText('the agent whose instructions to rewrite; default "kgmem-agent"').optional(),
      instructions: instructionsTextField(),
      reason: shortText('the feedback that led to them'),
    }),
    get_profile: scoped({
      as_of: isoDate('the profile as it was at this time instead of now').optional(),
    }),
    list_episodes: scoped({
      thread_id: exactText('only turns of this conversation').optional(),
      status: z.enum(['pending', 'extracted', 'failed']).optional().describe('only turns in this state'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(200)
        .optional()
        .describe('most turns to return, newest first; default 20'),
    }),
    explore: scoped({
      query: z
        .string()
        .min(1)
        .max(100)
        .describe('the name of a ready-made query (listed in the tool description)'),
      params: z
        .record(z.string(), z.unknown())
        .optional()
        .describe("the query's parameters other than userId (which is always this memory's user)"),
    }),
  };
}

/** The input shapes for one server mode. */
export type ToolInputs = ReturnType<typeof toolInputs>;
