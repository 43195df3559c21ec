import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { MemoryApi } from '../memory/api.js';
import { DEFAULT_AGENT_ID } from '../memory/instructions.js';
import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { checkUserId } from '../model/validate.js';
import { profileText } from '../profile/format.js';

import {
  addFactsText,
  cypherText,
  entitiesText,
  entityText,
  episodesText,
  recallText,
  rememberText,
  toJson,
} from './format.js';
import { TOOL_OUTPUTS } from './outputs.js';
import { CYPHER_MAX_ROWS, type ToolInputs, toolInputs } from './schemas.js';

/** The package version the MCP server reports. */
export const MCP_SERVER_VERSION = '0.1.0';

/** Who an MCP server acts for and what it may do. */
export interface McpOptions {
  /** The memory served: a local `Memory`, or a client of the process holding it. */
  memory: MemoryApi;
  /**
   * The memory user every tool reads and writes. Required unless `multiUser`: the user never
   * comes from a model's argument on a single-user server.
   */
  user?: string;
  /** Tools take a `user_id` argument (for a trusted client serving several users). @default false */
  multiUser?: boolean;
  /**
   * Offer `explore`: the ready-made analyst queries of `cypher/explore/`, run read-only for the
   * server's user (bound by the server, never by the client). Raw Cypher is never offered to an
   * MCP client: a client is a model acting for one user, and a raw statement could read other
   * users' memory. Refused with `multiUser`.
   * @default false
   */
  allowCypher?: boolean;
  /**
   * Offer the tools that change memory (remember, add_facts, update_fact, forget_*).
   * `kgmem serve` turns them off when it has no token, as it does for its write routes.
   * @default true
   */
  allowWrites?: boolean;
}

/** What the SDK hands a tool: its arguments, parsed by the tool's input schema. */
type ArgsOf<K extends keyof ToolInputs> = z.output<ToolInputs[K]>;

/**
 * An MCP server (official TypeScript SDK) over one memory: tools to remember turns and facts,
 * recall, look up entities and episodes, correct and forget, and optionally read with Cypher;
 * each tool returns structured content and a readable text block, and failures come back as tool
 * errors carrying the library's message. Resources `kgmem://users/{user}/summary` and
 * `kgmem://users/{user}/profile` describe each reachable user's graph and profile. Connect it to a transport (stdio or streamable HTTP).
 */
