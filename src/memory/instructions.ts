import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkText, checkUserId } from '../model/validate.js';
import type { GraphStore } from '../store/base.js';
import type { StoredItem } from '../store/records.js';
import { MemoryPart } from './context.js';
import type { ExportedInstructions } from './export-format.js';

/** One version of an agent's instructions (for one user, or for every user). */
export interface InstructionsVersion {
  agentId: string;
  /** The user they are for, or `null` for every user of the agent. */
  userId: string | null;
  /** 1 for the first version, then one more for each. */
  version: number;
  text: string;
  /** Why this version was written ("the user asked for short answers"). */
  reason: string;
  /** When it was written (ISO 8601). */
  at: string;
}

/** Which instructions: an agent's for every user, or for one user (`userId`). */
export interface InstructionsScope {
  userId?: string;
}

/** The agent whose instructions the prebuilt agent and the MCP tools use when none is named. */
export const DEFAULT_AGENT_ID = 'kgmem-agent';

/** Longest instructions text kept (characters): a system prompt's part, not a document. */
export const MAX_INSTRUCTIONS_LENGTH = 8_000;

/** The whole new text a model gives when it rewrites instructions (the LangGraph and MCP tools). */
export const instructionsTextField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(MAX_INSTRUCTIONS_LENGTH)
    .describe('the complete instructions for this user from now on');

// Instructions live beside the LangGraph store items, under a path no store namespace can take:
// namespace labels are URI-encoded, so they never start with "#" nor hold "@" or "=".
const ROOT = '#instructions/';

/** The item path of one scope's versions. */
function pathOf(agentId: string, userId: string | undefined): string {
  return `${ROOT}${encodeURIComponent(agentId)}/${userId === undefined ? '@all' : `u=${encodeURIComponent(userId)}`}/`;
}

/**
 * Instructions an agent learns: per agent, and optionally per user, a versioned text. Each write
 * adds a version with its time and reason and keeps every earlier one. Per-user versions belong
 * to the user (forgetting the user deletes them, export carries them). Each method is the one of
 * {@link Memory} of that name.
 *
 * @internal
 */
export class MemoryInstructions extends MemoryPart {
  async instructions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion | null> {
    return (await this.instructionVersions(agentId, scope)).at(-1) ?? null;
  }

  async instructionVersions(agentId: string, scope: InstructionsScope = {}): Promise<InstructionsVersion[]> {
    const where = 'Memory.instructionVersions';
    const agent = checkUserId(agentId, where, 'agentId');
    const user = scope.userId === undefined ? undefined : checkUserId(scope.userId, where);
    return inOrder(await this.store.itemsUnder(pathOf(agent, user))).map((item, i) =>
      versionOf(agent, user, item, i + 1),
    );
  }

  async setInstructions(
    agentId: string,
    text: string,
    options: InstructionsScope & { reason?: string } = {},
  ): Promise<InstructionsVersion> {
    const where = 'Memory.setInstructions';
    const agent = checkUserId(agentId, where, 'agentId');
    const user = options.userId === undefined ? undefined : checkUserId(options.userId, where);
    const body = checkText(text, 'text', where, MAX_INSTRUCTIONS_LENGTH);
    const reason = options.reason === undefined ? '' : checkText(options.reason, 'reason', where);
    const path = pathOf(agent, user);
    return this.lock.run(async () => {
      const key = randomUUID();
      const seq = (await this.store.maxItemSeq()) + 1;
      await this.store.putItems(
        [
          {
            id: `${path}${key}`,
            userId: user ?? '',
            path,
            key,
            value: JSON.stringify({ text: body, reason }),
            vectors: '{}',
            seq,
          },
        ],
        new Date(),
        { createUsers: user !== undefined },
      );
      const versions = inOrder(await this.store.itemsUnder(path));
      const index = versions.findIndex((v) => v.key === key);
      return versionOf(agent, user, versions[index] as StoredItem, index + 1);
    });
  }
}

/** The user's own versions of every agent's instructions, oldest first, as an export holds them. */
export async function exportInstructions(store: GraphStore, userId: string): Promise<ExportedInstructions[]> {
  const own = `/u=${encodeURIComponent(userId)}/`;
  return (await store.itemsUnder(ROOT))
    .filter((item) => item.userId === userId && item.path.endsWith(own))
    .map((item) => {
      const { text, reason } = JSON.parse(item.value) as { text: string; reason: string };
      const agentId = decodeURIComponent(item.path.slice(ROOT.length, -own.length));
      return { agentId, key: item.key, text, reason, at: item.createdAt.toISOString() };
    });
}

/**
 * Writes an export's instructions versions for `userId` (the file's user or another): each keeps
 * its key and time, so importing the same file again changes nothing.
 */
export async function restoreInstructions(
  store: GraphStore,
  userId: string,
  versions: readonly ExportedInstructions[],
): Promise<void> {
  let seq = (await store.maxItemSeq()) + 1;
  for (const v of versions) {
    const path = pathOf(v.agentId, userId);
    const item = {
      id: `${path}${v.key}`,
      userId,
      path,
      key: v.key,
      value: JSON.stringify({ text: v.text, reason: v.reason }),
      vectors: '{}',
      seq: seq++,
    };
    if ((await store.itemsByIds([item.id])).length === 0) await store.putItems([item], new Date(v.at));
  }
}

/** Versions in the order they were written (an imported older version takes its own place). */
function inOrder(items: readonly StoredItem[]): StoredItem[] {
  return [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq);
}

function versionOf(
  agentId: string,
  userId: string | undefined,
  item: StoredItem,
  version: number,
): InstructionsVersion {
  const { text, reason } = JSON.parse(item.value) as { text: string; reason: string };
  return { agentId, userId: userId ?? null, version, text, reason, at: item.createdAt.toISOString() };
}
