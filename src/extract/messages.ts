import { InvalidInputError } from '../model/errors.js';
import type { ConversationMessage } from './base.js';

const ROLES: Record<string, ConversationMessage['role']> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  system: 'system',
  tool: 'tool',
  function: 'tool',
};

/**
 * Accepts LangChain messages (`HumanMessage`, `AIMessage`, …) and plain `{role, content}`
 * objects and returns kgmem's message shape. Content made of parts keeps its text parts.
 *
 * @throws InvalidInputError naming the message that has no usable role or text
 */
export function toConversationMessages(input: unknown, where: string): ConversationMessage[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw new InvalidInputError(
      `${where}: messages must be a non-empty array of {role, content} or LangChain messages`,
    );
  }
  return input.map((message, i) => {
    if (typeof message !== 'object' || message === null) {
      throw new InvalidInputError(`${where}: message #${i + 1} must be an object`);
    }
    const m = message as {
      role?: unknown;
      content?: unknown;
      name?: unknown;
      _getType?: () => string;
      getType?: () => string;
    };
    const rawRole =
      typeof m.role === 'string' ? m.role : typeof m.getType === 'function' ? m.getType() : m._getType?.();
    const roleName = String(rawRole ?? '').toLowerCase();
    const role = Object.hasOwn(ROLES, roleName) ? ROLES[roleName] : undefined;
    if (!role)
      throw new InvalidInputError(
        `${where}: message #${i + 1} has an unknown role ${JSON.stringify(rawRole)}`,
      );
    const content = textOf(m.content);
    if (content === undefined) {
      throw new InvalidInputError(`${where}: message #${i + 1} has no text content`);
    }
    // Kept as sent; a blank name is no name.
    const name = typeof m.name === 'string' && m.name.trim().length > 0 ? m.name : undefined;
    return name ? { role, content, name } : { role, content };
  });
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content
      .map((part) => (typeof part === 'string' ? part : (part as { text?: unknown })?.text))
      .filter((text): text is string => typeof text === 'string');
    return parts.join('\n');
  }
  return undefined;
}
