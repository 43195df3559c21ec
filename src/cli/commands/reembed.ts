import type { Command } from 'commander';
import { type CliIo, findDataDir, UsageError, withLocalMemory } from '../context.js';

/**
 * `kgmem reembed`: embeds every user's entities, facts and turns again with the configured
 * embedder and records it, after a switch of embedding model (the database refuses to open with
 * another embedder until then).
 */
export function registerReembed(program: Command, io: CliIo): void {
  program
    .command('reembed')
    .description('embed everything again with the configured embedder (after changing the embedding model)')
    .action(async (_options, command: Command) => {
      const { dir, found } = findDataDir(command);
      if (!found && process.env.KGMEM_STORE?.toLowerCase() !== 'neo4j')
        throw new UsageError(`there is no kgmem database at ${dir} to re-embed`);
      await withLocalMemory(
        command,
        async (memory) => {
          io.out(`re-embedding with ${memory.embedder.description}`);
          const total = await memory.reembed((userId, counts) => {
            io.out(
              `  ${userId}: ${counts.entities} entities, ${counts.facts} facts, ${counts.episodes} turns`,
            );
          });
          io.out(
            `done: ${total.users} users, ${total.entities} entities, ${total.facts} facts, ${total.episodes} turns; ` +
              'the database now opens with this embedder',
          );
        },
        { reembedding: true },
      );
    });
}
