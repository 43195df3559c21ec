import { z } from 'zod';

// Loose objects: each names the fields a client can rely on; more may come (new fields are not a
// breaking change for a client that validates with the schema).
const record = z.looseObject({});
const list = z.array(record);
const counts = { added: z.number(), updated: z.number(), invalidated: z.number() };
const instructionsVersion = z.looseObject({
  agentId: z.string(),
  userId: z.string().nullable(),
  version: z.number(),
  text: z.string(),
  reason: z.string(),
  at: z.string(),
});

/**
 * The shape of each tool's structured result (`outputSchema`): what a client may validate the
 * `structuredContent` against. Every tool's text block says the same in prose.
 */
export const TOOL_OUTPUTS = {
  remember: z.looseObject({ episodeUid: z.string(), status: z.string(), ...counts }),
  add_facts: z.looseObject({ ...counts, entitiesCreated: z.number(), factUids: z.array(z.string()) }),
  update_instructions: instructionsVersion,
  update_fact: z.looseObject({ closed: z.string(), factUid: z.string() }),
  merge_entities: z.looseObject({
    entity: record,
    mergeId: z.string(),
    moved: z.number(),
    absorbed: z.number(),
    closed: z.number(),
  }),
  split_entity: z.looseObject({
    entity: record,
    from: record,
    moved: z.number(),
    undid: z.string().nullable(),
  }),
  forget_fact: z.looseObject({ deleted: z.string() }),
  forget_entity: z.looseObject({ entity: z.string(), name: z.string(), deleted: z.boolean() }),
  recall: z.looseObject({ facts: list, entities: list, episodes: list, context: z.string() }),
  search_entities: z.looseObject({ entities: list }),
  get_entity: z.looseObject({ entity: record, outgoing: list, incoming: list, episodes: list }),
  get_instructions: z.looseObject({
    shared: instructionsVersion.nullable(),
    own: instructionsVersion.nullable(),
  }),
  get_profile: z.looseObject({ userId: z.string(), asOf: z.string().nullable(), fields: record }),
  list_episodes: z.looseObject({ episodes: list, total: z.number() }),
  explore: z.looseObject({ columns: z.array(z.string()), rows: list }),
} as const;
