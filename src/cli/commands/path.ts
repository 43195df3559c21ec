import type { Command } from 'commander';
import { type CliIo, intOption, requireKnownUser, requireUser, UsageError, withReader } from '../context.js';
import { toJson } from '../table.js';

/** `kgmem path <from> <to> --user u`: the shortest chain of facts linking two entities. */
export function registerPath(program: Command, io: CliIo): void {
  program
    .command('path')
    .description('find the shortest chain of facts linking two entities (names or uids)')
    .argument('<from>')
    .argument('<to>')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--max-hops <n>', 'longest chain sought (1-10)', '6')
    .option('--as-of <date>', 'only facts true at this time')
    .option('--json', 'print {found, entities, facts} as JSON')
    .action(async (from: string, to: string, options, command: Command) => {
      const userId = requireUser(options);
      const maxHops = intOption(options.maxHops, '--max-hops', 6);
      if (maxHops < 1 || maxHops > 10)
        throw new UsageError(`--max-hops must be from 1 to 10 (got ${maxHops})`);
      if (options.asOf !== undefined && Number.isNaN(new Date(options.asOf).getTime()))
        throw new UsageError(`--as-of must be a date such as 2024-05-01 (got "${options.asOf}")`);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const path = await memory.path(userId, from, to, {
          maxHops,
          ...(options.asOf ? { asOf: options.asOf } : {}),
        });
        if (options.json) {
          io.out(toJson({ found: path !== null, ...(path ?? { entities: [], facts: [] }) }));
          return;
        }
        if (!path) {
          io.out(`No chain of at most ${maxHops} facts links "${from}" and "${to}" (user ${userId}).`);
          return;
        }
        io.out(
          `${path.facts.length} fact${path.facts.length === 1 ? '' : 's'} from ${path.entities[0]?.name} to ${path.entities.at(-1)?.name}:`,
        );
        path.facts.forEach((fact, i) => {
          io.out(`  ${i + 1}. ${fact.statement}  (${fact.uid})`);
        });
      });
    });
}
