import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { type CliIo, requireKnownUser, requireUser, withReader } from '../context.js';
import { toJson } from '../table.js';

/**
 * `kgmem export --user u [--out file]`: a backup of one user's whole memory (entities, facts with
 * their history and provenance, every stored turn) in the versioned `kgmem-export/2` format,
 * which `kgmem import` restores exactly.
 */
export function registerExport(program: Command, io: CliIo): void {
  program
    .command('export')
    .description("back up a user's whole memory (entities, facts with history, turns) as JSON")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const document = await memory.exportUser(userId);
        const text = toJson(document);
        if (options.out) {
          writeFileSync(options.out, `${text}\n`);
          io.err(
            `exported ${document.counts.entities} entities, ${document.counts.facts} facts and ${document.counts.episodes} turns of user "${userId}" to ${options.out}`,
          );
        } else {
          io.out(text);
        }
      });
    });
}
