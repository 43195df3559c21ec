import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import type { Memory } from '../memory/memory.js';
import { limitField } from '../model/limit-field.js';
import { MAX_TEXT_LENGTH, SURFACE_CAPS } from '../model/limits.js';

const CAPS = SURFACE_CAPS.langgraph;

import { threadIdFrom, userIdFrom } from './config.js';
import { formatFacts } from './format.js';

const part = (what: string) => z.string().trim().min(1).max(MAX_TEXT_LENGTH).describe(what);

/** One fact as the model states it; `object_` is accepted too (LangChain's KnowledgeTriple). */
const knowledgeTriple = z.union([
  z.object({
    subject: part('who or what the fact is about; "I" for the user'),
    predicate: part('the relation, e.g. "likes", "lives in", "works at"'),
    object: part('the value or other entity'),
  }),
  z.object({ subject: part('subject'), predicate: part('predicate'), object_: part('object') }),
]);

/** The name of the tool that saves triples (what `writeMemories` looks for in a turn). */
export const SAVE_TOOL_NAME = 'save_knowledge';

/** Options of {@link createMemoryTools}. */
export interface MemoryToolOptions {
  /** Facts `search_memory` returns when the model gives no limit. @default 10 */
  searchLimit?: number;
  /**
   * `"now"`: `save_knowledge` writes at once. `"with-turn"`: it only checks the triples and
   * `writeMemories({ saves: "with-turn" })` writes them with the turn's episode after the reply,
   * in place of extraction, so a turn's knowledge is recorded once (the prebuilt agent does this).
   * @default "now"
   */
  saves?: 'now' | 'with-turn';
}

/**
 * The memory tools for a LangGraph agent, scoped by `config.configurable.user_id`:
 * `save_knowledge` ({triples: [{subject, predicate, object}]}) stores facts through
 * `addTriples` (deduplicated, resolved, time-stamped, with the thread as source) and
 * `search_memory` ({query, limit?}) returns recalled facts as numbered lines. A run without a
 * user id gets a tool error saying how to pass one.
 *
 * @example
 * const tools = createMemoryTools(memory);
 * const agent = createReactAgent({ llm, tools });
 * await agent.invoke({ messages }, { configurable: { user_id: "u1", thread_id: "t1" } });
 */
