import type { Command } from 'commander';
import { type CliIo, requireUser, UsageError, withMemory } from '../context.js';
import { toJson } from '../table.js';

/**
 * `kgmem correct --user u (--fact uid | --subject s --predicate p) --object o`: a fact's value
 * changed (`--kind change`, the default: the old one held until now or `--at`) or was wrong
 * (`--kind correction`: the old one never held). The old fact is closed, never deleted.
 */
export function registerCorrect(program: Command, io: CliIo): void {
  program
    .command('correct')
    .description('change or correct the value of a fact (the old one is kept as history)')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--fact <uid>', 'the fact to correct (kgmem facts lists uids)')
    .option('--subject <name>', 'with --predicate: the current fact of this subject')
    .option('--predicate <p>', 'with --subject: the current fact with this predicate')
    .option('--object <value>', 'the right value')
    .option('--new-predicate <p>', 'the right predicate, when that changes too')
    .option('--kind <kind>', 'change (it held until now) or correction (it never held)', 'change')
    .option('--at <date>', 'with --kind change: when the new value holds from (default: now)')
    .option('--json', 'print {closed, factUid} as JSON')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      const byUid = options.fact !== undefined;
      const bySubject = options.subject !== undefined || options.predicate !== undefined;
      if (byUid === bySubject)
        throw new UsageError(
          'correct needs either --fact <uid> or both --subject <name> and --predicate <p>',
        );
      if (bySubject && (!options.subject || !options.predicate))
        throw new UsageError('--subject and --predicate go together: give both, or --fact <uid>');
      if (!options.object) throw new UsageError('correct needs --object <value>: the right value');
      if (options.kind !== 'change' && options.kind !== 'correction')
        throw new UsageError(`--kind must be "change" or "correction" (got "${options.kind}")`);
      if (options.kind === 'correction' && options.at !== undefined)
        throw new UsageError('--at is for a change; a correction holds from when the old value did');
      if (options.at !== undefined && Number.isNaN(new Date(options.at).getTime()))
        throw new UsageError(`--at must be a date such as 2024-05-01 (got "${options.at}")`);
      await withMemory(command, async (memory) => {
        const result = await memory.updateFact(
          userId,
          byUid ? { uid: options.fact } : { subject: options.subject, predicate: options.predicate },
          {
            object: options.object,
            kind: options.kind,
            source: 'cli',
            ...(options.newPredicate ? { predicate: options.newPredicate } : {}),
            ...(options.at ? { at: options.at } : {}),
          },
        );
        if (options.json) {
          io.out(toJson(result));
          return;
        }
        io.out(
          `${options.kind === 'correction' ? 'corrected' : 'changed'}: fact ${result.closed} is closed, ${result.factUid} holds now`,
        );
      });
    });
}
