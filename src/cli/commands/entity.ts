import type { Command } from 'commander';
import { isoDay } from '../../model/present.js';
import { type CliIo, intOption, requireKnownUser, requireUser, UsageError, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/** `kgmem entity <name or uid> --user u`: one entity with every fact touching it. */
export function registerEntity(program: Command, io: CliIo): void {
  program
    .command('entity')
    .description('show one entity (by name or uid) with every fact touching it, closed ones included')
    .argument('<name>', "the entity's name, an alias, or its uid")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--fact-limit <n>', 'at most this many facts', '500')
    .option('--json', 'print {entity, outgoing, incoming, episodes, truncated} as JSON')
    .action(async (name: string, options, command: Command) => {
      const userId = requireUser(options);
      const factLimit = intOption(options.factLimit, '--fact-limit', 500);
      if (factLimit < 1) throw new UsageError('--fact-limit must be at least 1');
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const details = await memory.entity(userId, name, { factLimit });
        if (options.json) {
          io.out(toJson(details));
          return;
        }
        const { entity } = details;
        io.out(`${entity.name}${entity.type ? ` (${entity.type})` : ''}  uid ${entity.uid}`);
        if (entity.aliases.length > 0) io.out(`also called: ${entity.aliases.join(', ')}`);
        io.out(`mentioned ${entity.mentions} times, first ${isoDay(entity.createdAt)}`);
        const facts = [...details.outgoing, ...details.incoming];
        io.out('');
        io.out(
          formatTable(
            ['statement', 'status', 'validFrom', 'validTo', 'uid'],
            facts.map((f) => ({
              statement: f.statement,
              status: f.validTo ? 'closed' : 'current',
              validFrom: isoDay(f.validFrom),
              validTo: f.validTo ? isoDay(f.validTo) : '',
              uid: f.uid,
            })),
          ),
        );
        if (details.truncated) io.out(`(more facts than ${factLimit}: raise --fact-limit to see them)`);
      });
    });
}
