import type { Command } from 'commander';
import { type CliIo, intOption, requireKnownUser, requireUser, UsageError, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

const STATUSES = ['pending', 'extracted', 'failed'] as const;

/** `kgmem episodes --user u [--status s] [--thread t]`: the turns a user's memory keeps. */
export function registerEpisodes(program: Command, io: CliIo): void {
  program
    .command('episodes')
    .description("list a user's stored conversation turns, newest first, with their extraction status")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--status <status>', 'only turns with this status: pending, extracted or failed')
    .option('--thread <id>', 'only turns of this thread')
    .option('--limit <n>', 'at most this many turns', '100')
    .option('--json', 'print the turns as JSON (messages as sent)')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      if (options.status !== undefined && !STATUSES.includes(options.status))
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')} (got "${options.status}")`);
      const limit = intOption(options.limit, '--limit', 100);
      if (limit < 1) throw new UsageError('--limit must be at least 1');
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const episodes = await memory.listEpisodes(userId, {
          limit,
          ...(options.status ? { status: options.status } : {}),
          ...(options.thread ? { threadId: options.thread } : {}),
        });
        if (options.json) {
          io.out(toJson(episodes));
          return;
        }
        if (episodes.length === 0) {
          io.out(
            `No stored turns for user ${userId}${options.status || options.thread ? ' with these filters' : ''}.`,
          );
          return;
        }
        io.out(
          formatTable(
            ['at', 'thread', 'status', 'text', 'uid'],
            episodes.map((e) => ({
              at: new Date(e.at).toISOString().slice(0, 19),
              thread: e.threadId,
              status: e.error ? `${e.status}: ${e.error}` : e.status,
              text: e.messages.map((m) => `${m.role}: ${m.content}`).join(' / '),
              uid: e.uid,
            })),
          ),
        );
      });
    });
}
