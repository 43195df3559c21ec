import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidInputError } from '../../model/errors.js';
import { profileRows } from '../../profile/format.js';
import type { ProfileSchema } from '../../profile/schema.js';
import { type CliIo, requireKnownUser, requireUser, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/** `kgmem profile --user u [--as-of date] [--schema file.json] [--json]`. */
export function registerProfile(program: Command, io: CliIo): void {
  program
    .command('profile')
    .description("a user's profile: home, work, people, tastes, health… from the facts that hold now")
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--as-of <date>', 'the profile as it was at this time')
    .option(
      '--schema <file>',
      'a profile schema of your own (JSON: {"home": "lives_in", "allergies": ["is_allergic_to"]})',
    )
    .option('--json', 'print JSON (every value with its fact uid and the turns that said it)')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      const schema = options.schema ? readSchema(options.schema) : undefined;
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const profile = await memory.profile(userId, {
          ...(options.asOf ? { asOf: options.asOf } : {}),
          ...(schema ? { schema } : {}),
        });
        if (options.json) {
          io.out(toJson(profile));
          return;
        }
        const rows = profileRows(profile);
        if (rows.length === 0) {
          io.out(`nothing in ${userId}'s profile yet${profile.asOf ? ` as of ${profile.asOf}` : ''}`);
          return;
        }
        io.out(
          formatTable(
            ['field', 'value', 'since', 'about', 'source', 'fact'],
            rows.map((r) => ({ ...r })),
          ),
        );
      });
    });
}

function readSchema(file: string): ProfileSchema {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InvalidInputError(`--schema: cannot read ${file} (${(error as Error).message})`);
  }
  try {
    return JSON.parse(text) as ProfileSchema;
  } catch (error) {
    throw new InvalidInputError(`--schema: ${file} is not JSON (${(error as Error).message})`);
  }
}
