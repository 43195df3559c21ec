import type { BaseMessage } from '@langchain/core/messages';

/** The role of a LangChain message: `human`, `ai`, `system`, `tool`, … */
export function roleOf(message: BaseMessage): string {
  return message.getType();
}

/** The plain text of a message (text parts of multi-part content joined). */
export function textOf(message: BaseMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content
    .map((part) =>
      typeof part === 'string' ? part : part.type === 'text' && 'text' in part ? String(part.text) : '',
    )
    .join(' ')
    .trim();
}

/** Whether an AI message asks for tools. */
export function hasToolCalls(message: BaseMessage | undefined): boolean {
  const calls = (message as { tool_calls?: unknown[] } | undefined)?.tool_calls;
  return Array.isArray(calls) && calls.length > 0;
}

/**
 * The last turn of a conversation: the latest user message and what the assistant said after
 * it, without tool traffic (tool calls and results are not conversation).
 */
export function lastTurn(messages: readonly BaseMessage[]): BaseMessage[] {
  let start = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (roleOf(messages[i] as BaseMessage) === 'human') {
      start = i;
      break;
    }
  }
  if (start < 0) return [];
  return messages.slice(start).filter((m) => {
    const role = roleOf(m);
    if (role === 'human') return textOf(m).length > 0;
    return role === 'ai' && textOf(m).length > 0;
  });
}

/**
 * The triples the model passed to `save_knowledge` during the last turn (since the latest user
 * message), as `{subject, predicate, object}`.
 */
export function savedTriples(
  messages: readonly BaseMessage[],
  toolName = 'save_knowledge',
): { subject: string; predicate: string; object: string }[] {
  let start = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (roleOf(messages[i] as BaseMessage) === 'human') {
      start = i;
      break;
    }
  }
  const triples: { subject: string; predicate: string; object: string }[] = [];
  for (const message of messages.slice(start)) {
    const calls = (message as { tool_calls?: { name?: string; args?: unknown }[] }).tool_calls ?? [];
    for (const call of calls) {
      if (call.name !== toolName) continue;
      const list = (call.args as { triples?: unknown } | undefined)?.triples;
      if (!Array.isArray(list)) continue;
      for (const t of list as Record<string, unknown>[]) {
        const object = t.object ?? t.object_;
        if (typeof t.subject === 'string' && typeof t.predicate === 'string' && typeof object === 'string') {
          triples.push({ subject: t.subject, predicate: t.predicate, object });
        }
      }
    }
  }
  return triples;
}
