import type { Command } from 'commander';
import { type CliIo, UsageError, withMemory } from '../context.js';

/**
 * `kgmem mcp`: an MCP server over stdio for one memory user (`--user` or `KGMEM_USER`), or for
 * the user each call names with `--multi-user`. Messages go to stderr; stdout is the protocol.
 */
export function registerMcp(program: Command, io: CliIo): void {
  program
    .command('mcp')
    .description(
      'serve this memory to an MCP client over stdio (for streamable HTTP, kgmem serve answers at /mcp)',
    )
    .option('--user <id>', 'the memory user every tool acts for (env KGMEM_USER)')
    .option(
      '--multi-user',
      'tools take a user_id argument instead (only for a client you trust with every user)',
    )
    .option(
      '--allow-cypher',
      "offer explore: the ready-made analyst queries over this user's memory (raw Cypher is never offered to MCP clients)",
    )
    .option('--read-only', 'offer only the tools that read memory')
    .action(async (options, command: Command) => {
      const user: string | undefined = options.user ?? process.env.KGMEM_USER ?? undefined;
      const multiUser = options.multiUser === true;
      if (user === undefined && !multiUser) {
        throw new UsageError(
          'kgmem mcp needs --user <id> (or KGMEM_USER), or --multi-user to let the client name the user',
        );
      }
      if (user !== undefined && multiUser) {
        throw new UsageError('give --user or --multi-user, not both');
      }
      if (multiUser && options.allowCypher) {
        throw new UsageError(
          "--allow-cypher cannot be combined with --multi-user: a multi-user client names any user, and Cypher would reach every user's memory. Serve one user (--user <id>) to offer the ready-made queries.",
        );
      }
      // The MCP SDK loads only for this command.
      const { serveMcpOverStdio } = await import('../../mcp/stdio.js');
      await withMemory(command, async (memory) => {
        const { backend } = await memory.describe();
        io.err(
          `kgmem mcp: serving ${multiUser ? 'every user (user_id per call)' : `user "${user}"`} over stdio (${backend})`,
        );
        await serveMcpOverStdio({
          memory,
          ...(user !== undefined ? { user } : {}),
          multiUser,
          allowCypher: options.allowCypher === true,
          allowWrites: options.readOnly !== true,
        });
      });
    });
}