export function createMemoryTools(
  memory: Memory,
  options: MemoryToolOptions = {},
): StructuredToolInterface[] {
  const saveKnowledge = tool(
    async ({ triples }, config) => {
      const userId = userIdFrom(config, 'save_knowledge');
      if (options.saves === 'with-turn') {
        return `Noted ${triples.length} fact(s); they are saved with this turn of the conversation.`;
      }
      const thread = threadIdFrom(config);
      const result = await memory.addTriples(
        userId,
        triples.map((t) => ({
          subject: t.subject,
          predicate: t.predicate,
          object: 'object' in t ? t.object : t.object_,
        })),
        { source: thread ? `thread:${thread}` : 'tool:save_knowledge' },
      );
      return (
        `Saved ${result.added} new fact(s); ${result.updated} were already known` +
        (result.invalidated ? `; ${result.invalidated} older fact(s) no longer hold.` : '.')
      );
    },
    {
      name: SAVE_TOOL_NAME,
      description:
        'Save lasting facts about the user and the people, places and things in their life, as ' +
        '(subject, predicate, object) triples. Use "I" as the subject for the user.',
      schema: z.object({ triples: z.array(knowledgeTriple).min(1).max(CAPS.triplesPerCall) }),
    },
  );

  const searchMemory = tool(
    async ({ query, limit }, config) => {
      const userId = userIdFrom(config, 'search_memory');
      const { facts } = await memory.recall({ userId, query, limit: limit ?? options.searchLimit ?? 10 });
      return formatFacts(facts);
    },
    {
      name: 'search_memory',
      description:
        'Search what is remembered about the user and their world. Returns facts, most relevant first.',
      schema: z.object({
        query: part('what to look for, e.g. "food Polar bear likes"'),
        limit: limitField(CAPS.recallLimit, 'how many facts (default 10)'),
      }),
    },
  );

  const updateKnowledge = tool(
    async ({ uid, subject, predicate, object, kind }, config) => {
      const userId = userIdFrom(config, 'update_knowledge');
      const thread = threadIdFrom(config);
      const target = uid ? { uid } : subject && predicate ? { subject, predicate } : undefined;
      if (!target) return 'Give the uid of the fact to correct, or its subject and predicate.';
      const result = await memory.updateFact(userId, target, {
        object,
        kind: kind ?? 'change',
        source: thread ? `thread:${thread}` : 'tool:update_knowledge',
      });
      return kind === 'correction'
        ? `Corrected: fact ${result.closed} was never true and is retracted; fact ${result.factUid} holds in its place.`
        : `Updated: fact ${result.closed} held until now; fact ${result.factUid} holds from now on.`;
    },
    {
      name: 'update_knowledge',
      description:
        'Update a remembered fact that is out of date or wrong. Name it by uid (from search_memory) ' +
        'or by subject and predicate; give the right object. kind "change" (the default): it was true ' +
        'until now (the user moved, changed jobs). kind "correction": it was never true (a mistake, ' +
        'a misheard name); the right value replaces it for the past too. The old fact is kept as history.',
      schema: z.object({
        uid: part('uid of the fact to correct, as search_memory shows it').optional(),
        subject: part('who or what the fact is about; "I" for the user').optional(),
        predicate: part('the relation of the fact to correct, e.g. "lives in"').optional(),
        object: part('the right value'),
        kind: z
          .enum(['change', 'correction'])
          .optional()
          .describe('"change" (default): true until now; "correction": it was never true'),
      }),
    },
  );

  const forgetKnowledge = tool(
    async ({ uid }, config) => {
      const userId = userIdFrom(config, 'forget_knowledge');
      await memory.forgetFact(userId, uid);
      return `Forgot fact ${uid}.`;
    },
    {
      name: 'forget_knowledge',
      description:
        'Delete a remembered fact the user wants forgotten (or that was never true), by its uid from search_memory.',
      schema: z.object({ uid: part('uid of the fact to forget') }),
    },
  );

  const mergeEntities = tool(
    async ({ keep, other, reason }, config) => {
      const userId = userIdFrom(config, 'merge_entities');
      const result = await memory.mergeEntities(userId, keep, other, reason ? { reason } : {});
      return `Merged "${other}" into ${result.entity.name}: ${result.moved} facts moved; "${other}" is now one of its names.`;
    },
    {
      name: 'merge_entities',
      description:
        'When the user says two names are one thing (a nickname, a short form, an old name), merge them: ' +
        'every fact of "other" moves to "keep" and its name becomes an alias. split_entity undoes it.',
      schema: z.object({
        keep: part('the name (or uid) that stays'),
        other: part('the other name of the same thing'),
        reason: part('why they are one thing').optional(),
      }),
    },
  );

  const splitEntity = tool(
    async ({ entity, alias }, config) => {
      const userId = userIdFrom(config, 'split_entity');
      const result = await memory.splitEntity(userId, entity, alias);
      return `Split ${result.entity.name} off ${result.from.name}: ${result.moved} facts moved.`;
    },
    {
      name: 'split_entity',
      description:
        'When two different things were taken for one, give an alias an entity of its own again ' +
        '(a merge it came with is undone, its facts go back).',
      schema: z.object({
        entity: part('the entity (name or uid)'),
        alias: part('the other name to split off'),
      }),
    },
  );

  return [
    saveKnowledge,
    searchMemory,
    updateKnowledge,
    forgetKnowledge,
    mergeEntities,
    splitEntity,
  ] as StructuredToolInterface[];
}
