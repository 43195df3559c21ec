import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import type { ConversationMessage } from '../../extract/base.js';
import { type CliIo, requireUser, UsageError, withMemory } from '../context.js';
import { toJson } from '../table.js';

/**
 * Reads a conversation: JSON lines of `{role, content}`, or plain text lines (each a user
 * message). Splits it into turns: a user message and the replies after it.
 */
export function parseConversation(text: string): ConversationMessage[][] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  const messages: ConversationMessage[] = lines.map((line, i) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) return { role: 'user', content: trimmed };
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new UsageError(`line ${i + 1}: not valid JSON (expected {"role", "content"} or plain text)`);
    }
    const { role, content } = parsed as { role?: unknown; content?: unknown };
    if (
      !['user', 'assistant', 'system', 'human', 'ai'].includes(String(role)) ||
      typeof content !== 'string'
    ) {
      throw new UsageError(`line ${i + 1}: expected {"role": "user"|"assistant"|"system", "content": "…"}`);
    }
    const normalized =
      role === 'human' ? 'user' : role === 'ai' ? 'assistant' : (role as ConversationMessage['role']);
    return { role: normalized, content };
  });
  const turns: ConversationMessage[][] = [];
  for (const message of messages) {
    const current = turns.at(-1);
    if (message.role === 'user' || !current) turns.push([message]);
    else current.push(message);
  }
  return turns;
}

/**
 * What `kgmem remember <argument>` remembers: standard input for `-`, a file that exists, the
 * argument itself as what the user said ("I moved to Lisbon"). An argument that looks like a
 * file name (a conversation file's extension, or a path without spaces) but names no file is
 * an error saying so, not a sentence to remember.
 */
export function conversationText(argument: string): string {
  if (argument === '-') return readFileSync(0, 'utf8');
  if (existsSync(argument) && statSync(argument).isFile()) return readFileSync(argument, 'utf8');
  const looksLikeFile =
    /\.(jsonl|json|txt|md|log|csv)$/i.test(argument.trim()) ||
    (/[/\\]/.test(argument) && !/\s/.test(argument.trim()));
  if (looksLikeFile)
    throw new UsageError(
      `no such file: ${argument} (to remember text, write it in quotes: kgmem remember "…")`,
    );
  return argument;
}

/** `kgmem remember` and `kgmem reextract`. */
export function registerRemember(program: Command, io: CliIo): void {
  program
    .command('remember')
    .description(
      'remember what the user says ("I moved to Lisbon"), or a conversation file (JSONL of {role, content}, or plain lines as user messages; "-" for stdin)',
    )
    .argument('[text or file]', 'what the user says, a conversation file, or - for standard input', '-')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('-t, --thread <id>', 'conversation (thread) id', 'default')
    .option('--at <date>', 'when the conversation happened (ISO 8601), default now')
    .option('--json', 'print one result per turn as JSON')
    .action(async (file: string, options, command: Command) => {
      const userId = requireUser(options);
      const text = conversationText(file);
      const turns = parseConversation(text);
      if (turns.length === 0) throw new UsageError('the conversation is empty');
      await withMemory(command, async (memory) => {
        const results = [];
        for (const messages of turns) {
          results.push(
            await memory.remember({
              userId,
              threadId: options.thread,
              messages,
              ...(options.at ? { at: options.at } : {}),
            }),
          );
        }
        if (options.json) io.out(toJson(results));
        else {
          for (const [i, r] of results.entries()) {
            io.out(
              `turn ${i + 1}: ${r.status}` +
                (r.status === 'failed'
                  ? ` (${r.error})`
                  : `: ${r.added} new, ${r.updated} known, ${r.invalidated} closed`),
            );
          }
        }
        const failed = results.filter((r) => r.status === 'failed').length;
        if (failed > 0) {
          throw new Error(
            `${failed} turn(s) failed to extract; they are kept, run: kgmem reextract --user ${userId}`,
          );
        }
      });
    });

  program
    .command('reextract')
    .description('extract again the episodes whose extraction failed (and interrupted ones)')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--failed', 'only episodes marked failed (not interrupted pending ones)')
    .option('--json', 'print the results as JSON')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withMemory(command, async (memory) => {
        const results = await memory.reextract(userId, { failedOnly: Boolean(options.failed) });
        if (options.json) io.out(toJson(results));
        else if (results.length === 0) io.out(`no episode of user "${userId}" needs extraction`);
        else {
          for (const r of results) {
            io.out(
              `${r.episodeUid}: ${r.status}` +
                (r.status === 'failed'
                  ? ` (${r.error})`
                  : `: ${r.added} new, ${r.updated} known, ${r.invalidated} closed`),
            );
          }
        }
        const failed = results.filter((r) => r.status === 'failed').length;
        if (failed > 0)
          throw new Error(`${failed} episode(s) still failed; they are kept for a later reextract`);
      });
    });
}
