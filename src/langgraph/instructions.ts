import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { instructionsTextField } from '../memory/instructions.js';
import type { Memory } from '../memory/memory.js';
import { userIdFrom } from './config.js';

/** The name of the tool that rewrites the agent's instructions for the user. */
export const INSTRUCTIONS_TOOL_NAME = 'update_instructions';

/**
 * The agent's current instructions for the system message: those for every user, then the
 * user's own ("For this user: …"); `""` when none were written.
 */
export async function instructionsText(memory: Memory, agentId: string, userId: string): Promise<string> {
  const [shared, own] = await Promise.all([
    memory.instructions(agentId),
    memory.instructions(agentId, { userId }),
  ]);
  const parts = [...(shared ? [shared.text] : []), ...(own ? [`For this user: ${own.text}`] : [])];
  return parts.length ? `How to behave (learned from feedback):\n${parts.join('\n')}` : '';
}

/**
 * `update_instructions` ({instructions, reason}): writes a new version of how the agent behaves
 * with this user (`memory.setInstructions(agentId, …, { userId })`), keeping the earlier ones.
 * The model calls it when the user gives feedback about its behaviour ("keep answers short",
 * "always answer in Portuguese"); the next turn's system message has it.
 */
export function createInstructionsTool(memory: Memory, agentId: string): StructuredToolInterface {
  return tool(
    async ({ instructions, reason }, config) => {
      const userId = userIdFrom(config, INSTRUCTIONS_TOOL_NAME);
      const saved = await memory.setInstructions(agentId, instructions, { userId, reason });
      return `Saved as version ${saved.version} of how to behave with this user; it applies from the next turn.`;
    },
    {
      name: INSTRUCTIONS_TOOL_NAME,
      description:
        'When the user tells you how you should behave or answer (length, tone, language, what to avoid), rewrite your standing instructions for this user: give the whole new text, keeping what still holds from the current instructions, and why.',
      schema: z.object({
        instructions: instructionsTextField(),
        reason: z.string().trim().min(1).max(500).describe('the feedback that led to them'),
      }),
    },
  );
}
