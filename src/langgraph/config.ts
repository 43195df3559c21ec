import type { RunnableConfig } from '@langchain/core/runnables';
import { checkUserId } from '../model/validate.js';

/**
 * The memory scope of a run: `config.configurable.user_id`, as in LangGraph's memory examples.
 *
 * @throws Error naming the tool or node and how to pass it, when missing or empty
 */
export function userIdFrom(config: RunnableConfig | undefined, where: string): string {
  const userId = config?.configurable?.user_id;
  if (typeof userId !== 'string' || userId.trim().length === 0) {
    throw new Error(
      `${where} needs a user id: invoke with { configurable: { user_id: "<user>", thread_id: "<thread>" } }`,
    );
  }
  // Exact, as everywhere: "alice " is refused, never read as "alice".
  return checkUserId(userId, `${where} (configurable.user_id)`);
}

/** The conversation of a run (`config.configurable.thread_id`), or `undefined`. */
export function threadIdFrom(config: RunnableConfig | undefined): string | undefined {
  const threadId = config?.configurable?.thread_id;
  return typeof threadId === 'string' && threadId.length > 0 ? threadId : undefined;
}
