import type { Command } from 'commander';
import { type CliIo, intOption, requireKnownUser, requireUser, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/** `kgmem entities --user u` and `kgmem users`. */
export function registerEntities(program: Command, io: CliIo): void {
  program
    .command('entities')
    .description("list a user's entities, most mentioned first")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--limit <n>', 'at most this many', '1000')
    .option('--json', 'print JSON')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const entities = await memory.entities(userId, { limit: intOption(options.limit, '--limit', 1000) });
        io.out(
          options.json
            ? toJson(entities)
            : formatTable(
                ['name', 'type', 'mentions', 'aliases', 'uid'],
                entities.map((e) => ({ ...e, aliases: e.aliases.join(', ') })),
              ),
        );
      });
    });

  program
    .command('users')
    .description('list every user with a memory')
    .option('--json', 'print JSON')
    .action(async (options, command: Command) => {
      await withReader(command, async (memory) => {
        const users = await memory.users();
        if (options.json) {
          io.out(toJson(users));
          return;
        }
        const rows = [];
        for (const id of users) rows.push({ user: id, ...(await memory.stats(id)) });
        io.out(formatTable(['user', 'entities', 'facts', 'currentFacts'], rows));
      });
    });
}
