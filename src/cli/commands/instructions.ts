import type { Command } from 'commander';
import { type CliIo, UsageError, withMemory, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/**
 * `kgmem instructions --agent a [--user u]` (the current text), `--versions` (every version),
 * and `kgmem instructions "text" --agent a [--user u] --reason r` (a new version).
 */
export function registerInstructions(program: Command, io: CliIo): void {
  program
    .command('instructions')
    .description("an agent's learned instructions: print them, list their versions, or write a new version")
    .argument('[text]', 'a new version of the instructions (omit to print the current one)')
    .option('--agent <id>', 'the agent they are for')
    .option('-u, --user <id>', "this user's own instructions (default: the agent's for every user)")
    .option('--reason <why>', 'why this version was written')
    .option('--versions', 'list every version, oldest first')
    .option('--json', 'print JSON')
    .action(async (text: string | undefined, options, command: Command) => {
      if (!options.agent) throw new UsageError('this command needs --agent <id> (whose instructions)');
      const scope = options.user ? { userId: String(options.user) } : {};
      const whose = `${options.agent}${options.user ? ` for ${options.user}` : ''}`;
      if (text !== undefined) {
        if (options.versions) throw new UsageError('give either a new text or --versions, not both');
        await withMemory(command, async (memory) => {
          const saved = await memory.setInstructions(options.agent, text, {
            ...scope,
            ...(options.reason ? { reason: options.reason } : {}),
          });
          io.out(options.json ? toJson(saved) : `saved version ${saved.version} of ${whose}'s instructions`);
        });
        return;
      }
      await withReader(command, async (memory) => {
        const versions = await memory.instructionVersions(options.agent, scope);
        if (options.json) {
          io.out(toJson(options.versions ? versions : (versions.at(-1) ?? null)));
          return;
        }
        if (versions.length === 0) {
          io.out(
            `no instructions for ${whose} yet (write some: kgmem instructions "…" --agent ${options.agent})`,
          );
          return;
        }
        if (options.versions) {
          io.out(
            formatTable(
              ['version', 'at', 'reason', 'text'],
              versions.map((v) => ({ ...v })),
            ),
          );
          return;
        }
        const current = versions.at(-1);
        io.out(
          `${current?.text}\n(version ${current?.version} of ${versions.length}, ${current?.at}${current?.reason ? `: ${current.reason}` : ''})`,
        );
      });
    });
}
