import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { type CliIo, requireKnownUser, requireUser, withReader } from '../context.js';
import { toJson } from '../table.js';

/** `kgmem export --user u [--out file]`: the whole memory of a user, history included, as JSON. */
export function registerExport(program: Command, io: CliIo): void {
  program
    .command('export')
    .description("export a user's entities and facts (with history) as JSON")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const entities = await memory.entities(userId);
        const facts = await memory.facts(userId, { includeHistory: true, limit: 1_000_000 });
        const document = toJson({
          format: 'kgmem-export/1',
          userId,
          exportedAt: new Date().toISOString(),
          entities,
          facts,
        });
        if (options.out) {
          writeFileSync(options.out, `${document}\n`);
          io.err(`exported ${entities.length} entities and ${facts.length} facts to ${options.out}`);
        } else {
          io.out(document);
        }
      });
    });
}