export async function createMcpServer(options: McpOptions): Promise<McpServer> {
  const { memory } = options;
  const multiUser = options.multiUser ?? false;
  if (options.allowCypher && multiUser) {
    throw new InvalidInputError(
      "Cypher is not offered to a multi-user MCP server: its client names any user, and Cypher would reach every user's memory; drop --allow-cypher, or serve one user (--user <id>) to offer the ready-made queries",
    );
  }
  const fixedUser = options.user === undefined ? undefined : checkUserId(options.user, 'kgmem mcp --user');
  if (!multiUser && fixedUser === undefined) {
    throw new InvalidInputError(
      'kgmem mcp needs a memory user: pass --user <id> (or set KGMEM_USER), or --multi-user to let clients name one',
    );
  }
  const allowWrites = options.allowWrites ?? true;
  const inputs = toolInputs(multiUser);
  const server = new McpServer(
    { name: 'kgmem', version: MCP_SERVER_VERSION },
    {
      instructions: [
        'kgmem is long-term memory kept as a knowledge graph.',
        'Call recall with the question before answering from memory; call remember with each user turn worth keeping (or add_facts with facts you already extracted).',
        allowWrites ? '' : 'This server is read-only: the tools that change memory are not offered.',
        multiUser ? 'Every tool needs user_id: the memory user to act for.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    },
  );

  const userOf = (args: object): string =>
    multiUser ? checkUserId((args as { user_id?: unknown }).user_id, 'user_id') : (fixedUser as string);

  /** Registers one tool whose handler returns `[structured, text]`; errors become tool errors. */
  const tool = <K extends keyof ToolInputs & string>(
    name: K,
    description: string,
    annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean },
    handler: (args: ArgsOf<K>, user: string) => Promise<[unknown, string]>,
  ) => {
    const inputSchema: ToolInputs[keyof ToolInputs] = inputs[name];
    const outputSchema = TOOL_OUTPUTS[name as keyof typeof TOOL_OUTPUTS];
    server.registerTool(
      name,
      { description, inputSchema, outputSchema, annotations },
      // The SDK has parsed the arguments with this tool's input schema before it calls this.
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          const [structured, text] = await handler(args as ArgsOf<K>, userOf(args));
          return {
            content: [{ type: 'text', text }],
            structuredContent: toJson(structured) as Record<string, unknown>,
          };
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: toolErrorMessage(error) }] };
        }
      },
    );
  };

  if (allowWrites) {
    tool(
      'remember',
      'Remember one conversation turn: it is stored whole, and the facts in it are extracted and kept with their time (a contradicted fact is closed, not deleted). Give messages, or text for a single user message.',
      { destructiveHint: false },
      async (args, user) => {
        const messages =
          args.messages ??
          (args.text !== undefined ? [{ role: 'user' as const, content: args.text }] : undefined);
        if (!messages || (args.messages !== undefined && args.text !== undefined)) {
          throw new InvalidInputError(
            'give either messages (a list of {role, content}) or text, not both and not neither',
          );
        }
        const result = await memory.remember({
          userId: user,
          messages,
          ...(args.thread_id !== undefined ? { threadId: args.thread_id } : {}),
          ...(args.at !== undefined ? { at: args.at } : {}),
        });
        return [result, rememberText(result)];
      },
    );
    tool(
      'add_facts',
      'Store facts you already extracted as (subject, predicate, object) triples, with no model call. Use "I" as the subject for the user.',
      { destructiveHint: false },
      async (args, user) => {
        const result = await memory.addTriples(user, args.facts, {
          source: 'mcp',
          ...(args.at !== undefined ? { at: args.at } : {}),
        });
        return [result, addFactsText(result)];
      },
    );
    tool(
      'update_instructions',
      'When the user tells you how to behave or answer, rewrite your standing instructions for this user (the whole new text; earlier versions are kept).',
      { destructiveHint: false },
      async (args, user) => {
        const saved = await memory.setInstructions(args.agent_id ?? DEFAULT_AGENT_ID, args.instructions, {
          userId: user,
          reason: args.reason,
        });
        return [saved, `Saved as version ${saved.version} of the instructions for this user.`];
      },
    );
    tool(
      'update_fact',
      'Update a fact: the old value is kept as history and the new one becomes current. Name the fact by uid, or by subject and predicate when it has one current value. kind "change" (default): the old value held until now; kind "correction": it was never true, and the right value replaces it over the same time.',
      { destructiveHint: false },
      async (args, user) => {
        const target =
          args.uid !== undefined
            ? { uid: args.uid }
            : args.subject !== undefined && args.predicate !== undefined
              ? { subject: args.subject, predicate: args.predicate }
              : undefined;
        if (!target) throw new InvalidInputError('name the fact to correct: uid, or subject and predicate');
        const kind = args.kind ?? 'change';
        const result = await memory.updateFact(user, target, { object: args.object, kind });
        return [
          result,
          kind === 'correction'
            ? `Fact ${result.closed} is retracted (never true); fact ${result.factUid} holds in its place.`
            : `Fact ${result.closed} is closed; the current fact is ${result.factUid}.`,
        ];
      },
    );
    tool(
      'merge_entities',
      'When the user says two names are one thing (a nickname, an old name, a short form), merge them: every fact of "other" moves to "keep" and its name becomes an alias. Undo with split_entity.',
      { destructiveHint: false },
      async (args, user) => {
        const result = await memory.mergeEntities(user, args.keep, args.other, {
          ...(args.reason !== undefined ? { reason: args.reason } : {}),
        });
        return [result, `Merged "${args.other}" into ${result.entity.name}: ${result.moved} facts moved.`];
      },
    );
    tool(
      'split_entity',
      'When two things were taken for one, split an alias off an entity into an entity of its own; an alias a merge brought gets its facts back.',
      { destructiveHint: false },
      async (args, user) => {
        const result = await memory.splitEntity(user, args.name_or_uid, args.alias);
        return [result, `Split ${result.entity.name} off ${result.from.name}: ${result.moved} facts moved.`];
      },
    );
    tool(
      'forget_fact',
      'Delete one fact by uid, with the sentences of stored turns that said it (to correct a fact and keep its history, use update_fact).',
      { destructiveHint: true, idempotentHint: true },
      async (args, user) => {
        const uid = args.uid;
        await memory.forgetFact(user, uid);
        return [{ deleted: uid }, `Fact ${uid} is forgotten.`];
      },
    );
    tool(
      'forget_entity',
      'Delete an entity, every fact touching it and the sentences of stored turns that name it.',
      { destructiveHint: true, idempotentHint: true },
      async (args, user) => {
        const { entity } = await memory.entity(user, args.name_or_uid, { factLimit: 1 });
        const result = await memory.forget({ userId: user, entity: entity.name });
        return [{ entity: entity.uid, name: entity.name, ...result }, `Forgot ${entity.name} and its facts.`];
      },
    );
  }

  tool(
    'recall',
    'Recall what memory knows about a question: ranked facts (with uids), the stored turns that mention it, and a context block to read. No model call.',
    { readOnlyHint: true },
    async (args, user) => {
      const result = await memory.recall({
        userId: user,
        query: args.query,
        limit: args.limit ?? 10,
        ...(args.as_of !== undefined ? { asOf: args.as_of } : {}),
        ...(args.include_history === true ? { includeHistory: true } : {}),
      });
      return [result, recallText(result)];
    },
  );
  tool(
    'search_entities',
    'Find people, places and things in memory by name or description.',
    { readOnlyHint: true },
    async (args, user) => {
      const entities = await memory.searchEntities(user, args.query, { limit: args.limit ?? 10 });
      return [{ entities }, entitiesText(entities)];
    },
  );
  tool(
    'get_entity',
    'One entity with every fact about it (closed ones included) and the turns they came from.',
    { readOnlyHint: true },
    async (args, user) => {
      const details = await memory.entity(user, args.name_or_uid, { factLimit: 200 });
      return [details, entityText(details)];
    },
  );
  tool(
    'get_instructions',
    "How you should behave with this user: your instructions for every user, then this user's own (learned from feedback).",
    { readOnlyHint: true },
    async (args, user) => {
      const agent = args.agent_id ?? DEFAULT_AGENT_ID;
      const [shared, own] = await Promise.all([
        memory.instructions(agent),
        memory.instructions(agent, { userId: user }),
      ]);
      const text = [shared?.text, own ? `For this user: ${own.text}` : undefined].filter(Boolean).join('\n');
      return [{ shared, own }, text || 'No instructions yet.'];
    },
  );
  tool(
    'get_profile',
    "The user's profile: home, work, family and friends with their own facts, tastes, diet, allergies, health, pets, languages and hobbies, from the facts that hold now (or at as_of), each with the fact it came from.",
    { readOnlyHint: true },
    async (args, user) => {
      const profile = await memory.profile(user, args.as_of !== undefined ? { asOf: args.as_of } : {});
      return [profile, profileText(profile) || 'Nothing in the profile yet.'];
    },
  );
  tool(
    'list_episodes',
    'The stored conversation turns, newest first; filter by thread or extraction status.',
    { readOnlyHint: true },
    async (args, user) => {
      const limit = args.limit ?? 20;
      const all = await memory.listEpisodes(user, {
        ...(args.thread_id !== undefined ? { threadId: args.thread_id } : {}),
        ...(args.status !== undefined ? { status: args.status } : {}),
      });
      const episodes = all.slice(-limit).reverse();
      return [{ episodes, total: all.length }, episodesText(episodes)];
    },
  );
  if (options.allowCypher) {
    const queries = await memory.exploreQueries();
    tool(
      'explore',
      `Run one ready-made analyst query over this user's memory graph (read-only, at most ${CYPHER_MAX_ROWS} rows). Queries: ${queries
        .map(
          (q) =>
            `${q.name} (${q.question}${
              q.parameters.some((p) => p.name !== 'userId')
                ? `; params: ${q.parameters
                    .filter((p) => p.name !== 'userId')
                    .map((p) => p.name)
                    .join(', ')}`
                : ''
            })`,
        )
        .join('; ')}.`,
      { readOnlyHint: true },
      async (args, user) => {
        const result = await memory.explore(user, args.query, args.params ?? {}, {
          maxRows: CYPHER_MAX_ROWS,
        });
        return [result, cypherText(result)];
      },
    );
  }

  const userResource = (
    name: string,
    title: string,
    description: string,
    read: (user: string) => Promise<unknown>,
  ) =>
    server.registerResource(
      `user-${name}`,
      new ResourceTemplate(`kgmem://users/{user}/${name}`, {
        list: async () => ({
          resources: (multiUser ? await memory.users() : [fixedUser as string]).map((user) => ({
            uri: `kgmem://users/${encodeURIComponent(user)}/${name}`,
            name: `${user}: ${title.toLowerCase()}`,
            mimeType: 'application/json',
          })),
        }),
      }),
      { title, description, mimeType: 'application/json' },
      async (uri, variables) => {
        const user = decodeURIComponent(String(variables.user));
        if (!multiUser && user !== fixedUser) {
          throw new NotFoundError(`this server serves the memory of "${fixedUser}" only`);
        }
        const body = await read(checkUserId(user, 'user'));
        return {
          contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }],
        };
      },
    );
  userResource(
    'summary',
    'Memory summary',
    "A user's memory: sizes, most mentioned entities and the relations used",
    (user) => userSummary(memory, user),
  );
  userResource(
    'profile',
    'Profile',
    "A user's profile from the facts that hold now, each value with its source fact",
    (user) => memory.profile(user),
  );
  return server;
}

/** Sizes, the most mentioned entities and the predicates of one user's memory. */
async function userSummary(memory: MemoryApi, user: string) {
  const [stats, entities, predicates] = await Promise.all([
    memory.stats(user),
    memory.entities(user, { limit: 20 }),
    memory.predicates(user),
  ]);
  return {
    user,
    ...stats,
    topEntities: entities.map((e) => ({ uid: e.uid, name: e.name, type: e.type, mentions: e.mentions })),
    predicates,
  };
}

/** The library's message without the internal method name it starts with. */
export function toolErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(Memory|GraphStore|Store)\.[A-Za-z]+: /, '');
}
