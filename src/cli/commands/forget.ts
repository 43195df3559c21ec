import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { type CliIo, requireUser, UsageError, withMemory } from '../context.js';

/** `kgmem forget --user u (--fact uid | --entity name | --all) [--keep-turns]`. */
export function registerForget(program: Command, io: CliIo): void {
  program
    .command('forget')
    .description('delete one fact, one entity (with its facts) or a whole user')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--fact <uid>', 'delete this fact')
    .option('--entity <name>', 'delete this entity and every fact touching it')
    .option('--all', 'delete everything of this user (asks first unless --yes)')
    .option(
      '--keep-turns',
      'keep the stored turns as they were said (by default the sentences naming what is forgotten go, and a turn with nothing else left)',
    )
    .option('-y, --yes', 'do not ask before --all')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      const chosen = [options.fact, options.entity, options.all].filter((v) => v !== undefined).length;
      if (chosen !== 1)
        throw new UsageError('forget needs exactly one of --fact <uid>, --entity <name> or --all');
      if (options.all && !options.yes) {
        if (!process.stdin.isTTY) {
          throw new UsageError(
            `forget --all deletes every memory of user "${userId}" and cannot be undone; without a terminal to ask, add --yes`,
          );
        }
        if (!(await confirm(`Delete every memory of user "${userId}"? This cannot be undone. [y/N] `))) {
          io.out('nothing forgotten');
          return;
        }
      }
      if (options.all && options.keepTurns)
        throw new UsageError('forget --all deletes the turns too; --keep-turns goes with --fact or --entity');
      const keepTurns = options.keepTurns === true;
      await withMemory(command, async (memory) => {
        const result = options.fact
          ? await memory.forget({ userId, factUid: options.fact, keepTurns })
          : options.entity
            ? await memory.forget({ userId, entity: options.entity, keepTurns })
            : await memory.forget({ userId, all: true });
        const what = options.fact
          ? `fact ${options.fact}`
          : options.entity
            ? `entity "${options.entity}"`
            : 'all memories';
        if (!result.deleted) throw new Error(`nothing to forget: user "${userId}" has no ${what}`);
        io.out(`forgot ${what} of user "${userId}"`);
      });
    });
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
