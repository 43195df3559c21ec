import type { Command } from 'commander';
import { type CliIo, intOption, requireKnownUser, requireUser, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/** `kgmem facts --user u [--entity e] [--predicate p] [--history]`. */
export function registerFacts(program: Command, io: CliIo): void {
  program
    .command('facts')
    .description("list a user's facts (current ones unless --history)")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--entity <name>', 'only facts touching this entity')
    .option('--predicate <p>', 'only this predicate')
    .option('--history', 'include closed (contradicted) facts')
    .option('--as-of <date>', 'facts valid at this time')
    .option('--limit <n>', 'at most this many facts', '1000')
    .option('--json', 'print JSON')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const facts = await memory.facts(userId, {
          includeHistory: Boolean(options.history),
          limit: intOption(options.limit, '--limit', 1000),
          ...(options.entity ? { entity: options.entity } : {}),
          ...(options.predicate ? { predicate: options.predicate } : {}),
          ...(options.asOf ? { asOf: options.asOf } : {}),
        });
        if (options.json) {
          io.out(toJson(facts));
          return;
        }
        io.out(
          formatTable(
            ['statement', 'status', 'validFrom', 'validTo', 'mentions', 'uid'],
            facts.map((f) => ({
              ...f,
              status: f.validTo ? 'closed' : 'current',
              validFrom: f.validFrom.toISOString().slice(0, 19),
              validTo: f.validTo ? f.validTo.toISOString().slice(0, 19) : '',
            })),
          ),
        );
      });
    });
}
