import type { Command } from 'commander';
import { type CliIo, requireUser, withMemory } from '../context.js';
import { toJson } from '../table.js';

/** `kgmem add <subject> <predicate> <object> --user u`: remember one triple. */
export function registerAdd(program: Command, io: CliIo): void {
  program
    .command('add')
    .description('remember one fact: kgmem add I lives_in Paris --user alice')
    .argument('<subject>')
    .argument('<predicate>')
    .argument('<object>')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--at <date>', 'when the fact became true (ISO 8601), default now')
    .option('--source <name>', 'provenance recorded on the fact', 'cli')
    .option('--json', 'print the result as JSON')
    .action(async (subject: string, predicate: string, object: string, options, command: Command) => {
      const userId = requireUser(options);
      await withMemory(command, async (memory) => {
        const result = await memory.addTriples(userId, [{ subject, predicate, object }], {
          source: options.source,
          ...(options.at ? { at: options.at } : {}),
        });
        if (options.json) {
          io.out(toJson(result));
          return;
        }
        const what =
          result.added > 0 ? 'added' : result.updated > 0 ? 'already known (mention counted)' : 'unchanged';
        const closed = result.invalidated > 0 ? `; closed ${result.invalidated} previous fact(s)` : '';
        io.out(`${what}: ${subject} ${predicate} ${object}${closed} [fact ${result.factUids[0] ?? '?'}]`);
      });
    });
}
