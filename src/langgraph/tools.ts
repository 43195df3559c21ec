import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import type { Memory } from '../memory/memory.js';
import { threadIdFrom, userIdFrom } from './config.js';
import { formatFacts } from './format.js';

const part = (what: string) => z.string().trim().min(1).max(2000).describe(what);

/** One fact as the model states it; `object_` is accepted too (LangChain's KnowledgeTriple). */
const knowledgeTriple = z.union([
  z.object({
    subject: part('who or what the fact is about; "I" for the user'),
    predicate: part('the relation, e.g. "likes", "lives in", "works at"'),
    object: part('the value or other entity'),
  }),
  z.object({ subject: part('subject'), predicate: part('predicate'), object_: part('object') }),
]);

/** Options of {@link createMemoryTools}. */
export interface MemoryToolOptions {
  /** Facts `search_memory` returns when the model gives no limit. @default 10 */
  searchLimit?: number;
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
      name: 'save_knowledge',
      description:
        'Save lasting facts about the user and the people, places and things in their life, as ' +
        '(subject, predicate, object) triples. Use "I" as the subject for the user.',
      schema: z.object({ triples: z.array(knowledgeTriple).min(1).max(50) }),
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
        limit: z.number().int().min(1).max(50).optional().describe('how many facts (default 10)'),
      }),
    },
  );

  return [saveKnowledge, searchMemory] as StructuredToolInterface[];
}
